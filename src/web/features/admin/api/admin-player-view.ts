import { queryOptions } from "@tanstack/react-query";
import { backOffice } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const playerViewKey = (uuid: string) => ["admin", "player-view", uuid] as const;

/** `/api/admin/player-view`: one player's account, log, slips, deposits and withdrawals. */
export const playerViewQuery = (uuid: string) =>
  queryOptions({ queryKey: playerViewKey(uuid), queryFn: () => callApi(backOffice.adminPlayerView, { uuid }) });
