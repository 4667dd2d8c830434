import { queryOptions } from "@tanstack/react-query";
import { points } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin-read-PrivilegeConfig` */
export const adminReadPrivilegeConfig = (body: BodyOf<typeof points.adminReadPrivilegeConfig>) => callApi(points.adminReadPrivilegeConfig, body);

export const PRIVILEGE_CONFIG_KEY = ["admin-privilege-config"] as const;

export const privilegeConfigQuery = queryOptions({ queryKey: PRIVILEGE_CONFIG_KEY, queryFn: () => adminReadPrivilegeConfig({}) });
