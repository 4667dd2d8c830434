import { ActionIcon, Badge, Card, Group, NumberInput, Stack, Text } from "@mantine/core";
import { BET_TYPE_LABELS } from "../../../domain/bet-types";
import { formatMoney } from "../../../domain/money";
import { type FormLine, formatRate, type LineRate } from "./bet-lines";

/** One line of the slip: type, number, stake, rate (a restricted number's marked), what it would win. */
export function BetLineCard({
  line,
  rate,
  problem,
  win,
  onStake,
  onRemove,
}: {
  line: FormLine;
  rate: LineRate | null;
  problem: string | null;
  /** Baht the line would win at its rate. */
  win: number;
  onStake: (stake: number | "") => void;
  onRemove: () => void;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="xs"
      data-testid="bet-line"
      data-bet-type={line.betType}
      data-number={line.number}
      data-closed={rate?.closed ? "true" : "false"}
      style={rate?.closed ? { borderColor: "var(--mantine-color-red-6)", background: "var(--mantine-color-red-0)" } : undefined}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap={8} wrap="nowrap" miw={0}>
          <Badge variant="light" color="red" radius="sm" style={{ flexShrink: 0 }}>
            {BET_TYPE_LABELS[line.betType]}
          </Badge>
          <Text fz={22} fw={700} className="award-number" c={rate?.closed ? "red.8" : undefined}>
            {line.number}
          </Text>
          {rate?.closed && (
            <Badge color="red" size="sm">
              ปิดรับ
            </Badge>
          )}
          {rate && !rate.closed && rate.changed && (
            <Badge color="orange" size="sm" variant="light">
              เลขอั้น
            </Badge>
          )}
        </Group>
        <ActionIcon variant="subtle" color="gray" aria-label={`ลบ ${BET_TYPE_LABELS[line.betType]} ${line.number}`} onClick={onRemove} data-testid="remove-line">
          ✕
        </ActionIcon>
      </Group>
      <Group gap={8} wrap="nowrap" mt={4} align="center">
        <NumberInput
          size="xs"
          w={92}
          value={line.stake}
          onChange={(v) => onStake(typeof v === "number" ? v : v === "" ? "" : Number(v))}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          rightSection={<Text size="xs">฿</Text>}
          aria-label="ยอดแทง"
          data-testid="line-stake"
        />
        <Text size="sm" c={rate?.changed ? "orange.8" : "dimmed"} data-testid="line-rate">
          ×{rate ? formatRate(rate.rate) : "-"}
          {rate?.changed && !rate.closed && (
            <Text span size="xs" td="line-through" c="dimmed" ml={4}>
              ×{formatRate(rate.configRate)}
            </Text>
          )}
        </Text>
        <Stack gap={0} ml="auto" align="flex-end">
          <Text size="xs" c="dimmed">
            ถูกได้
          </Text>
          <Text size="sm" fw={600} c="green.8" data-testid="line-win">
            {formatMoney(win)}
          </Text>
        </Stack>
      </Group>
      {problem && (
        <Text size="xs" c="red" mt={2} data-testid="line-problem">
          {problem}
        </Text>
      )}
    </Card>
  );
}
