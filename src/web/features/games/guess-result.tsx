import { Stack, Text } from "@mantine/core";
import type { games } from "../../../contract";
import type { GameView } from "../../../contract/games";
import type { ResponseOf } from "../../../contract/route";
import type { GameSide } from "../../../domain/games";
import { baht, formatMoney } from "../../../domain/money";
import { RevealCheck } from "./reveal-check";
import { Fact, RevealFacts } from "./reveal-facts";
import type { Reveal } from "./verify";

type GuessAnswer = ResponseOf<typeof games.guessHuakoiHilow>;

/** The challenger's result at once after the guess: won or lost, the reveal, what they received, and the check. */
export function GuessResult({ answer, game, guess }: { answer: GuessAnswer; game: GameView; guess: GameSide }) {
  const won = answer.result === "win";
  const reveal: Reveal = {
    id: game.id,
    gametype: game.gametype,
    bet: answer.bet,
    t1: answer.t1,
    t2: answer.t2,
    t3: answer.t3,
    salt: answer.salt,
  };
  return (
    <Stack gap="xs" data-testid="guess-result" data-result={answer.result}>
      <Text ta="center" fz={32} fw={700} c={won ? "teal.8" : "red.8"} data-testid="guess-outcome">
        {won ? "ชนะ" : "แพ้"}
      </Text>
      {answer.message && (
        <Text size="sm" ta="center" c="dimmed">
          {answer.message}
        </Text>
      )}
      <RevealFacts reveal={reveal} guess={guess} guessLabel="คุณทาย">
        <Fact label="คุณได้รับ" testId="guess-returnprice">
          {formatMoney(baht(answer.returnprice))} ฿
        </Fact>
      </RevealFacts>
      {/* Checked against the commitment the card showed before the guess, not the one in the answer. */}
      <RevealCheck reveal={reveal} commitment={game.commitment} guess={guess} challengerWon={won} />
    </Stack>
  );
}
