import { queryOptions } from "@tanstack/react-query";
import { backOffice } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/player-view` */
export const adminPlayerView = (body: BodyOf<typeof backOffice.adminPlayerView>) => callApi(backOffice.adminPlayerView, body);

export const playerViewKey = (uuid: string) => ["admin", "player-view", uuid] as const;

/** One player's account, log, slips, deposits and withdrawals. */
export const playerViewQuery = (uuid: string) => queryOptions({ queryKey: playerViewKey(uuid), queryFn: () => adminPlayerView({ uuid }) });
