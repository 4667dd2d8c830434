import { queryOptions } from "@tanstack/react-query";
import { yeekee } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/read-yeekee-config` */
export const adminReadYeekeeConfig = (body: BodyOf<typeof yeekee.adminReadYeekeeConfig>) => callApi(yeekee.adminReadYeekeeConfig, body);

export const YEEKEE_CONFIG_KEY = ["admin", "yeekee-config"] as const;

export const yeekeeConfigQuery = queryOptions({ queryKey: YEEKEE_CONFIG_KEY, queryFn: () => adminReadYeekeeConfig({}) });
