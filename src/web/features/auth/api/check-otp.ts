import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/check-otp`: the sign-up code, answered with the token the registration carries. */
export const checkOtpCall = (body: BodyOf<typeof auth.checkOtp>) => callApi(auth.checkOtp, body);
