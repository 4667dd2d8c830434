import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin-get-log` */
export const adminGetLog = (body: BodyOf<typeof wallet.adminGetLog>) => callApi(wallet.adminGetLog, body);
