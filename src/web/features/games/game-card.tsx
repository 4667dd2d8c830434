import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { GameView } from "../../../contract/games";
import { baht, formatMoney } from "../../../domain/money";
import { formatThaiAge } from "../../../domain/thai-date";
import { shortCommitment } from "../../lib/short-commitment";
import { STATUS_COLORS, STATUS_LABELS } from "./show-game";

/**
 * One game: the stake, the creator (masked by the server for others), when it was made and the
 * commitment published at creation (shortened; the full value in the title). `action` sits at the
 * right of the stake; `children` below.
 */
export function GameCard({
  game,
  now,
  testId,
  showStatus = false,
  action,
  children,
}: {
  game: GameView;
  /** The server's time, to show the game's age; without it the server's date_time is shown. */
  now?: number;
  testId: string;
  showStatus?: boolean;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const age = now === undefined ? "" : formatThaiAge(game.created_at, now);
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId} data-game-id={game.id} data-status={game.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={700} fz="lg" style={{ fontVariantNumeric: "tabular-nums" }} data-testid="game-price">
              {formatMoney(baht(game.price))} ฿
            </Text>
            <Text size="sm" truncate data-testid="game-creator">
              {game.mine ? "เกมของคุณ" : `ผู้สร้าง ${game.creator}`}
            </Text>
            <Text size="xs" c="dimmed">
              #{game.id} · {age || game.date_time}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            {showStatus && (
              <Badge color={STATUS_COLORS[game.status]} variant="light" data-testid="game-status">
                {STATUS_LABELS[game.status]}
              </Badge>
            )}
            {action}
          </Stack>
        </Group>
        <Text size="xs" c="dimmed">
          ค่าที่ประกาศ (SHA-256){" "}
          <Text span ff="monospace" title={game.commitment} data-testid="game-commitment">
            {shortCommitment(game.commitment)}
          </Text>
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
