import { queryOptions } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** A round's pay rates for the rates page (`/api/get-lotto-config-ByActivityID`), under the page's own key. */
export const payRatesQuery = (roundId: number | null) =>
  queryOptions({
    queryKey: ["pay-rates", roundId],
    queryFn: () => callApi(betting.getLottoConfigByActivityId, { activity_id: roundId! }),
  });
