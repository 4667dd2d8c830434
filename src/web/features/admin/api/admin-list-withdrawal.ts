import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const PENDING_WITHDRAWALS_KEY = ["admin", "withdrawals"] as const;

/** `/api/admin/list-withdrawal`: the withdrawals waiting for a decision, of the last 30 days. */
export const pendingWithdrawalsQuery = queryOptions({
  queryKey: PENDING_WITHDRAWALS_KEY,
  queryFn: () => callApi(wallet.adminListWithdrawal, { status: "Pending", dayperiod: 30 }),
});
