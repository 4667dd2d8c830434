import type { QueryClient } from "@tanstack/react-query";
import { site } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { SITE_CONTENT_KEY } from "../../../lib/site-content";

/** `/api/admin/site-content` */
export const adminSetSiteContent = (body: BodyOf<typeof site.adminSetSiteContent>) => callApi(site.adminSetSiteContent, body);

/** The answer is the new content: the pages show it at once. */
export const afterSetSiteContent = (queryClient: QueryClient, r: Awaited<ReturnType<typeof adminSetSiteContent>>) =>
  queryClient.setQueryData(SITE_CONTENT_KEY, { status: "Success", content: r.content });
