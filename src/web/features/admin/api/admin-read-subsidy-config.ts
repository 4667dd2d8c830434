import { referral } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/read-subsidy-config` */
export const adminReadSubsidyConfig = (body: BodyOf<typeof referral.adminReadSubsidyConfig>) => callApi(referral.adminReadSubsidyConfig, body);
