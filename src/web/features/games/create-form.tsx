import { Alert, Button, Card, Group, NumberInput, SegmentedControl, Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import { type Dice, GAME_LABELS, type GameSide, type GameType, HUAKOI_SIDES } from "../../../domain/games";
import { baht, formatMoney } from "../../../domain/money";
import { useAddGame } from "./api/add-game";
import { DicePicker } from "./dice-picker";

const QUICK_STAKES = [10, 50, 100, 500];

/**
 * A new game: the stake, and the hidden choice (a side for huakoi; three dice for hi-low, or none so
 * the server rolls them). The answer shows the commitment the server published for it.
 */
export function CreateForm({ type }: { type: GameType }) {
  const [price, setPrice] = useState<number | string>("");
  const [side, setSide] = useState<GameSide>("หัว");
  const [serverRoll, setServerRoll] = useState(true);
  const [dice, setDice] = useState<Dice>([1, 1, 1]);
  const add = useAddGame();

  const submit = () => {
    add.mutate({
      gametype: type,
      // An empty field goes as 0 so the contract's Thai message ("มากกว่า 0") is shown.
      price: Number(price || 0),
      ...(type === "huakoi" ? { side } : {}),
      ...(type === "hilow" && !serverRoll ? { dice } : {}),
    });
  };

  return (
    <Card
      withBorder
      radius="lg"
      component="form"
      data-testid="create-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <NumberInput
          label="เงินเดิมพัน (บาท)"
          description="ผู้ท้าต้องวางเท่ากัน ผู้ชนะได้รับทั้งสองส่วนหักค่าธรรมเนียม"
          value={price}
          onChange={(v) => {
            setPrice(v);
            add.reset();
          }}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          inputMode="decimal"
          name="game-price"
          data-testid="create-price"
        />
        <Group gap={6} grow>
          {QUICK_STAKES.map((n) => (
            <Button key={n} variant="light" size="compact-sm" onClick={() => setPrice(n)}>
              {n}
            </Button>
          ))}
        </Group>
        {type === "huakoi" ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              ข้างที่คุณซ่อนไว้
            </Text>
            <SegmentedControl
              fullWidth
              size="md"
              value={side}
              onChange={(v) => setSide(v as GameSide)}
              data={[...HUAKOI_SIDES]}
              data-testid="create-side"
            />
          </Stack>
        ) : (
          <Stack gap="xs">
            <Switch
              label="ให้ระบบทอยลูกเต๋า"
              description="ระบบสุ่มลูกเต๋าด้วยตัวสุ่มที่ปลอดภัย และซ่อนไว้จนมีผู้ท้า"
              checked={serverRoll}
              onChange={(e) => setServerRoll(e.currentTarget.checked)}
              data-testid="server-roll"
            />
            {!serverRoll && <DicePicker dice={dice} onChange={setDice} />}
          </Stack>
        )}
        {add.isError && (
          <Alert color="red" data-testid="create-error">
            {add.error.message}
          </Alert>
        )}
        {add.isSuccess && (
          <Alert color="teal" data-testid="create-result" data-game-id={add.data.game.id}>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                สร้างเกมแล้ว #{add.data.game.id} · {formatMoney(baht(add.data.game.price))} ฿
              </Text>
              {(add.data.msg || add.data.message) && <Text size="xs">{add.data.msg || add.data.message}</Text>}
              <Text size="xs">ค่าที่ประกาศ (SHA-256) ใช้ตรวจสอบภายหลังว่าไม่มีการเปลี่ยนตัวเลือก:</Text>
              <Text size="xs" ff="monospace" style={{ overflowWrap: "anywhere" }} data-testid="create-commitment">
                {add.data.game.commitment}
              </Text>
            </Stack>
          </Alert>
        )}
        <Button type="submit" size="md" loading={add.isPending} data-testid="create-submit">
          สร้างเกม{GAME_LABELS[type]}
        </Button>
      </Stack>
    </Card>
  );
}
