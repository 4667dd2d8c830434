import { useMutation, useQueryClient } from "@tanstack/react-query";
import { games } from "../../../../contract";
import type { Dice, GameSide, GameType } from "../../../../domain/games";
import { callApi } from "../../../lib/api";
import { CREDIT_KEY, useSession } from "../../../lib/session";
import { useIntentKey } from "./intent-key";

export interface NewGame {
  gametype: GameType;
  price: number;
  /** Huakoi: the side the creator hides. */
  side?: GameSide;
  /** Hi-low: the dice the creator sets; none lets the server roll them. */
  dice?: Dice;
}

/**
 * Creates a game (`/api/add-huakoi-hilow`): the stake leaves the credit at once and the server answers
 * the game with its commitment. Refreshes the header credit and the player's games.
 */
export function useAddGame() {
  const { uuid, refreshCredit } = useSession();
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (g: NewGame) => {
      const body = {
        uuid: uuid ?? "",
        price: g.price,
        gametype: g.gametype,
        ...(g.gametype === "huakoi" ? { bet: g.side } : {}),
        ...(g.gametype === "hilow" && g.dice ? { t1: g.dice[0], t2: g.dice[1], t3: g.dice[2] } : {}),
      };
      return callApi(games.addHuakoiHilow, body, "Error adding game", { "Idempotency-Key": intent.keyFor(body) });
    },
    onSuccess: (r) => {
      intent.done();
      queryClient.setQueryData(CREDIT_KEY, { status: "Success", credit: r.credit });
      refreshCredit();
      void queryClient.invalidateQueries({ queryKey: ["games-mine"] });
    },
  });
}
