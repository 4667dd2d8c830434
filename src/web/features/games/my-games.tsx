import { Alert, Button, Skeleton, Stack, Text } from "@mantine/core";
import type { GameView } from "../../../contract/games";
import type { GameType } from "../../../domain/games";
import { EmptyState } from "../../components/empty-state";
import { useServerNow } from "../../lib/server-clock";
import { useCancelGame } from "./api/cancel-game";
import { useMyGames } from "./api/my-games";
import { FinishedGame } from "./finished-game";
import { GameCard } from "./game-card";
import { RevealFacts } from "./reveal-facts";

/** The player's own games with their status: open ones can be cancelled, finished ones show the reveal and its check. */
export function MyGames({ type }: { type: GameType }) {
  const mine = useMyGames(type);
  const cancel = useCancelGame();
  const now = useServerNow(30_000);

  if (mine.isPending) return <Skeleton h={120} radius="lg" />;
  if (mine.isError) return <Alert color="red">{mine.error.message}</Alert>;
  const list = mine.data.gamelist;

  const body = (g: GameView) => {
    if (g.status === "done") return <FinishedGame game={g} />;
    // The creator sees what they hid while the game waits; nobody else does.
    if (g.status === "open" && (g.bet !== null || g.t1 !== null)) return <RevealFacts reveal={g} guess={null} />;
    return null;
  };

  return (
    <Stack gap="xs">
      {cancel.isError && (
        <Alert color="red" data-testid="cancel-error">
          {cancel.error.message}
        </Alert>
      )}
      {cancel.isSuccess && (
        <Alert color="teal" data-testid="cancel-message">
          {cancel.data.msg || cancel.data.message || "ยกเลิกเกมแล้ว คืนเงินเดิมพันเข้าเครดิต"}
        </Alert>
      )}
      {list.length === 0 && (
        <EmptyState title="คุณยังไม่มีเกม" testId="my-games-empty">
          เกมที่คุณสร้างจะแสดงที่นี่
        </EmptyState>
      )}
      {list.map((g) => (
        <GameCard
          key={g.id}
          game={g}
          now={g.status === "open" ? now : undefined}
          testId="my-game"
          showStatus
          action={
            g.status === "open" && (
              <Button
                variant="light"
                size="compact-sm"
                onClick={() => cancel.mutate(g.id)}
                loading={cancel.isPending && cancel.variables === g.id}
                disabled={cancel.isPending && cancel.variables !== g.id}
                data-testid="cancel-game"
              >
                ยกเลิก
              </Button>
            )
          }
        >
          {body(g)}
        </GameCard>
      ))}
      {list.some((g) => g.status === "open") && (
        <Text size="xs" c="dimmed">
          เกมที่ไม่มีผู้ท้าจะหมดเวลาและคืนเงินเดิมพันอัตโนมัติ
        </Text>
      )}
    </Stack>
  );
}
