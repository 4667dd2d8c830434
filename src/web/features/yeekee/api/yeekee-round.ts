import { useQueries, useQuery } from "@tanstack/react-query";
import { lottery } from "../../../../contract";
import type { Activity } from "../../../../contract/lottery";
import { callApi } from "../../../lib/api";
import { useLottoList } from "../../../lib/calls/lotto-list";
import { isYeekeeGroup } from "../../../lib/rounds";
import { yeekeeRoundKey } from "./keys";

const LOTTERY_ID = /^[a-z0-9-]{2,40}$/;

/**
 * The round (lottery name, round number, times, status) from today's rounds of the yeekee
 * lotteries (`/api/get-activity-yeekee/:id`), read fresh rather than from the browser cache so the status is current. `hint` is the
 * lottery named in the link (`?lotto=`), asked first; null while unknown or not in today's lists.
 */
export function useYeekeeRound(activityid: number, hint: string | null): { round: Activity | null; loading: boolean } {
  const named = hint && LOTTERY_ID.test(hint) ? hint : null;
  const inList = (data: { activitylist: Activity[] } | undefined) => data?.activitylist.find((a) => a.activityid === activityid);
  const hinted = useQuery({ ...roundsQuery(named ?? ""), enabled: named !== null });
  // The lotto list (17 KB) says which lotteries are yeekee ones: needed only when the link named none or the named one's
  // list does not hold the round, not beside every load of a round's page (docs/decisions/065, 066).
  const needList = named === null || (!hinted.isPending && inList(hinted.data) === undefined);
  const list = useLottoList({ enabled: needList });
  const first = named && (!list.data || list.data.some((l) => l.configID === named && isYeekeeGroup(l.group))) ? named : null;
  const others = (list.data ?? []).filter((l) => isYeekeeGroup(l.group) && l.configID !== first).map((l) => l.configID);
  // The other yeekee lotteries' lists (a day of five-minute rounds is ~90 KB) are asked for only when the link named
  // no lottery or the named one's list does not hold the round (docs/decisions/065).
  const lookFurther = first === null || (!hinted.isPending && inList(hinted.data) === undefined);
  const rest = useQueries({ queries: lookFurther ? others.map(roundsQuery) : [] });
  const round = [...(first === null ? [] : [hinted]), ...rest].map((r) => inList(r.data)).find((a) => a !== undefined) ?? null;
  return {
    round,
    loading: round === null && ((needList && list.isPending) || (first !== null && hinted.isPending) || rest.some((r) => r.isPending)),
  };
}

const roundsQuery = (id: string) => ({
  queryKey: [...yeekeeRoundKey, id],
  queryFn: () => callApi(lottery.getActivityYeekee, undefined, undefined, {}, { id }),
  staleTime: 30_000,
});
