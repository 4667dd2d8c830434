import { games } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/player-games` */
export const adminPlayerGames = (body: BodyOf<typeof games.adminPlayerGames>) => callApi(games.adminPlayerGames, body);
