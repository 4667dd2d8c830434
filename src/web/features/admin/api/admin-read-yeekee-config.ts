import { queryOptions } from "@tanstack/react-query";
import { yeekee } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const YEEKEE_CONFIG_KEY = ["admin", "yeekee-config"] as const;

export const yeekeeConfigQuery = queryOptions({ queryKey: YEEKEE_CONFIG_KEY, queryFn: () => callApi(yeekee.adminReadYeekeeConfig, {}) });
