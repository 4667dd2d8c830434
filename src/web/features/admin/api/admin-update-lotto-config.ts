import type { QueryClient } from "@tanstack/react-query";
import { betting } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { adminRatesKey } from "./admin-lotto-config";

/** `/api/admin/update-lotto-config` */
export const adminUpdateLottoConfig = (body: BodyOf<typeof betting.adminUpdateLottoConfig>) =>
  callApi(betting.adminUpdateLottoConfig, body);

/** After a save the lottery's rates are read again. */
export const afterUpdateLottoConfig = (queryClient: QueryClient, configID: string) =>
  queryClient.invalidateQueries({ queryKey: adminRatesKey(configID) });
