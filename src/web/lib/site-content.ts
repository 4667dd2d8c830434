import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { site } from "../../contract";
import { callApi } from "./api";
import { prefetchAtStart } from "./start-up";

export const SITE_CONTENT_KEY = ["site-content"] as const;

/** The words "ติดต่อเจ้าหน้าที่": where a message says them, the site's contact channels follow. */
export const CONTACT_STAFF = "ติดต่อเจ้าหน้าที่";

/**
 * `GET /read-site-content` (docs/decisions/027): the announcement, the banner and the contact channels the operator
 * set. They change seldom: read once a page load, again after 5 minutes when a page comes back into view.
 */
const siteContentQuery = queryOptions({
  queryKey: SITE_CONTENT_KEY,
  queryFn: () => callApi(site.readSiteContent, undefined),
  staleTime: 5 * 60_000,
});

export function useSiteContent() {
  return useQuery({ ...siteContentQuery, select: (r) => r.content });
}

/** Start-up (app/prefetch.ts). */
export const prefetchSiteContent = (client: QueryClient) => prefetchAtStart(client, siteContentQuery);
