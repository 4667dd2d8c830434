import { useQuery } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const postdigitListKey = (period: number) => ["postdigit-list", period] as const;

/** The player's slips of the last `period` days (`/api/postdigitList`). */
export function usePostdigitList(period: number) {
  return useQuery({
    queryKey: postdigitListKey(period),
    queryFn: async () => (await callApi(betting.postdigitList, { period })).postdigit_list,
    meta: { blocking: true },
    refetchInterval: 60_000,
    // A player coming back to the tab sees the slips as they are now (docs/decisions/036).
    refetchOnWindowFocus: true,
  });
}
