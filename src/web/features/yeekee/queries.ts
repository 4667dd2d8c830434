import { useQueries, useQuery } from "@tanstack/react-query";
import { lottery, yeekee } from "../../../contract";
import type { Activity } from "../../../contract/lottery";
import { callApi } from "../../lib/api";
import { isYeekeeGroup } from "../lottery/rounds";
import { useLottoList } from "../lottery/queries";

const LOTTERY_ID = /^[a-z0-9-]{2,40}$/;

export const yeekeeRoundKey = ["yeekee-page-rounds"] as const;
export const yeekeeAwardKey = (activityid: number) => ["yeekee-award", activityid] as const;
export const luckyKey = (activityid: number) => ["yeekee-lucky", activityid] as const;
export const ownShotsKey = (activityid: number) => ["yeekee-own-shots", activityid] as const;

/**
 * The round (lottery name, round number, times, status) from today's rounds of the yeekee
 * lotteries, read fresh rather than from the browser cache so the status is current. `hint` is the
 * lottery named in the link (`?lotto=`), asked first; null while unknown or not in today's lists.
 */
export function useYeekeeRound(activityid: number, hint: string | null): { round: Activity | null; loading: boolean } {
  const list = useLottoList();
  const ids = new Set<string>();
  if (hint && LOTTERY_ID.test(hint) && (!list.data || list.data.some((l) => l.configID === hint && isYeekeeGroup(l.group)))) ids.add(hint);
  for (const l of list.data ?? []) if (isYeekeeGroup(l.group)) ids.add(l.configID);
  const results = useQueries({
    queries: [...ids].map((id) => ({
      queryKey: [...yeekeeRoundKey, id],
      queryFn: () => callApi(lottery.getActivityYeekee, undefined, undefined, {}, { id }),
      staleTime: 30_000,
    })),
  });
  const round = results.flatMap((r) => r.data?.activitylist ?? []).find((a) => a.activityid === activityid) ?? null;
  return { round, loading: round === null && (list.isPending || results.some((r) => r.isPending)) };
}

/** The round's award lines; asked again every few seconds once shooting is over and until they come. */
export function useYeekeeAward(activityid: number, waiting: boolean) {
  return useQuery({
    queryKey: yeekeeAwardKey(activityid),
    queryFn: async () => (await callApi(lottery.award, { activityid })).awardlist,
    refetchInterval: (q) => (waiting && (q.state.data?.length ?? 0) === 0 ? 3000 : false),
  });
}

/** The #1 and #16 shooters of the round and their rewards. */
export function useLuckyPersons(activityid: number, enabled: boolean) {
  return useQuery({
    queryKey: luckyKey(activityid),
    queryFn: async () => (await callApi(yeekee.readLuckyPerson, { activityid })).luckylist,
    enabled,
  });
}

/**
 * The round's shots as the server lists them to this player (own shots unmasked): read once when the
 * page opens, to show the player's earlier shots and learn the pseudonym they shoot under.
 */
export function useListedShots(activityid: number) {
  return useQuery({
    queryKey: ownShotsKey(activityid),
    queryFn: () => callApi(yeekee.readNumberRecord, { activityid }),
  });
}
