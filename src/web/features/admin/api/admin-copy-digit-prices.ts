import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/copy-digit-prices`: the previous draw's restricted numbers, copied to this round (docs/decisions/050). */
export const adminCopyDigitPrices = (body: BodyOf<typeof betting.adminCopyDigitPrices>) => callApi(betting.adminCopyDigitPrices, body);
