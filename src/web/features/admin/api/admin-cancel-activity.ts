import { lottery } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/cancel-activity` */
export const cancelActivity = (body: BodyOf<typeof lottery.cancelActivity>) => callApi(lottery.cancelActivity, body);
