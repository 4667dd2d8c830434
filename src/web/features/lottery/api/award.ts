import { useQuery } from "@tanstack/react-query";
import { lottery } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { browserStorage, cachedAwards } from "../../../lib/local-cache";

/** A round's award lines (`/api/award`) through the per-activity award cache (cached only when non-empty). */
export function useAward(activityid: number | null) {
  return useQuery({
    queryKey: ["award", activityid],
    queryFn: () =>
      cachedAwards(browserStorage(), activityid!, async () => (await callApi(lottery.award, { activityid: activityid! })).awardlist),
    enabled: activityid !== null,
  });
}
