import { rg } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/rg/lower-limit` */
export const adminLowerLimit = (body: BodyOf<typeof rg.adminLowerLimit>) => callApi(rg.adminLowerLimit, body);
