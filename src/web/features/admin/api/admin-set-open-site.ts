import type { QueryClient } from "@tanstack/react-query";
import { site } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { SITE_CONFIG_KEY } from "../../../lib/site-config";

/** `/api/admin/set-open-site` */
export const adminSetOpenSite = (body: BodyOf<typeof site.adminSetOpenSite>) => callApi(site.adminSetOpenSite, body);

/** The answer is the site's new state: every page's site config shows it at once. */
export const afterSetOpenSite = (queryClient: QueryClient, r: Awaited<ReturnType<typeof adminSetOpenSite>>) =>
  queryClient.setQueryData(SITE_CONFIG_KEY, { status: "Success", siteconfig: r.siteconfig });
