import { useQuery } from "@tanstack/react-query";
import { lottery } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { yeekeeAwardKey } from "./keys";

/** The round's award lines (`/api/award`); asked again every few seconds once shooting is over and until they come. */
export function useYeekeeAward(activityid: number, waiting: boolean) {
  return useQuery({
    queryKey: yeekeeAwardKey(activityid),
    queryFn: async () => (await callApi(lottery.award, { activityid })).awardlist,
    refetchInterval: (q) => (waiting && (q.state.data?.length ?? 0) === 0 ? 3000 : false),
  });
}
