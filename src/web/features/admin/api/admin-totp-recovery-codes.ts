import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/totp/recovery-codes` */
export const adminTotpRecoveryCodes = (body: BodyOf<typeof auth.adminTotpRecoveryCodes>) => callApi(auth.adminTotpRecoveryCodes, body);
