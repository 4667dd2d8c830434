import { queryOptions } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** A round's restricted numbers in force (`/api/read-newDigitPrice-AddLastTime`), for the เลขอั้น page. */
export const closedNumbersQuery = (roundId: number | null) =>
  queryOptions({
    queryKey: ["closed-numbers", roundId],
    queryFn: () => callApi(betting.readNewDigitPriceAddLastTime, { activity_id: roundId! }),
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
