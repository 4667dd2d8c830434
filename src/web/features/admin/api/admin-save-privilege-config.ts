import type { QueryClient } from "@tanstack/react-query";
import { points } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { PRIVILEGE_CONFIG_KEY } from "./admin-read-privilege-config";

/** `/api/admin/save-privilege-config` */
export const adminSavePrivilegeConfig = (body: BodyOf<typeof points.adminSavePrivilegeConfig>) =>
  callApi(points.adminSavePrivilegeConfig, body);

/** After a save the settings are read again. */
export const afterSavePrivilegeConfig = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: PRIVILEGE_CONFIG_KEY });
