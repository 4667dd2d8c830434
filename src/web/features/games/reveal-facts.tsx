import { Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { type GameSide, hilowSide } from "../../../domain/games";
import { diceText } from "./show-game";
import { diceOf, type Reveal } from "./verify";

/** A label and its value on one line. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

/** What was hidden (the creator's side, or the dice and their side) and what the challenger guessed. */
export function RevealFacts({
  reveal,
  guess,
  guessLabel = "ผู้ท้าเลือก",
  children,
}: {
  reveal: Reveal;
  guess: GameSide | null;
  /** "คุณทาย" when the player is the challenger. */
  guessLabel?: string;
  children?: ReactNode;
}) {
  const dice = diceOf(reveal);
  return (
    <Stack gap={2}>
      {reveal.gametype === "huakoi" ? (
        <Fact label="ผู้สร้างเลือก" testId="reveal-bet">
          {reveal.bet ?? "-"}
        </Fact>
      ) : (
        <>
          <Fact label="ลูกเต๋า" testId="reveal-dice">
            {dice ? diceText(dice) : "-"}
          </Fact>
          <Fact label="ฝั่งที่ออก" testId="reveal-bet">
            {reveal.bet ?? (dice ? hilowSide(dice) : "-")}
          </Fact>
        </>
      )}
      {guess !== null && (
        <Fact label={guessLabel} testId="reveal-guess">
          {guess}
        </Fact>
      )}
      {children}
    </Stack>
  );
}
