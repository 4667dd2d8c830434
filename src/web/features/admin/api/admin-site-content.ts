import { site } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/site-content` */
export const adminSetSiteContent = (body: BodyOf<typeof site.adminSetSiteContent>) => callApi(site.adminSetSiteContent, body);
