import { Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { BET_TYPE_LABELS, type BetType } from "../../../domain/bet-types";
import { baht, formatMoney } from "../../../domain/money";
import { StakeInput } from "./stake-input";

export const QUICK_AMOUNTS = [5, 10, 20, 50, 100] as const;

/** Inputs a thumb can hit: 44 px high (the Mantine default is 36). */
export const TAP_INPUT = { input: { height: 44, minHeight: 44 } } as const;

/**
 * The stake of each chosen bet type (one for a single type; one per type when a number goes on several
 * types at once), the quick amounts that set them all, and the button that puts the first type's stake
 * on every line already on the slip.
 */
export function StakePanel({
  stakes,
  lineCount,
  onStake,
  onQuick,
  onApplyAll,
}: {
  /** The chosen types, the type picked on the form first. */
  stakes: ReadonlyArray<{ betType: BetType; stake: number | "" }>;
  lineCount: number;
  onStake: (betType: BetType, stake: number | "") => void;
  onQuick: (amount: number) => void;
  onApplyAll: (stake: number) => void;
}) {
  const first = stakes[0];
  if (!first) return null;
  const single = stakes.length === 1;
  const allAt = (a: number) => stakes.every((s) => s.stake === a);
  return (
    <Stack gap={6}>
      <SimpleGrid cols={single ? 1 : 2} spacing={6}>
        {stakes.map((s, i) => (
          <StakeInput
            key={s.betType}
            label={single ? "ราคาแทงต่อเลข (บาท)" : `${BET_TYPE_LABELS[s.betType]} (บาท)`}
            value={s.stake}
            onStakeChange={(v) => onStake(s.betType, v)}
            name={i === 0 ? "default-stake" : `stake-${s.betType}`}
            data-testid={i === 0 ? "default-stake" : `stake-${s.betType}`}
            styles={TAP_INPUT}
          />
        ))}
      </SimpleGrid>
      <Group gap={6} grow aria-label={single ? "ราคาด่วน" : "ราคาด่วน (ทุกประเภทที่เลือก)"} role="group">
        {QUICK_AMOUNTS.map((a) => (
          <Button
            key={a}
            h={44}
            px={0}
            variant={allAt(a) ? "filled" : "default"}
            color="red"
            onClick={() => onQuick(a)}
            data-testid={`quick-amount-${a}`}
            aria-label={`${a} บาท`}
          >
            {a}
          </Button>
        ))}
      </Group>
      {lineCount > 0 && first.stake !== "" && (
        <Button h={44} variant="subtle" c="red.9" onClick={() => onApplyAll(first.stake as number)} data-testid="apply-stake-all">
          ใช้ราคา {formatMoney(baht(first.stake))} บาท กับทุกเลข ({lineCount})
        </Button>
      )}
      {!single && (
        <Text size="xs" c="dimmed">
          แต่ละเลขจะลงทุกประเภทที่เลือก ด้วยราคาของประเภทนั้น
        </Text>
      )}
    </Stack>
  );
}
