import { points } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin-read-PrivilegeConfig` */
export const adminReadPrivilegeConfig = (body: BodyOf<typeof points.adminReadPrivilegeConfig>) => callApi(points.adminReadPrivilegeConfig, body);
