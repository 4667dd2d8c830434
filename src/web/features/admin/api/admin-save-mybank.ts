import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/save-mybank` */
export const adminSaveMyBank = (body: BodyOf<typeof wallet.adminSaveMyBank>) => callApi(wallet.adminSaveMyBank, body);
