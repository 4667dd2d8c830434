import { yeekee } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/save-yeekee-config` */
export const adminSaveYeekeeConfig = (body: BodyOf<typeof yeekee.adminSaveYeekeeConfig>) => callApi(yeekee.adminSaveYeekeeConfig, body);
