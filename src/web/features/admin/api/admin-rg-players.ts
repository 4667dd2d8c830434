import { queryOptions } from "@tanstack/react-query";
import { rg } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const RG_PLAYERS_KEY = ["admin-rg-players"] as const;

/** `/api/admin/rg/players`: the players with limits, breaks or self-exclusion. */
export const rgPlayersQuery = queryOptions({ queryKey: RG_PLAYERS_KEY, queryFn: () => callApi(rg.adminRgPlayers, {}) });
