import { useQuery } from "@tanstack/react-query";
import { games } from "../../../../contract";
import type { GameType } from "../../../../domain/games";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { gameKeys } from "./keys";

/** How often the open games are asked for again while the live feed is down. */
export const OPEN_GAMES_POLL_MS = 3000;

/**
 * Others' open games to challenge (`/api/read-huakoi-hilow`), kept current by the lobby's live feed;
 * polled every 3 seconds only while the feed is not connected.
 */
export function useOpenGames(type: GameType, live: boolean) {
  const { uuid } = useSession();
  return useQuery({
    queryKey: gameKeys.open(uuid, type),
    queryFn: () => callApi(games.readHuakoiHilow, { gametype: type, uuid: uuid! }),
    enabled: !!uuid,
    refetchInterval: live ? false : OPEN_GAMES_POLL_MS,
  });
}
