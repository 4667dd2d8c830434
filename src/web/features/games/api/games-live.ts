import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type GameView, GamesLiveMessage } from "../../../../contract/games";
import type { GameType } from "../../../../domain/games";
import { openLiveSocket, parseMessage } from "../../../lib/live-socket";
import { CREDIT_KEY, useSession } from "../../../lib/session";
import { gameKeys } from "./keys";

type OpenList = { status: "Success"; gamelist: GameView[] };

/**
 * The lobby's live feed (`/api/ws/games`): games that open are added to the open list and games that
 * are taken, cancelled or expire leave it, as they happen. The player's own game closing refreshes
 * their games, history and credit (someone took it). Each `hello` (first or after a reconnect) reads
 * the list afresh, so nothing missed while disconnected stays missing. Answers whether the feed is
 * connected (the list falls back to polling while it is not).
 */
export function useGamesLive(type: GameType): boolean {
  const { uuid } = useSession();
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!uuid) return;
    const openKey = gameKeys.open(uuid, type);
    const onMessage = (m: GamesLiveMessage) => {
      if (m.type === "hello") {
        setConnected(true);
        void queryClient.invalidateQueries({ queryKey: openKey });
      } else if (m.type === "open") {
        if (m.game.mine) void queryClient.invalidateQueries({ queryKey: ["games-mine"] });
        else
          queryClient.setQueryData<OpenList>(openKey, (list) =>
            list && !list.gamelist.some((g) => g.id === m.game.id) ? { ...list, gamelist: [m.game, ...list.gamelist] } : list,
          );
      } else if (m.type === "closed") {
        queryClient.setQueryData<OpenList>(openKey, (list) =>
          list ? { ...list, gamelist: list.gamelist.filter((g) => g.id !== m.id) } : list,
        );
        if (m.mine) {
          void queryClient.invalidateQueries({ queryKey: ["games-mine"] });
          void queryClient.invalidateQueries({ queryKey: ["games-log"] });
          void queryClient.invalidateQueries({ queryKey: CREDIT_KEY });
        }
      }
    };

    const stop = openLiveSocket(() => `/api/ws/games?gametype=${type}`, {
      onMessage(data, healthy) {
        const m = parseMessage(GamesLiveMessage, data);
        if (m?.type === "hello") healthy();
        if (m) onMessage(m);
      },
      onDrop: () => setConnected(false),
    });

    return () => {
      stop();
      setConnected(false);
    };
  }, [uuid, type, queryClient]);

  return connected;
}
