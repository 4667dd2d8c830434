import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/check-oldPassword`: the current password, checked before a change. */
export const checkOldPassword = (body: BodyOf<typeof auth.checkOldPassword>) => callApi(auth.checkOldPassword, body);
