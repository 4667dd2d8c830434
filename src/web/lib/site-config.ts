import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { site } from "../../contract";
import { callApi, onUnavailable } from "./api";
import { prefetchAtStart } from "./start-up";

export const SITE_CONFIG_KEY = ["site-config"] as const;

/** How often an open page asks whether the operator has closed (or reopened) the site. */
const SITE_CONFIG_EVERY_MS = 60_000;

/**
 * `GET /read-openSite-config` (spec §7): read when the app starts, every minute and when the window comes
 * back into focus. The server enforces a closure on its own (decision 021); this decides what is shown.
 */
const siteConfigQuery = queryOptions({
  queryKey: SITE_CONFIG_KEY,
  queryFn: () => callApi(site.readOpenSiteConfig, undefined),
  refetchInterval: SITE_CONFIG_EVERY_MS,
  refetchOnWindowFocus: true,
  staleTime: 10_000,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}

/** Start-up (app/prefetch.ts). */
export const prefetchSiteConfig = (client: QueryClient) => prefetchAtStart(client, siteConfigQuery);

/**
 * Mounted once, over every page: a call refused with 503 (a bet, a shot, a deposit…) may mean the operator
 * has just closed the site, so the config is read again at once rather than at the next minute and the
 * maintenance page replaces the form. The config's own 503 (the database away) does not ask again.
 */
export function useRecheckWhenUnavailable(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnavailable((route) => {
        if (route !== site.readOpenSiteConfig) void queryClient.invalidateQueries({ queryKey: SITE_CONFIG_KEY });
      }),
    [queryClient],
  );
}
