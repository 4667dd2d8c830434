import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const PENDING_PAYNOW_KEY = ["admin", "paynow"] as const;

/** `/api/admin/list-paynow`: the deposit reports waiting for a decision, of the last 30 days. */
export const pendingPaynowQuery = queryOptions({
  queryKey: PENDING_PAYNOW_KEY,
  queryFn: () => callApi(wallet.adminListPaynow, { status: "Pending", dayperiod: 30 }),
});
