import { points } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/save-privilege-config` */
export const adminSavePrivilegeConfig = (body: BodyOf<typeof points.adminSavePrivilegeConfig>) => callApi(points.adminSavePrivilegeConfig, body);
