import { queryOptions } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const rgAuditKey = (uuid: string) => ["admin-rg-audit", uuid] as const;

/** `/api/admin/rg/audit`: one player's responsible-play history. */
export const rgAuditQuery = (uuid: string) =>
  queryOptions({ queryKey: rgAuditKey(uuid), queryFn: () => callApi(rg.adminRgAudit, { uuid }) });
