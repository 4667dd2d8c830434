import { ActionIcon, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { BET_TYPE_LABELS } from "../../../domain/bet-types";
import { type Baht, formatMoney } from "../../../domain/money";
import { type FormLine, formatRate, type LineRate } from "../../lib/bet-lines";
import { StakeInput } from "./stake-input";
import { TAP_INPUT } from "./stake-panel";

/**
 * One line of the slip in one row, so that the dozens of lines a shortcut adds stay readable on a
 * phone: number and type, stake, rate (a restricted number's marked), what it would win, remove.
 */
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
  win: Baht;
  onStake: (stake: number | "") => void;
  onRemove: () => void;
}) {
  const label = BET_TYPE_LABELS[line.betType];
  return (
    <Card
      withBorder
      radius="md"
      px={8}
      py={4}
      data-testid="bet-line"
      data-bet-type={line.betType}
      data-number={line.number}
      data-closed={rate?.closed ? "true" : "false"}
      style={rate?.closed ? { borderColor: "var(--mantine-color-red-6)", background: "var(--mantine-color-red-0)" } : undefined}
    >
      <Group gap={8} wrap="nowrap" align="center">
        <Stack gap={0} w={76} style={{ flexShrink: 0 }}>
          <Text fz={22} fw={700} lh={1.15} className="award-number" c={rate?.closed ? "red.8" : undefined}>
            {line.number}
          </Text>
          <Text size="xs" c="red.8" lh={1.2} truncate>
            {label}
          </Text>
        </Stack>
        <StakeInput
          w={80}
          style={{ flexShrink: 0 }}
          value={line.stake}
          onStakeChange={onStake}
          styles={TAP_INPUT}
          rightSection={<Text size="xs">฿</Text>}
          rightSectionWidth={22}
          aria-label={`ยอดแทง ${label} ${line.number}`}
          data-testid="line-stake"
        />
        <Stack gap={0} miw={0} style={{ flex: 1 }} align="flex-end">
          <Text size="xs" c={rate?.changed ? "orange.8" : "dimmed"} lh={1.3} data-testid="line-rate">
            {rate?.closed ? (
              <Badge color="red" size="xs" component="span">
                ปิดรับ
              </Badge>
            ) : (
              <>
                {rate?.changed && (
                  <Badge color="orange" size="xs" variant="light" component="span" mr={4}>
                    เลขอั้น
                  </Badge>
                )}
                ×{rate ? formatRate(rate.rate) : "-"}
                {rate?.changed && (
                  <Text span size="xs" td="line-through" c="dimmed" ml={4}>
                    ×{formatRate(rate.configRate)}
                  </Text>
                )}
              </>
            )}
          </Text>
          {rate?.closed ? (
            <Text size="sm" c="dimmed" lh={1.3} data-testid="line-win">
              –
            </Text>
          ) : (
            <Text size="sm" fw={600} c="green.8" lh={1.3} data-testid="line-win">
              {formatMoney(win)}
            </Text>
          )}
        </Stack>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          style={{ flexShrink: 0 }}
          aria-label={`ลบ ${label} ${line.number}`}
          onClick={onRemove}
          data-testid="remove-line"
        >
          ✕
        </ActionIcon>
      </Group>
      {problem && (
        <Text size="xs" c="red" data-testid="line-problem">
          {problem}
        </Text>
      )}
    </Card>
  );
}
