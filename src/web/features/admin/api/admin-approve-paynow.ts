import type { QueryClient } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { PENDING_PAYNOW_KEY } from "./admin-list-paynow";

/** `/api/admin/approve-paynow` */
export const adminApprovePaynow = (body: BodyOf<typeof wallet.adminApprovePaynow>) => callApi(wallet.adminApprovePaynow, body);

/** Decided or refused (another operator may have been first): the waiting list is read again. */
export const afterApprovePaynow = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: PENDING_PAYNOW_KEY });
