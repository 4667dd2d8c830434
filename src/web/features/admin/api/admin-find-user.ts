import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/find-user` */
export const adminFindUser = (body: BodyOf<typeof wallet.adminFindUser>) => callApi(wallet.adminFindUser, body);
