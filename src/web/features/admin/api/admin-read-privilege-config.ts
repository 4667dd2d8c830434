import { queryOptions } from "@tanstack/react-query";
import { points } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const PRIVILEGE_CONFIG_KEY = ["admin-privilege-config"] as const;

export const privilegeConfigQuery = queryOptions({
  queryKey: PRIVILEGE_CONFIG_KEY,
  queryFn: () => callApi(points.adminReadPrivilegeConfig, {}),
});
