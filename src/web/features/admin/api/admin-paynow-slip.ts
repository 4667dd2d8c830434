import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** `/api/admin/paynow-slip`: a deposit report's slip image. */
export const paynowSlipQuery = (id: number) =>
  queryOptions({ queryKey: ["slip", id], queryFn: () => callApi(wallet.adminPaynowSlip, { id }) });
