import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { lottery } from "../../../contract";
import type { LottoListItem } from "../../../contract/lottery";
import { callApi } from "../../lib/api";
import { prefetchAtStart } from "../../lib/start-up";
import { browserStorage, cachedAwards, cachedYeekeeActivities, readLottoList, type StorageLike, writeLottoList } from "../../lib/local-cache";

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
        return readLottoList(storage) ?? [];
      }
    },
    staleTime: 5_000,
    refetchInterval: 60_000,
  });

/** The lotto list: the cached list is shown at once, then the server's replaces it. */
export function useLottoList() {
  const storage = browserStorage();
  const [cached] = useState(() => readLottoList(storage));
  return useQuery({
    ...lottoListQuery(storage),
    initialData: cached ?? undefined,
    // The cached list is shown but always counts as stale, so the server is asked at once.
    initialDataUpdatedAt: 0,
  });
}

/** Start-up (app/signed-in.ts): the cached list in place as `useLottoList` shows it, and the server asked at once. */
export function prefetchLottoList(client: QueryClient): Promise<void> {
  const storage = browserStorage();
  const cached = readLottoList(storage);
  if (cached && client.getQueryData(LOTTO_LIST_QUERY) === undefined) client.setQueryData(LOTTO_LIST_QUERY, cached, { updatedAt: 0 });
  return prefetchAtStart(client, lottoListQuery(storage));
}

/** A round's award lines through the per-activity award cache (cached only when non-empty). */
export function useAward(activityid: number | null) {
  return useQuery({
    queryKey: ["award", activityid],
    queryFn: () =>
      cachedAwards(browserStorage(), activityid!, async () => (await callApi(lottery.award, { activityid: activityid! })).awardlist),
    enabled: activityid !== null,
  });
}

/** Every round and award line of a day (YYYY-MM-DD). */
export function useAllAwardList(date: string) {
  return useQuery({
    queryKey: ["all-award-list", date],
    queryFn: () => callApi(lottery.getAllAwardList, { date }),
    meta: { blocking: true },
    refetchInterval: 60_000,
  });
}

/**
 * A yeekee lottery's rounds of a business date through the yeekee activity cache. `nowMs` is the
 * server-calibrated time: a cached day whose rounds have all closed is fetched again. Fresh for a few
 * seconds, so a page that mounts just after start-up asked for it (app/signed-in.ts) does not ask again.
 */
export const yeekeeActivitiesQuery = (lotteryId: string, businessDate: string, nowMs: number) =>
  queryOptions({
    queryKey: ["yeekee-activities", lotteryId, businessDate],
    queryFn: () =>
      cachedYeekeeActivities(browserStorage(), lotteryId, businessDate, nowMs, () =>
        callApi(lottery.getActivityYeekee, undefined, undefined, {}, { id: lotteryId }),
      ),
    staleTime: 5_000,
  });

export function useYeekeeActivities(lotteryId: string, businessDate: string, nowMs: number) {
  return useQuery(yeekeeActivitiesQuery(lotteryId, businessDate, nowMs));
}
