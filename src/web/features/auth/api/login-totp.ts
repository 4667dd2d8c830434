import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/login-totp`: an operator's second factor after the password. */
export const loginSecondFactor = (body: BodyOf<typeof auth.loginSecondFactor>) => callApi(auth.loginSecondFactor, body);
