import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/approve-withdrawal` */
export const adminApproveWithdrawal = (body: BodyOf<typeof wallet.adminApproveWithdrawal>) => callApi(wallet.adminApproveWithdrawal, body);
