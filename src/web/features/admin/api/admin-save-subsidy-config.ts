import type { QueryClient } from "@tanstack/react-query";
import { referral } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { SUBSIDY_CONFIG_KEY } from "./admin-read-subsidy-config";

/** `/api/admin/save-subsidy-config` */
export const adminSaveSubsidyConfig = (body: BodyOf<typeof referral.adminSaveSubsidyConfig>) =>
  callApi(referral.adminSaveSubsidyConfig, body);

/** After a save the rates are read again. */
export const afterSaveSubsidyConfig = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: SUBSIDY_CONFIG_KEY });
