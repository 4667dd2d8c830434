import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { lottery } from "../../../contract";
import type { LottoListItem } from "../../../contract/lottery";
import { callApi } from "../api";
import { prefetchAtStart } from "../start-up";
import { browserStorage, readLottoList, type StorageLike, writeLottoList } from "../local-cache";
import { loadZod } from "../zod-on-demand";

// Shared by the home, bet and yeekee pages, so it lives in lib/ rather than one feature (docs/decisions/041).
export const LOTTO_LIST_QUERY = ["lotto-list"] as const;

/**
 * The lotto list (spec §4, §8): the server's list, cached when non-empty. Failures are only logged: the
 * page keeps the cached list, or shows an empty one. Fresh for a few seconds, so a page that mounts just
 * after the list was asked for at start-up (app/signed-in.ts) does not ask again.
 */
const lottoListQuery = (storage: StorageLike) =>
  queryOptions({
    queryKey: LOTTO_LIST_QUERY,
    queryFn: async (): Promise<LottoListItem[]> => {
      try {
        const fresh = (await callApi(lottery.lottoList, {})).lottoList;
        writeLottoList(storage, fresh);
        return fresh;
      } catch (e) {
        console.error("lottolist failed", e);
        // The cached list needs zod, which a first load fetches only once idle (docs/decisions/065).
        await loadZod().catch(() => undefined);
        return readLottoList(storage) ?? [];
      }
    },
    staleTime: 5_000,
    refetchInterval: 60_000,
  });

/**
 * The lotto list: the cached list is shown at once, then the server's replaces it. `enabled: false` for a page that
 * needs it only in some cases (the yeekee page, when the link does not lead to its round): the cached list, if any,
 * and no ask.
 */
export function useLottoList({ enabled = true }: { enabled?: boolean } = {}) {
  const storage = browserStorage();
  const client = useQueryClient();
  // Read (and parsed) only when the query has no list yet: the start-up has usually put one there, and the parse
  // was a few milliseconds of every page's first render that used nothing of it (docs/decisions/063).
  const [cached] = useState(() => (client.getQueryData(LOTTO_LIST_QUERY) === undefined ? readLottoList(storage) : null));
  return useQuery({
    ...lottoListQuery(storage),
    initialData: cached ?? undefined,
    // The cached list is shown but always counts as stale, so the server is asked at once.
    initialDataUpdatedAt: 0,
    enabled,
  });
}

/** Start-up (app/signed-in.ts): the cached list in place as `useLottoList` shows it, and the server asked at once. */
export function prefetchLottoList(client: QueryClient): Promise<void> {
  const storage = browserStorage();
  const cached = readLottoList(storage);
  if (cached && client.getQueryData(LOTTO_LIST_QUERY) === undefined) client.setQueryData(LOTTO_LIST_QUERY, cached, { updatedAt: 0 });
  return prefetchAtStart(client, lottoListQuery(storage));
}
