import { rg } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/rg/audit` */
export const adminRgAudit = (body: BodyOf<typeof rg.adminRgAudit>) => callApi(rg.adminRgAudit, body);
