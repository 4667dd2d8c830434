import { useQuery } from "@tanstack/react-query";
import { games } from "../../../../contract";
import type { GameType } from "../../../../domain/games";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { gameKeys } from "./keys";

/** How often the open games are asked for again while the tab is shown. */
export const OPEN_GAMES_POLL_MS = 3000;

/**
 * Others' open games to challenge (`/api/read-huakoi-hilow`), polled every 3 seconds: the issue asks
 * for live updates over the WebSocket; until the server pushes games, polling keeps the list fresh.
 */
export function useOpenGames(type: GameType) {
  const { uuid } = useSession();
  return useQuery({
    queryKey: gameKeys.open(uuid, type),
    queryFn: () => callApi(games.readHuakoiHilow, { gametype: type, uuid: uuid! }),
    enabled: !!uuid,
    refetchInterval: OPEN_GAMES_POLL_MS,
  });
}
