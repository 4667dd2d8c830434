import { Alert, Anchor, Button, Card, Group, NativeSelect, SegmentedControl, Skeleton, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Movement, MovementSource } from "../../../contract/account";
import { baht, formatCredit, formatMoney } from "../../../domain/money";
import { MOVEMENT_KINDS } from "../../../domain/movements";
import { PATHS, yeekeePagePath } from "../../lib/paths";
import { EmptyState } from "../../components/empty-state";
import { CREDIT_KEY } from "../../lib/session";
import { useMoneyHistory } from "./api/money-history";

const PERIODS = [
  { value: "1", label: "วันนี้" },
  { value: "7", label: "7 วัน" },
  { value: "30", label: "30 วัน" },
  { value: "90", label: "90 วัน" },
];

// The one label table (src/domain/movements.ts): a kind added there shows here as a filter too.
const KIND_OPTIONS = [{ value: "", label: "ทุกประเภท" }, ...Object.entries(MOVEMENT_KINDS).map(([value, label]) => ({ value, label }))];

/** A link a thumb can hit: 44 px high (the tap targets of docs/decisions/030). */
const TAP = { display: "inline-flex", alignItems: "center", minHeight: 44 } as const;

/** The slip or request a movement came from, as a link. */
function SourceLink({ source }: { source: MovementSource }) {
  const link = (to: string, text: string) => (
    <Anchor component={Link} to={to} size="sm" c="red.9" style={TAP} data-testid="movement-source" data-source={source.type}>
      {text}
    </Anchor>
  );
  switch (source.type) {
    case "slips":
      if (source.slips.length === 0) return null;
      return (
        <Group gap={6}>
          {source.slips.map((id) => (
            <Anchor
              key={id}
              component={Link}
              to={`${PATHS.reviewPostList}?slip=${id}`}
              size="sm"
              c="red.9"
              style={TAP}
              data-testid="movement-source"
              data-source="slip"
            >
              โพย #{id}
            </Anchor>
          ))}
        </Group>
      );
    case "deposit":
      return link(`${PATHS.mainCredit}?tab=history#paynow-${source.id}`, `แจ้งฝาก #${source.id}`);
    case "withdrawal":
      return link(`${PATHS.mainCredit}?tab=history#withdrawal-${source.id}`, `คำขอถอน #${source.id}`);
    case "game":
      return link(PATHS.games, `เกม #${source.id}`);
    case "yeekee":
      return link(yeekeePagePath(source.round), `งวดยี่กี #${source.round} (ลำดับที่ ${source.position})`);
    case "redemption":
      return link(PATHS.privilege, `แลกแต้ม #${source.id}`);
    case "affiliate":
      return link(PATHS.yourself, `โยกค่าคอม #${source.id}`);
  }
}

function MovementRow({ m }: { m: Movement }) {
  const incoming = m.amount > 0;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="movement-row" data-kind={m.kind} data-id={m.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text fw={600} data-testid="movement-label">
            {m.label}
          </Text>
          <Text size="xs" c="gray.7">
            {m.date_time}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={700} c={incoming ? "teal.9" : "red.9"} data-testid="movement-amount" data-amount={m.amount}>
            {incoming ? "+" : "−"}
            {formatMoney(baht(Math.abs(m.amount)))} ฿
          </Text>
          <Text size="xs" c="gray.7" data-testid="movement-balance" data-balance={m.balance_after}>
            คงเหลือ {formatMoney(baht(m.balance_after))} ฿
          </Text>
        </Stack>
      </Group>
      {m.note && (
        <Text size="sm" mt={4} data-testid="movement-note">
          หมายเหตุจากเจ้าหน้าที่: {m.note}
        </Text>
      )}
      {m.source && (
        <Group gap={6}>
          <SourceLink source={m.source} />
        </Group>
      )}
    </Card>
  );
}

/**
 * Every movement of the player's credit (ประวัติ): deposits, withdrawals, stakes, wins, refunds, rewards,
 * adjustments with the operator's note, commission moved in, points, games; each with the balance after it,
 * so the newest row's balance is the header's credit.
 */
export function MoneyHistory() {
  const [kind, setKind] = useState("");
  const [days, setDays] = useState("30");
  const history = useMoneyHistory({ kind: kind || null, days: Number(days) });
  const rows = history.data?.pages.flatMap((p) => p.list) ?? [];
  const serverCredit = history.data?.pages[0]?.credit;
  const queryClient = useQueryClient();
  // The header shows the credit this list was read with, so the two always agree on screen.
  useEffect(() => {
    if (serverCredit !== undefined) queryClient.setQueryData(CREDIT_KEY, { status: "Success" as const, credit: serverCredit });
  }, [serverCredit, queryClient]);
  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7">
        ทุกรายการที่เครดิตของคุณเพิ่มหรือลด พร้อมยอดคงเหลือหลังแต่ละรายการ: ยอดคงเหลือของรายการล่าสุดคือเครดิตที่แสดงด้านบน
        {serverCredit !== undefined && (
          <>
            {" "}
            (<b data-testid="history-credit">{formatCredit(baht(serverCredit))}</b>)
          </>
        )}
      </Text>
      {/* The phone's own picker: a long list of kinds with nothing to type, read the same by every screen reader. */}
      <NativeSelect
        aria-label="ประเภทรายการ"
        data={KIND_OPTIONS}
        value={kind}
        onChange={(e) => setKind(e.currentTarget.value)}
        data-testid="history-kind"
      />
      <SegmentedControl value={days} onChange={setDays} data={PERIODS} fullWidth data-testid="history-period" />
      {history.error && <Alert color="red">{history.error.message}</Alert>}
      {history.isPending && <Skeleton h={80} radius="md" />}
      {history.data && rows.length === 0 && <EmptyState title="ไม่มีรายการในช่วงนี้" />}
      {rows.map((m) => (
        <MovementRow key={m.id} m={m} />
      ))}
      {history.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void history.fetchNextPage()}
          loading={history.isFetchingNextPage}
          data-testid="history-more"
        >
          ดูรายการก่อนหน้า
        </Button>
      )}
    </Stack>
  );
}
