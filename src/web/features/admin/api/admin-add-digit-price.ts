import type { QueryClient } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { adminPricesKey } from "./read-new-digit-price-add-last-time";

/** `/api/admin/add-digit-price` */
export const adminAddDigitPrice = (body: BodyOf<typeof betting.adminAddDigitPrice>) => callApi(betting.adminAddDigitPrice, body);

/** After a price is set, the round's current and past prices are read again. */
export const afterAddDigitPrice = (queryClient: QueryClient, activityId: number) =>
  queryClient.invalidateQueries({ queryKey: adminPricesKey(activityId) });
