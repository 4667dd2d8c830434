import { useQuery } from "@tanstack/react-query";
import { site } from "../../contract";
import { ApiCallError, callApi } from "./api";

export const SITE_CONFIG_KEY = ["site-config"] as const;

/** How often an open page asks whether the operator has closed (or reopened) the site. */
const SITE_CONFIG_EVERY_MS = 60_000;

/**
 * `GET /read-openSite-config` (spec §7): read when the app starts, every minute and when the window comes
 * back into focus. The server enforces a closure on its own (decision 021); this decides what is shown.
 */
export function useSiteConfig() {
  return useQuery({
    queryKey: SITE_CONFIG_KEY,
    queryFn: () => callApi(site.readOpenSiteConfig, undefined),
    refetchInterval: SITE_CONFIG_EVERY_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
}

/** A refusal that may mean the site has just been closed: the caller reads the config again at once. */
export function mayMeanSiteClosed(error: unknown): boolean {
  return error instanceof ApiCallError && error.statusCode === 503;
}
