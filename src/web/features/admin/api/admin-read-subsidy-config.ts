import { queryOptions } from "@tanstack/react-query";
import { referral } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const SUBSIDY_CONFIG_KEY = ["admin-subsidy-config"] as const;

export const subsidyConfigQuery = queryOptions({
  queryKey: SUBSIDY_CONFIG_KEY,
  queryFn: () => callApi(referral.adminReadSubsidyConfig, {}),
});
