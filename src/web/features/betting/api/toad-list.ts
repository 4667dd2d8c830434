import { useQuery } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** The tod numbers a three-digit number covers (`/api/check-toad-threedigit`). */
export function useToadList(number: string | null) {
  return useQuery({
    queryKey: ["toad-list", number],
    queryFn: async () => (await callApi(betting.checkToadThreeDigit, { threedigit: number! })).toadlist,
    enabled: number !== null && /^\d{3}$/.test(number),
    staleTime: Infinity,
  });
}
