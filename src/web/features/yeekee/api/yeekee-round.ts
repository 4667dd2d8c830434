import { useQueries } from "@tanstack/react-query";
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
