import { queryOptions } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/read-newDigitPrice-AddLastTime` */
export const readNewDigitPriceAddLastTime = (body: BodyOf<typeof betting.readNewDigitPriceAddLastTime>) =>
  callApi(betting.readNewDigitPriceAddLastTime, body);

export const adminPricesKey = (activityId: number) => ["admin", "digit-prices", activityId];

/** A round's restricted numbers now, as the operator edits them. */
export const latestPricesQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...adminPricesKey(activityId), "latest"],
    queryFn: () => readNewDigitPriceAddLastTime({ activity_id: activityId }),
  });
