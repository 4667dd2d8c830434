import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/list-withdrawal` */
export const adminListWithdrawal = (body: BodyOf<typeof wallet.adminListWithdrawal>) => callApi(wallet.adminListWithdrawal, body);
