import { lottery } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/close-activity` */
export const closeActivity = (body: BodyOf<typeof lottery.closeActivity>) => callApi(lottery.closeActivity, body);
