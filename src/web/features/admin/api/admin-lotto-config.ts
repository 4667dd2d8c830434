import { queryOptions } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/lotto-config` */
export const adminLottoConfig = (body: BodyOf<typeof betting.adminLottoConfig>) => callApi(betting.adminLottoConfig, body);

export const adminRatesKey = (configID: string) => ["admin", "rates", configID];

/** A lottery's pay rates as the operator edits them. */
export const adminRatesQuery = (configID: string | null) =>
  queryOptions({ queryKey: adminRatesKey(configID ?? ""), queryFn: () => adminLottoConfig({ configID: configID! }) });
