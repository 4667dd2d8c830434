import { useQuery } from "@tanstack/react-query";
import { site } from "../../contract";
import { callApi } from "./api";

export const SITE_CONTENT_KEY = ["site-content"] as const;

/** The words "ติดต่อเจ้าหน้าที่": where a message says them, the site's contact channels follow. */
export const CONTACT_STAFF = "ติดต่อเจ้าหน้าที่";

/**
 * `GET /read-site-content` (issue 19): the announcement, the banner and the contact channels the operator
 * set. They change seldom: read once a page load, again after 5 minutes when a page comes back into view.
 */
export function useSiteContent() {
  return useQuery({
    queryKey: SITE_CONTENT_KEY,
    queryFn: () => callApi(site.readSiteContent, undefined),
    staleTime: 5 * 60_000,
    select: (r) => r.content,
  });
}
