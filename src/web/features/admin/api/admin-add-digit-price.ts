import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/add-digit-price` */
export const adminAddDigitPrice = (body: BodyOf<typeof betting.adminAddDigitPrice>) => callApi(betting.adminAddDigitPrice, body);
