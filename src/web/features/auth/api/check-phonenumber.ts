import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/check-phonenumber`: sends the sign-up code to a phone not yet registered. */
export const checkPhoneNumber = (body: BodyOf<typeof auth.checkPhoneNumber>) => callApi(auth.checkPhoneNumber, body);
