import { useQuery } from "@tanstack/react-query";
import { games } from "../../../../contract";
import type { GameType } from "../../../../domain/games";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { gameKeys } from "./keys";

export const GAME_LOG_DAYS = 30;

/** The player's finished games, created or challenged, over the last 30 days (`/api/get-huakoi-hilow-log`). */
export function useGameLog(type: GameType) {
  const { uuid } = useSession();
  return useQuery({
    queryKey: gameKeys.log(uuid, type),
    queryFn: () => callApi(games.getHuakoiHilowLog, { uuid: uuid!, dayperiod: GAME_LOG_DAYS, gametype: type }),
    enabled: !!uuid,
  });
}
