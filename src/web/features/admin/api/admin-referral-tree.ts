import { referral } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/referral-tree` */
export const adminReferralTree = (body: BodyOf<typeof referral.adminReferralTree>) => callApi(referral.adminReferralTree, body);
