import { lottery } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/lotteries` */
export const adminLotteries = (body: BodyOf<typeof lottery.adminLotteries>) => callApi(lottery.adminLotteries, body);
