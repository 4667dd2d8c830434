import { lottery } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/add-award` */
export const addAward = (body: BodyOf<typeof lottery.addAward>) => callApi(lottery.addAward, body);
