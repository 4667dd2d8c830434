import { queryOptions } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/rg/players` */
export const adminRgPlayers = (body: BodyOf<typeof rg.adminRgPlayers>) => callApi(rg.adminRgPlayers, body);

export const RG_PLAYERS_KEY = ["admin-rg-players"] as const;

/** The players with limits, breaks or self-exclusion. */
export const rgPlayersQuery = queryOptions({ queryKey: RG_PLAYERS_KEY, queryFn: () => adminRgPlayers({}) });
