import { Text } from "@mantine/core";
import type { GameView } from "../../../contract/games";
import { baht, formatMoney } from "../../../domain/money";
import { RevealCheck } from "./reveal-check";
import { Fact, RevealFacts } from "./reveal-facts";
import { playerWon } from "./show-game";

/** A decided game from the player's side: won or lost, the reveal, the payout and fee, and the check. */
export function FinishedGame({ game, compact = false }: { game: GameView; compact?: boolean }) {
  const won = playerWon(game);
  return (
    <>
      {won !== null && (
        <Text fw={700} c={won ? "teal.8" : "red.8"} data-testid="game-outcome" data-won={won}>
          {won ? "ชนะ" : "แพ้"}
          {won && game.payout !== null ? ` ได้รับ ${formatMoney(baht(game.payout))} ฿` : ""}
        </Text>
      )}
      <RevealFacts reveal={game} guess={game.guess} guessLabel={game.mine ? "ผู้ท้าเลือก" : "คุณทาย"}>
        <Fact label="บทบาทของคุณ">{game.mine ? "ผู้สร้าง" : "ผู้ท้า"}</Fact>
        {!compact && game.fee !== null && <Fact label="ค่าธรรมเนียม">{formatMoney(baht(game.fee))} ฿</Fact>}
      </RevealFacts>
      <RevealCheck
        reveal={game}
        commitment={game.commitment}
        guess={game.guess}
        challengerWon={game.winner === null ? null : game.winner === "challenger"}
        compact={compact}
      />
    </>
  );
}
