import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/reset-password`: a new password with the SMS code. */
export const resetPassword = (body: BodyOf<typeof auth.resetPassword>) => callApi(auth.resetPassword, body);
