import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/update-password`: the new password. */
export const updatePassword = (body: BodyOf<typeof auth.updatePassword>) => callApi(auth.updatePassword, body);
