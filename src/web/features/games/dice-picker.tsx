import { Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { type Dice, hilowSide } from "../../../domain/games";
import { diceText } from "./show-game";

const FACES = ["1", "2", "3", "4", "5", "6"];

/** Three dice, each 1-6, with their total and side. */
export function DicePicker({ dice, onChange }: { dice: Dice; onChange: (dice: Dice) => void }) {
  const set = (i: 0 | 1 | 2, value: string) => {
    const next: [number, number, number] = [...dice];
    next[i] = Number(value);
    onChange(next);
  };
  return (
    <Stack gap={6}>
      {([0, 1, 2] as const).map((i) => (
        <Group key={i} gap="xs" wrap="nowrap">
          <Text size="sm" w={56} style={{ flexShrink: 0 }}>
            ลูกที่ {i + 1}
          </Text>
          <SegmentedControl
            style={{ flex: 1 }}
            value={String(dice[i])}
            onChange={(v) => set(i, v)}
            data={FACES}
            aria-label={`ลูกเต๋าลูกที่ ${i + 1}`}
            data-testid={`create-die-${i + 1}`}
          />
        </Group>
      ))}
      <Text size="sm" data-testid="create-dice-total">
        {diceText(dice)} = <b>{hilowSide(dice)}</b>
      </Text>
    </Stack>
  );
}
