import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/check-username-bankno`: whether the username and bank number are free. */
export const checkUsernameBankno = (body: BodyOf<typeof auth.checkUsernameBankno>) =>
  callApi(auth.checkUsernameBankno, body, "Error checking username/bankno");
