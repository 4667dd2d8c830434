import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/login`: signs in (or asks an operator for the second factor). */
export const loginCall = (body: BodyOf<typeof auth.login>) => callApi(auth.login, body, "Login failed");
