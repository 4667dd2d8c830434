import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin-get-mybank` */
export const adminGetMyBank = (body: BodyOf<typeof wallet.adminGetMyBank>) => callApi(wallet.adminGetMyBank, body);
