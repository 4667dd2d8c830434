import { site } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/set-open-site` */
export const adminSetOpenSite = (body: BodyOf<typeof site.adminSetOpenSite>) => callApi(site.adminSetOpenSite, body);
