import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/list-paynow` */
export const adminListPaynow = (body: BodyOf<typeof wallet.adminListPaynow>) => callApi(wallet.adminListPaynow, body);

export const PENDING_PAYNOW_KEY = ["admin", "paynow"] as const;

/** The deposit reports waiting for a decision, of the last 30 days. */
export const pendingPaynowQuery = queryOptions({ queryKey: PENDING_PAYNOW_KEY, queryFn: () => adminListPaynow({ status: "Pending", dayperiod: 30 }) });
