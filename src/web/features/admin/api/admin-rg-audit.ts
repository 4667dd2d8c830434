import { queryOptions } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/rg/audit` */
export const adminRgAudit = (body: BodyOf<typeof rg.adminRgAudit>) => callApi(rg.adminRgAudit, body);

export const rgAuditKey = (uuid: string) => ["admin-rg-audit", uuid] as const;

/** One player's responsible-play history. */
export const rgAuditQuery = (uuid: string) => queryOptions({ queryKey: rgAuditKey(uuid), queryFn: () => adminRgAudit({ uuid }) });
