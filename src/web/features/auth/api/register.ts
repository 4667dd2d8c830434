import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/register`: makes the account. */
export const registerCall = (body: BodyOf<typeof auth.register>) => callApi(auth.register, body, "Registration failed");
