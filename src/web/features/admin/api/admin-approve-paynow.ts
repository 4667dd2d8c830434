import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/approve-paynow` */
export const adminApprovePaynow = (body: BodyOf<typeof wallet.adminApprovePaynow>) => callApi(wallet.adminApprovePaynow, body);
