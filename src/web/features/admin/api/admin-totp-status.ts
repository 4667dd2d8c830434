import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/totp/status` */
export const adminTotpStatus = (body: BodyOf<typeof auth.adminTotpStatus>) => callApi(auth.adminTotpStatus, body);
