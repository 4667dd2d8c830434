import { queryOptions, useQuery } from "@tanstack/react-query";
import { lottery } from "../../../contract";
import { callApi } from "../api";
import { browserStorage, cachedYeekeeActivities } from "../local-cache";

/**
 * A yeekee lottery's rounds of a business date through the yeekee activity cache (`/api/get-activity-yeekee/:id`).
 * `nowMs` is the server-calibrated time: a cached day whose rounds have all closed is fetched again. Fresh for a few
 * seconds, so a page that mounts just after start-up asked for it (app/signed-in.ts) does not ask again. Shared by
 * the lottery picker and the bet form (docs/decisions/041).
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

/** A yeekee lottery's rounds of a business date, the lottery pages' query (and browser cache), only when `lotteryId` is given. */
export function useYeekeeRounds(lotteryId: string | null, businessDate: string, nowMs: number) {
  return useQuery({ ...yeekeeActivitiesQuery(lotteryId ?? "", businessDate, nowMs), enabled: lotteryId !== null });
}
