import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/paynow-slip` */
export const adminPaynowSlip = (body: BodyOf<typeof wallet.adminPaynowSlip>) => callApi(wallet.adminPaynowSlip, body);
