import { Card, Code, Stack, Text } from "@mantine/core";
import { commitmentText, type GameSide } from "../../../domain/games";
import { commitmentMatches, committedFields, guessWins, type Reveal } from "./verify";

/**
 * The in-browser check of a finished game: SHA-256 of the revealed choice, dice and salt, recomputed
 * here, against the commitment published before anyone guessed; and whether the published winner
 * follows from the reveal and the guess. `compact` shows only the verdict.
 */
export function RevealCheck({
  reveal,
  commitment,
  guess,
  challengerWon,
  compact = false,
}: {
  reveal: Reveal;
  /** The commitment published at creation (in the guess dialog: the one the card showed before the guess). */
  commitment: string;
  guess: GameSide | null;
  challengerWon: boolean | null;
  compact?: boolean;
}) {
  // A SHA-256 of a short text: cheap enough to recompute on each render.
  const ok = commitmentMatches(reveal, commitment);
  const fields = committedFields(reveal);
  const outcomeOk = guess === null || challengerWon === null ? null : guessWins(reveal, guess) === challengerWon;
  const verdict = (
    <Text size="sm" fw={600} c={ok ? "green.8" : ok === false ? "red.8" : "dimmed"} data-testid="verify-result" data-ok={ok === true}>
      {ok === null ? "ยังไม่เปิดเผยค่าที่ซ่อนไว้" : ok ? "✓ ตรงกับค่าที่ประกาศไว้" : "✗ ไม่ตรงกับค่าที่ประกาศไว้"}
    </Text>
  );
  if (compact) return verdict;
  return (
    <Card radius="md" padding="xs" bg={ok && outcomeOk !== false ? "green.0" : "gray.0"} data-testid="verify-panel">
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          ตรวจสอบในเครื่องของคุณ: SHA-256 ของค่าที่เปิดเผยต้องเท่ากับค่าที่ประกาศไว้ตั้งแต่สร้างเกม
        </Text>
        {verdict}
        {outcomeOk !== null && (
          <Text size="sm" c={outcomeOk ? "green.8" : "red.8"} data-testid="verify-outcome" data-ok={outcomeOk}>
            {outcomeOk ? "✓ ผลแพ้ชนะถูกต้องตามค่าที่เปิดเผย" : "✗ ผลแพ้ชนะไม่ตรงกับค่าที่เปิดเผย"}
          </Text>
        )}
        {fields && (
          <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="verify-text">
            {commitmentText(fields)}
          </Code>
        )}
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          ค่าที่ประกาศ:{" "}
          <Text span inherit ff="monospace">
            {commitment}
          </Text>
        </Text>
      </Stack>
    </Card>
  );
}
