import { queryOptions, useQuery } from "@tanstack/react-query";
import { lottery } from "../../../contract";
import { callApi } from "../api";

/**
 * Whether the round still takes bets, by the server's clock, with its close time (`/post-checktimeout-postnumber`).
 * Shared by the bet form and the yeekee page (docs/decisions/041); start-up (app/signed-in.ts) asks for it on a
 * first load of the bet form, so it is fresh for a few seconds.
 */
export const roundTimeoutQuery = (activityid: number | null) =>
  queryOptions({
    queryKey: ["round-timeout", activityid],
    queryFn: () => callApi(lottery.checkTimeout, { activityid: activityid! }),
    staleTime: 5_000,
    refetchInterval: 30_000,
  });

export function useRoundTimeout(activityid: number | null) {
  return useQuery({ ...roundTimeoutQuery(activityid), enabled: activityid !== null });
}
