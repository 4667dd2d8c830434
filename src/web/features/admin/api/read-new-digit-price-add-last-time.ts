import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/read-newDigitPrice-AddLastTime` */
export const readNewDigitPriceAddLastTime = (body: BodyOf<typeof betting.readNewDigitPriceAddLastTime>) => callApi(betting.readNewDigitPriceAddLastTime, body);
