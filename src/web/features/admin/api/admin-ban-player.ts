import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/ban-player` */
export const adminBanPlayer = (body: BodyOf<typeof auth.adminBanPlayer>) => callApi(auth.adminBanPlayer, body);
