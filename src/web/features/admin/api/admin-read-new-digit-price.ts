import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin-read-newDigitPrice` */
export const adminReadNewDigitPrice = (body: BodyOf<typeof betting.adminReadNewDigitPrice>) => callApi(betting.adminReadNewDigitPrice, body);
