import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/list-withdrawal` */
export const adminListWithdrawal = (body: BodyOf<typeof wallet.adminListWithdrawal>) => callApi(wallet.adminListWithdrawal, body);

export const PENDING_WITHDRAWALS_KEY = ["admin", "withdrawals"] as const;

/** The withdrawals waiting for a decision, of the last 30 days. */
export const pendingWithdrawalsQuery = queryOptions({ queryKey: PENDING_WITHDRAWALS_KEY, queryFn: () => adminListWithdrawal({ status: "Pending", dayperiod: 30 }) });
