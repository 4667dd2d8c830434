import { queryOptions } from "@tanstack/react-query";
import { referral } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/read-subsidy-config` */
export const adminReadSubsidyConfig = (body: BodyOf<typeof referral.adminReadSubsidyConfig>) => callApi(referral.adminReadSubsidyConfig, body);

export const SUBSIDY_CONFIG_KEY = ["admin-subsidy-config"] as const;

export const subsidyConfigQuery = queryOptions({ queryKey: SUBSIDY_CONFIG_KEY, queryFn: () => adminReadSubsidyConfig({}) });
