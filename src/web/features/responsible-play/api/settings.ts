import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { rg } from "../../../../contract";
import type { RgSettings } from "../../../../contract/rg";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { prefetchAtStart } from "../../../lib/start-up";

export const rgSettingsKey = (uuid: string | null) => ["rg-settings", uuid] as const;

/** Refetched this often by the reality-check watcher, so a check due while the page sits idle still shows. */
const WATCH_EVERY_MS = 60_000;

const rgSettingsQuery = (uuid: string | null) =>
  queryOptions({
    queryKey: rgSettingsKey(uuid),
    queryFn: () => callApi(rg.readSettings, {}),
    // Fresh for a few seconds: the shell mounting just after start-up asked for them does not ask again.
    staleTime: 5_000,
  });

/**
 * The player's limits, reality check and break (`/api/rg/settings`). The page reads it once (`page`);
 * the shell's watcher (`watch`) keeps it fresh every minute and when the window regains focus. Admins have
 * no reality check, so the watcher does not ask for them.
 */
export function useRgSettings(use: "page" | "watch") {
  const { uuid, isAdmin, loginStatus } = useSession();
  return useQuery({
    ...rgSettingsQuery(uuid),
    enabled: loginStatus && !!uuid && (use === "page" || !isAdmin),
    ...(use === "page" ? { meta: { blocking: true } } : { refetchInterval: WATCH_EVERY_MS, refetchOnWindowFocus: true }),
  });
}

/** Start-up (app/signed-in.ts) on a player's signed-in load: the shell's watcher finds them answered. */
export const prefetchRgSettings = (client: QueryClient, uuid: string) => prefetchAtStart(client, rgSettingsQuery(uuid));

/** Every change answers with the settings as they now stand: they replace the cached ones. */
export function useKeepSettings() {
  const { uuid } = useSession();
  const queryClient = useQueryClient();
  return useCallback((settings: RgSettings) => queryClient.setQueryData(rgSettingsKey(uuid), settings), [queryClient, uuid]);
}
