import { lottery } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/rounds` */
export const adminRounds = (body: BodyOf<typeof lottery.adminRounds>) => callApi(lottery.adminRounds, body);
