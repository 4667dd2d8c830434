import { useQuery } from "@tanstack/react-query";
import { lottery } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** Every round and award line of a day (YYYY-MM-DD) (`/get-all-awardlist`). */
export function useAllAwardList(date: string) {
  return useQuery({
    queryKey: ["all-award-list", date],
    queryFn: () => callApi(lottery.getAllAwardList, { date }),
    meta: { blocking: true },
    refetchInterval: 60_000,
  });
}
