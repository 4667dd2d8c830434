import type { QueryClient } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { PENDING_WITHDRAWALS_KEY } from "./admin-list-withdrawal";

/** `/api/admin/approve-withdrawal` */
export const adminApproveWithdrawal = (body: BodyOf<typeof wallet.adminApproveWithdrawal>) => callApi(wallet.adminApproveWithdrawal, body);

/** Decided or refused (another operator may have been first): the waiting list is read again. */
export const afterApproveWithdrawal = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: PENDING_WITHDRAWALS_KEY });
