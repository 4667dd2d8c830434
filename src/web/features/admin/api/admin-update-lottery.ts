import { lottery } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/update-lottery` */
export const adminUpdateLottery = (body: BodyOf<typeof lottery.adminUpdateLottery>) => callApi(lottery.adminUpdateLottery, body);
