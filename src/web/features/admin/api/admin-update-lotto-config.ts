import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/update-lotto-config` */
export const adminUpdateLottoConfig = (body: BodyOf<typeof betting.adminUpdateLottoConfig>) => callApi(betting.adminUpdateLottoConfig, body);
