import type { QueryClient } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { adminPricesKey } from "./read-new-digit-price-add-last-time";

/** `/api/admin/digit-price-list`: a pasted list of one bet type closed, priced or reopened (docs/decisions/050). */
export const adminSaveDigitPriceList = (body: BodyOf<typeof betting.adminSaveDigitPriceList>) =>
  callApi(betting.adminSaveDigitPriceList, body);

/** After a list is saved or copied, the round's current and past prices are read again. */
export const afterDigitPricesChanged = (queryClient: QueryClient, activityId: number) =>
  queryClient.invalidateQueries({ queryKey: adminPricesKey(activityId) });
