import { Alert, Skeleton, Stack, Text } from "@mantine/core";
import type { GameType } from "../../../domain/games";
import { EmptyState } from "../../components/empty-state";
import { GAME_LOG_DAYS, useGameLog } from "./api/game-log";
import { FinishedGame } from "./finished-game";
import { GameCard } from "./game-card";

/** The player's finished games, created or challenged, over the last 30 days, each with its reveal checked. */
export function GameLog({ type }: { type: GameType }) {
  const log = useGameLog(type);
  if (log.isPending) return <Skeleton h={120} radius="lg" />;
  if (log.isError) return <Alert color="red">{log.error.message}</Alert>;
  const rows = log.data.gamelist;
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        เกมที่จบแล้ว ย้อนหลัง {GAME_LOG_DAYS} วัน
      </Text>
      {rows.length === 0 && <EmptyState title="ยังไม่มีประวัติเกม" testId="game-log-empty" />}
      {rows.map((g) => (
        <GameCard key={g.id} game={g} testId="game-log-row" showStatus={g.status !== "done"}>
          <FinishedGame game={g} compact />
        </GameCard>
      ))}
    </Stack>
  );
}
