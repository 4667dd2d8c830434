import { referral } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/save-subsidy-config` */
export const adminSaveSubsidyConfig = (body: BodyOf<typeof referral.adminSaveSubsidyConfig>) => callApi(referral.adminSaveSubsidyConfig, body);
