import { Alert, Button, Skeleton, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { GameView } from "../../../contract/games";
import { GAME_LABELS, type GameType } from "../../../domain/games";
import { EmptyState } from "../../components/empty-state";
import { useServerNow } from "../../lib/server-clock";
import { useGamesLive } from "./api/games-live";
import { OPEN_GAMES_POLL_MS, useOpenGames } from "./api/open-games";
import { GameCard } from "./game-card";
import { GuessDialog } from "./guess-dialog";

/** Others' open games, updated live, each with its challenge button. */
export function OpenGames({ type }: { type: GameType }) {
  const live = useGamesLive(type);
  const open = useOpenGames(type, live);
  const now = useServerNow(5000);
  // The game being challenged is kept here: it leaves the list once decided, the dialog still shows it.
  const [target, setTarget] = useState<GameView | null>(null);

  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed" data-testid="open-games-live">
        เกม{GAME_LABELS[type]}ที่รอผู้ท้า {live ? "อัปเดตทันทีที่มีเกมใหม่" : `อัปเดตอัตโนมัติทุก ${OPEN_GAMES_POLL_MS / 1000} วินาที`}
      </Text>
      {open.isPending && <Skeleton h={120} radius="lg" />}
      {open.isError && <Alert color="red">{open.error.message}</Alert>}
      {open.isSuccess && open.data.gamelist.length === 0 && (
        <EmptyState title="ยังไม่มีเกมที่เปิดรอ" testId="open-games-empty">
          สร้างเกมของคุณเองในแท็บ "สร้างเกม" แล้วรอผู้เล่นอื่นมาท้า
        </EmptyState>
      )}
      {open.data?.gamelist.map((g) => (
        <GameCard
          key={g.id}
          game={g}
          now={now}
          testId="game-card"
          action={
            <Button onClick={() => setTarget(g)} disabled={g.mine} data-testid="guess-open">
              ท้า
            </Button>
          }
        />
      ))}
      <GuessDialog key={target?.id ?? 0} game={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
