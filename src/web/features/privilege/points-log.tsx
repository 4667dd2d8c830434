import { Card, Group, Stack, Text } from "@mantine/core";
import type { z } from "zod";
import type { PrivilegeLogLine } from "../../../contract/points";
import { formatThaiDateTime } from "../../../domain/thai-date";
import { EmptyState } from "../../components/empty-state";
import { showPoints } from "./show-points";

type Line = z.infer<typeof PrivilegeLogLine>;

/** The server's timestamp in Thai with the Buddhist-era year; the server's own text if it is not one. */
const showWhen = (line: Line) => (Number.isFinite(Date.parse(line.created_at)) ? formatThaiDateTime(line.created_at) : line.date_time);

/** "+1.25" for points earned, "−50.00" for points spent or expired. */
const signed = (score: number) => `${score > 0 ? "+" : score < 0 ? "−" : ""}${showPoints(Math.abs(score))}`;

// A deposit's points are pending until its stake is made (its "vest" row adds them to the usable points), so they are shown muted.
const scoreColor = (line: Line) => (line.score < 0 ? "red.7" : line.kind === "deposit" ? "dimmed" : "teal.8");

/** Every earning, vesting, redemption, expiry and adjustment of the player's points, newest first. */
export function PointsLog({ lines }: { lines: readonly Line[] }) {
  if (lines.length === 0) {
    return (
      <EmptyState title="ยังไม่มีประวัติแต้ม" testId="points-log-empty">
        แทงหวยหรือฝากเงินเพื่อสะสมแต้ม แล้วนำแต้มมาแลกเป็นเครดิต
      </EmptyState>
    );
  }
  const newestFirst = [...lines].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
  return (
    <Stack gap="xs">
      {newestFirst.map((line) => (
        <Card key={line.id} withBorder radius="md" padding="sm" data-testid="points-log-row" data-kind={line.kind}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600}>
                {line.label}
              </Text>
              <Text size="xs" c="dimmed">
                {showWhen(line)}
              </Text>
              {line.note && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {line.note}
                </Text>
              )}
            </Stack>
            <Text
              fw={700}
              c={scoreColor(line)}
              style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}
              data-testid="points-log-score"
            >
              {signed(line.score)}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
