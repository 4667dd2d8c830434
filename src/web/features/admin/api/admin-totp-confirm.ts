import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/totp/confirm` */
export const adminTotpConfirm = (body: BodyOf<typeof auth.adminTotpConfirm>) => callApi(auth.adminTotpConfirm, body);
