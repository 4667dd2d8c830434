import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { rg } from "../../../../contract";
import type { RgSettings } from "../../../../contract/rg";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";

export const rgSettingsKey = (uuid: string | null) => ["rg-settings", uuid] as const;

/** Refetched this often by the reality-check watcher, so a check due while the page sits idle still shows. */
const WATCH_EVERY_MS = 60_000;

/**
 * The player's limits, reality check and break (`/api/rg/settings`). The page reads it once (`page`);
 * the shell's watcher (`watch`) keeps it fresh every minute and when the window regains focus. Admins have
 * no reality check, so the watcher does not ask for them.
 */
export function useRgSettings(use: "page" | "watch") {
  const { uuid, isAdmin, loginStatus } = useSession();
  return useQuery({
    queryKey: rgSettingsKey(uuid),
    queryFn: () => callApi(rg.readSettings, {}),
    enabled: loginStatus && !!uuid && (use === "page" || !isAdmin),
    ...(use === "page" ? { meta: { blocking: true } } : { refetchInterval: WATCH_EVERY_MS, refetchOnWindowFocus: true }),
  });
}

/** Every change answers with the settings as they now stand: they replace the cached ones. */
export function useKeepSettings() {
  const { uuid } = useSession();
  const queryClient = useQueryClient();
  return useCallback((settings: RgSettings) => queryClient.setQueryData(rgSettingsKey(uuid), settings), [queryClient, uuid]);
}
