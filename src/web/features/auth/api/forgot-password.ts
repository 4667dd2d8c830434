import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/forgot-password`: asks for a reset code by SMS. */
export const forgotPassword = (body: BodyOf<typeof auth.forgotPassword>) => callApi(auth.forgotPassword, body);
