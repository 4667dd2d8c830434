import { referral } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/change-referrer` */
export const adminChangeReferrer = (body: BodyOf<typeof referral.adminChangeReferrer>) => callApi(referral.adminChangeReferrer, body);
