import { Alert, Badge, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { Slip } from "../../../contract/betting";
import { baht, formatMoney } from "../../../domain/money";
import { SLIP_STATUS, slipState, slipTotals } from "../../../domain/slip";
import { formatTime } from "../../../domain/thai-date";
import { EmptyState } from "../../components/empty-state";
import { PageTitle } from "../../components/page-title";
import { useServerNow } from "../../lib/server-clock";
import { useSession } from "../../lib/session";
import { useLottoList } from "../../lib/calls/lotto-list";
import { useWinsSeenOnView } from "../../lib/calls/win-notice";
import { useSlipDetail } from "../../lib/calls/slip-detail";
import { postdigitListKey, usePostdigitList } from "./api/postdigit-list";
import { SlipDetailModal } from "../../components/slip-detail-modal";
import { groupByDay, slipRoundLabel } from "../../lib/slip-view";

const PERIODS = [
  { value: "1", label: "วันนี้" },
  { value: "7", label: "7 วัน" },
  { value: "30", label: "30 วัน" },
];

/** /reviewPostList: the player's slips by date, with coloured statuses, totals and each slip's lines. */
export function ReviewPostListPage() {
  const now = useServerNow();
  const [params, setParams] = useSearchParams();
  const period = PERIODS.some((p) => p.value === params.get("period")) ? params.get("period")! : "7";
  const slips = usePostdigitList(Number(period));
  const lottoList = useLottoList();
  const groups = useMemo(() => new Map((lottoList.data ?? []).map((l) => [l.configID, l.group])), [lottoList.data]);
  // ?slip=<id> (a link from the money history) opens that slip, listed in the period or not.
  const linked = Number(params.get("slip")) || null;
  const [openId, setOpenId] = useState<number | null>(linked);
  const linkedDetail = useSlipDetail(openId !== null && !(slips.data ?? []).some((s) => s.master_id === openId) ? openId : null);
  useWinsSeenOnView();
  useListFollowsItsRounds(Number(period), slips.data, slips.refetch, openId, now);

  const list = useMemo(() => slips.data ?? [], [slips.data]);
  const days = useMemo(() => groupByDay(list), [list]);
  const totals = slipTotals(list, now);
  const opened = list.find((s) => s.master_id === openId) ?? (linkedDetail.data?.master_id === openId ? linkedDetail.data : null);

  return (
    <Stack gap="sm">
      <PageTitle>โพยหวย</PageTitle>
      <SegmentedControl
        value={period}
        onChange={(v) => setParams({ period: v }, { replace: true })}
        data={PERIODS}
        fullWidth
        data-testid="period-switch"
      />
      <SimpleGrid cols={3} spacing="xs">
        <Card withBorder radius="md" padding="xs">
          <Text size="xs" c="dimmed">
            จำนวนโพย
          </Text>
          <Text fw={600} data-testid="total-count">
            {totals.count}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="xs">
          <Text size="xs" c="dimmed">
            ยอดแทงรวม
          </Text>
          <Text fw={600} data-testid="total-staked">
            {formatMoney(baht(totals.staked))} ฿
          </Text>
        </Card>
        <Card withBorder radius="md" padding="xs">
          <Text size="xs" c="dimmed">
            ยอดถูกรางวัล
          </Text>
          <Text fw={600} c="green.8" data-testid="total-won">
            {formatMoney(baht(totals.won))} ฿
          </Text>
        </Card>
      </SimpleGrid>

      {slips.error && <Alert color="red">{slips.error.message}</Alert>}
      {slips.isPending && <Skeleton h={120} radius="lg" />}
      {slips.data && list.length === 0 && <EmptyState title="ยังไม่มีโพย">โพยที่คุณแทงจะแสดงที่นี่ พร้อมสถานะ รับแทง / ชนะ / แพ้</EmptyState>}

      {days.map((day) => (
        <Stack key={day.dateKey} gap={6} component="section" aria-label={day.label} data-testid="slip-day" data-date={day.dateKey}>
          <Title order={4} size="h5">
            {day.label}
          </Title>
          {day.slips.map((s) => (
            <SlipRow key={s.master_id} slip={s} now={now} roundText={slipRoundLabel(s, groups)} onOpen={() => setOpenId(s.master_id)} />
          ))}
        </Stack>
      ))}

      <SlipDetailModal
        slip={opened}
        roundText={opened ? slipRoundLabel(opened, groups) : ""}
        now={now}
        onClose={() => {
          setOpenId(null);
          if (linked !== null) setParams({ period }, { replace: true });
        }}
      />
    </Stack>
  );
}

/**
 * The rows listed are read again whenever they may have fallen behind their rounds (docs/decisions/036): the
 * credit changed while the page is open (a payout or a refund has just come), a listed round's close time has
 * passed, or the detail of a slip, read fresh, says otherwise (its answer replaces the row). A round the
 * operator closed early and settled is then shown as its detail and the credit say, not as it was listed.
 */
function useListFollowsItsRounds(period: number, rows: Slip[] | undefined, refetch: () => unknown, openId: number | null, now: number) {
  const queryClient = useQueryClient();
  const { credit } = useSession();
  const creditSeen = useRef(credit);
  useEffect(() => {
    if (creditSeen.current !== undefined && credit !== undefined && credit !== creditSeen.current) void refetch();
    creditSeen.current = credit;
  }, [credit, refetch]);

  const roundClosedSinceRead = (rows ?? []).some((s) => s.status === "active" && s.roundStatus === "open" && now >= Date.parse(s.timestop));
  useEffect(() => {
    if (roundClosedSinceRead) void refetch();
  }, [roundClosedSinceRead, refetch]);

  // The detail's own query (the dialog reads it; this shares its answer, it does not ask again).
  const fresh = useSlipDetail(openId).data;
  useEffect(() => {
    if (!fresh) return;
    queryClient.setQueryData<Slip[]>(postdigitListKey(period), (old) => {
      const i = old?.findIndex((s) => s.master_id === fresh.master_id) ?? -1;
      if (!old || i < 0 || JSON.stringify(old[i]) === JSON.stringify(fresh)) return old;
      return old.map((s, j) => (j === i ? fresh : s));
    });
  }, [fresh, period, queryClient]);
}

function SlipRow({ slip, now, roundText, onOpen }: { slip: Slip; now: number; roundText: string; onOpen: () => void }) {
  const status = slipState(slip, now);
  const s = SLIP_STATUS[status];
  return (
    <UnstyledButton onClick={onOpen} data-testid="slip-row" data-status={status} data-master-id={slip.master_id}>
      <Card withBorder radius="md" padding="sm" style={{ borderLeft: `4px solid var(--mantine-color-${s.color}-6)` }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600} lineClamp={1}>
              {slip.name}
            </Text>
            <Text size="xs" c="dimmed">
              {roundText} · โพย #{slip.master_id} · {formatTime(slip.created_at)}
            </Text>
          </Stack>
          <Badge color={s.color} variant="filled" style={{ flexShrink: 0 }} data-testid="slip-status">
            {s.label}
          </Badge>
        </Group>
        <Group justify="space-between" mt={4}>
          <Text size="sm">
            {slip.lines.length} รายการ · แทง <b data-testid="slip-total">{formatMoney(baht(slip.totalPaid))}</b> ฿
          </Text>
          {status === "won" && (
            <Text size="sm" fw={700} c="green.8" data-testid="slip-win">
              ถูก {formatMoney(baht(slip.totalWin))} ฿
            </Text>
          )}
        </Group>
      </Card>
    </UnstyledButton>
  );
}
