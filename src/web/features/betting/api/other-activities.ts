import { queryOptions, useQuery } from "@tanstack/react-query";
import { lottery } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** The rounds of a non-yeekee lottery, the open ones and the latest (`/api/get-activity-other-lotto`). Fresh for a few seconds, as start-up asks for it. */
export const otherActivitiesQuery = (configID: string | null) =>
  queryOptions({
    queryKey: ["other-activities", configID],
    queryFn: () => callApi(lottery.getActivityOtherLotto, { configID: configID! }),
    meta: { blocking: true },
    staleTime: 5_000,
  });

export function useOtherActivities(configID: string | null) {
  return useQuery({ ...otherActivitiesQuery(configID), enabled: configID !== null });
}
