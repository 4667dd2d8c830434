import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { memo, useState } from "react";
import { Link } from "react-router";
import type { Slip } from "../../../contract/betting";
import { baht, formatMoney } from "../../../domain/money";
import { SLIP_STATUS, slipState, slipTotals } from "../../../domain/slip";
import { formatTime } from "../../../domain/thai-date";
import { useRoundSlips } from "../../lib/calls/round-slips";
import { SlipDetailModal } from "../../components/slip-detail-modal";
import { useServerNow } from "../../lib/server-clock";

/** The player's slips in this round with their totals, and the way to bet on it while it is open. */
export const RoundSlips = memo(function RoundSlips({
  activityid,
  roundText,
  betLink,
}: {
  activityid: number;
  roundText: string;
  betLink: string | null;
}) {
  // The slips' states by the server's clock, ticking here rather than in the page, which renders again only when
  // the round's phase changes (docs/decisions/063).
  const now = useServerNow();
  const slips = useRoundSlips(activityid);
  const list: Slip[] = slips.data ?? [];
  const totals = slipTotals(list, now);
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = list.find((s) => s.master_id === openId) ?? null;

  return (
    <Card withBorder radius="lg" padding="sm" component="section" aria-label="โพยของคุณในรอบนี้" data-testid="round-slips">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>โพยของคุณในรอบนี้</Text>
          {betLink && (
            <Button component={Link} to={betLink} size="compact-sm" variant="light" data-testid="bet-link">
              แทงหวยรอบนี้
            </Button>
          )}
        </Group>
        <SimpleGrid cols={3} spacing={6}>
          <Stack gap={0} className="award-cell" align="center">
            <Text size="xs" c="dimmed">
              จำนวนโพย
            </Text>
            <Text fw={600} data-testid="round-slip-count">
              {totals.count}
            </Text>
          </Stack>
          <Stack gap={0} className="award-cell" align="center">
            <Text size="xs" c="dimmed">
              ยอดแทง
            </Text>
            <Text fw={600} data-testid="round-slip-staked">
              {formatMoney(baht(totals.staked))} ฿
            </Text>
          </Stack>
          <Stack gap={0} className="award-cell" align="center">
            <Text size="xs" c="dimmed">
              ถูกรางวัล
            </Text>
            <Text fw={600} c="green.8" data-testid="round-slip-won">
              {formatMoney(baht(totals.won))} ฿
            </Text>
          </Stack>
        </SimpleGrid>
        {slips.data && list.length === 0 && (
          <Text size="sm" c="dimmed" ta="center">
            ยังไม่มีโพยในรอบนี้
          </Text>
        )}
        {list.map((slip) => {
          const status = slipState(slip, now);
          const s = SLIP_STATUS[status];
          return (
            <UnstyledButton
              key={slip.master_id}
              onClick={() => setOpenId(slip.master_id)}
              data-testid="round-slip"
              data-master-id={slip.master_id}
              data-status={status}
            >
              <Group
                justify="space-between"
                wrap="nowrap"
                px={8}
                py={6}
                style={{ borderLeft: `4px solid var(--mantine-color-${s.color}-6)`, background: "#fbf7f1", borderRadius: 8 }}
              >
                <Text size="sm" miw={0} truncate>
                  โพย #{slip.master_id} · {slip.lines.length} รายการ · {formatTime(slip.created_at).slice(0, 5)} น.
                </Text>
                <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                  <Text size="sm" fw={600}>
                    {formatMoney(baht(status === "won" ? slip.totalWin : slip.totalPaid))} ฿
                  </Text>
                  <Badge color={s.color} variant="filled" size="sm">
                    {s.label}
                  </Badge>
                </Group>
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
      <SlipDetailModal slip={opened} roundText={roundText} now={now} onClose={() => setOpenId(null)} />
    </Card>
  );
});
