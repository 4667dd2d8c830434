import { yeekee } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/read-yeekee-config` */
export const adminReadYeekeeConfig = (body: BodyOf<typeof yeekee.adminReadYeekeeConfig>) => callApi(yeekee.adminReadYeekeeConfig, body);
