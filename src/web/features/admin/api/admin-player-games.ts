import { queryOptions } from "@tanstack/react-query";
import { games } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/player-games` */
export const adminPlayerGames = (body: BodyOf<typeof games.adminPlayerGames>) => callApi(games.adminPlayerGames, body);

/** A player's games of the last `days` days. */
export const playerGamesQuery = (uuid: string | undefined, days: string) =>
  queryOptions({ queryKey: ["admin-player-games", uuid, days], queryFn: () => adminPlayerGames({ uuid: uuid!, dayperiod: Number(days) }) });
