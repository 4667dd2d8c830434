import { queryOptions } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import { callApi } from "../../../lib/api";
import { adminPricesKey } from "./read-new-digit-price-add-last-time";

/** `/api/admin-read-newDigitPrice`: every price a round's numbers have had. */
export const priceHistoryQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...adminPricesKey(activityId), "all"],
    queryFn: () => callApi(betting.adminReadNewDigitPrice, { activity_id: activityId }),
  });
