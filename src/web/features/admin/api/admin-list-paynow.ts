import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/list-paynow` */
export const adminListPaynow = (body: BodyOf<typeof wallet.adminListPaynow>) => callApi(wallet.adminListPaynow, body);
