import { queryOptions } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { adminPricesKey } from "./read-new-digit-price-add-last-time";

/** `/api/admin-read-newDigitPrice` */
export const adminReadNewDigitPrice = (body: BodyOf<typeof betting.adminReadNewDigitPrice>) => callApi(betting.adminReadNewDigitPrice, body);

/** Every price a round's numbers have had. */
export const priceHistoryQuery = (activityId: number) =>
  queryOptions({ queryKey: [...adminPricesKey(activityId), "all"], queryFn: () => adminReadNewDigitPrice({ activity_id: activityId }) });
