import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/paynow-slip` */
export const adminPaynowSlip = (body: BodyOf<typeof wallet.adminPaynowSlip>) => callApi(wallet.adminPaynowSlip, body);

/** A deposit report's slip image. */
export const paynowSlipQuery = (id: number) => queryOptions({ queryKey: ["slip", id], queryFn: () => adminPaynowSlip({ id }) });
