import { Alert, Button, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { GameView } from "../../../contract/games";
import { GAME_LABELS, type GameSide, sidesOf } from "../../../domain/games";
import { baht, formatMoney } from "../../../domain/money";
import { useGuessGame } from "./api/guess-game";
import { GuessResult } from "./guess-result";

const SIDE_HINTS: Partial<Record<GameSide, string>> = { สูง: "รวม 11-18", ต่ำ: "รวม 3-10" };

/**
 * The challenge of one open game: the player stakes the same and picks a side; the answer decides the
 * game at once and is shown with the reveal and its check. Mount with `key={game.id}` so each game
 * starts a fresh guess.
 */
export function GuessDialog({ game, onClose }: { game: GameView | null; onClose: () => void }) {
  const guess = useGuessGame();
  const [picked, setPicked] = useState<GameSide | null>(null);

  const submit = (side: GameSide) => {
    if (!game) return;
    setPicked(side);
    guess.mutate({ id: game.id, gametype: game.gametype, guess: side });
  };

  return (
    <Modal
      opened={game !== null}
      onClose={guess.isPending ? () => undefined : onClose}
      title={game ? `ท้า${GAME_LABELS[game.gametype]} #${game.id}` : "ท้าเกม"}
      centered
      closeButtonProps={{ "aria-label": "ปิด" }}
    >
      {game && (
        <Stack gap="sm" data-testid="guess-dialog">
          {guess.isSuccess && picked ? (
            <GuessResult answer={guess.data} game={game} guess={picked} />
          ) : (
            <>
              <Text size="sm">
                เดิมพัน <b>{formatMoney(baht(game.price))} ฿</b> เท่ากับผู้สร้าง ({game.creator}) ผู้ชนะได้รับเงินเดิมพันทั้งสองฝ่ายหักค่าธรรมเนียม
              </Text>
              <Text size="sm" fw={600}>
                {game.gametype === "huakoi" ? "ทายว่าผู้สร้างเลือกข้างไหน" : "ทายผลรวมลูกเต๋าสามลูก"}
              </Text>
              <SimpleGrid cols={2} spacing="sm">
                {sidesOf(game.gametype).map((side) => (
                  <Button
                    key={side}
                    size="lg"
                    h={72}
                    variant={picked === side ? "filled" : "light"}
                    onClick={() => submit(side)}
                    loading={guess.isPending && picked === side}
                    disabled={guess.isPending && picked !== side}
                    data-testid={`guess-side-${side}`}
                  >
                    <Stack gap={0} align="center">
                      <span>{side}</span>
                      {SIDE_HINTS[side] && <Text size="xs">{SIDE_HINTS[side]}</Text>}
                    </Stack>
                  </Button>
                ))}
              </SimpleGrid>
              {guess.isError && (
                <Alert color="red" data-testid="guess-error">
                  {guess.error.message}
                </Alert>
              )}
            </>
          )}
          {!guess.isPending && (
            <Button variant="default" onClick={onClose} data-testid="guess-close">
              {guess.isSuccess ? "ปิด" : "ยกเลิก"}
            </Button>
          )}
        </Stack>
      )}
    </Modal>
  );
}
