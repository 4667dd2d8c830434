import { useMutation, useQueryClient } from "@tanstack/react-query";
import { games } from "../../../../contract";
import type { GameSide, GameType } from "../../../../domain/games";
import { callApi } from "../../../lib/api";
import { CREDIT_KEY, useSession } from "../../../lib/session";
import { useIntentKey } from "./intent-key";

export interface Guess {
  id: number;
  gametype: GameType;
  guess: GameSide;
}

/**
 * Challenges a game (`/api/guess-huakoi-hilow`): the same stake leaves the credit, the game is decided
 * at once and the server reveals the hidden choice, dice and salt. Refreshes the header credit, the open
 * games (the game has gone, or another player took it first) and the history.
 */
export function useGuessGame() {
  const { uuid, refreshCredit } = useSession();
  const queryClient = useQueryClient();
  // A retry after a timeout must read the first answer back, not meet "already taken" for its own guess.
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (g: Guess) => {
      const body = { id: g.id, guess: g.guess, uuid: uuid ?? "", gametype: g.gametype };
      return callApi(games.guessHuakoiHilow, body, "Error guessing game", { "Idempotency-Key": intent.keyFor(body) });
    },
    onSuccess: (r) => {
      intent.done();
      queryClient.setQueryData(CREDIT_KEY, { status: "Success", credit: r.credit });
      refreshCredit();
      void queryClient.invalidateQueries({ queryKey: ["games-log"] });
      void queryClient.invalidateQueries({ queryKey: ["games-ranking"] });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["games-open"] }),
  });
}
