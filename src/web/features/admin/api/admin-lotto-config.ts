import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/lotto-config` */
export const adminLottoConfig = (body: BodyOf<typeof betting.adminLottoConfig>) => callApi(betting.adminLottoConfig, body);
