import { useQuery } from "@tanstack/react-query";
import { games } from "../../../../contract";
import type { GameType } from "../../../../domain/games";
import { callApi } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { gameKeys } from "./keys";

/** The player's own games, open and recent (`/api/read-huakoi-hilow-owner`). */
export function useMyGames(type: GameType) {
  const { uuid } = useSession();
  return useQuery({
    queryKey: gameKeys.mine(uuid, type),
    queryFn: () => callApi(games.readHuakoiHilowOwner, { gametype: type, uuid: uuid! }),
    enabled: !!uuid,
  });
}
