import { useQuery } from "@tanstack/react-query";
import { yeekee } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { luckyKey } from "./keys";

/** The #1 and #16 shooters of the round and their rewards (`/api/read-luckyperson-OneAndSixteenRecord`). */
export function useLuckyPersons(activityid: number, enabled: boolean) {
  return useQuery({
    queryKey: luckyKey(activityid),
    queryFn: async () => (await callApi(yeekee.readLuckyPerson, { activityid })).luckylist,
    enabled,
  });
}
