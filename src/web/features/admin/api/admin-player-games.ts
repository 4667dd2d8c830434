import { queryOptions } from "@tanstack/react-query";
import { games } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** `/api/admin/player-games`: a player's games of the last `days` days. */
export const playerGamesQuery = (uuid: string | undefined, days: string) =>
  queryOptions({
    queryKey: ["admin-player-games", uuid, days],
    queryFn: () => callApi(games.adminPlayerGames, { uuid: uuid!, dayperiod: Number(days) }),
  });
