import { points } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/set-member-level` */
export const adminSetMemberLevel = (body: BodyOf<typeof points.adminSetMemberLevel>) => callApi(points.adminSetMemberLevel, body);
