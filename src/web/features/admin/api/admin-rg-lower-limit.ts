import type { QueryClient } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { rgAuditKey } from "./admin-rg-audit";
import { RG_PLAYERS_KEY } from "./admin-rg-players";

/** `/api/admin/rg/lower-limit` */
export const adminLowerLimit = (body: BodyOf<typeof rg.adminLowerLimit>) => callApi(rg.adminLowerLimit, body);

/** After lowering a limit: the players list and that player's history are read again. */
export function afterLowerLimit(queryClient: QueryClient, uuid: string) {
  void queryClient.invalidateQueries({ queryKey: RG_PLAYERS_KEY });
  void queryClient.invalidateQueries({ queryKey: rgAuditKey(uuid) });
}
