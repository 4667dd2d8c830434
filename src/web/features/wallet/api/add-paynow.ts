import type { QueryClient } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** Reports the transfer of the open deposit request (`/api/add-paynow`). */
export const addPaynow = (body: BodyOf<typeof wallet.addPaynow>) => callApi(wallet.addPaynow, body);

/** After a report: the history's deposits list is read again. */
export const refreshAfterPaynow = (queryClient: QueryClient) => void queryClient.invalidateQueries({ queryKey: ["pay-records"] });
