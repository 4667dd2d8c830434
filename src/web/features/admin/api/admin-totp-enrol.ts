import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/totp/enrol` */
export const adminTotpEnrol = (body: BodyOf<typeof auth.adminTotpEnrol>) => callApi(auth.adminTotpEnrol, body);
