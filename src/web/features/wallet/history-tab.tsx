import { Badge, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { DepositRequestState } from "../../../contract/wallet";
import { BANKS } from "../../../domain/banks";
import { baht, formatMoney } from "../../../domain/money";
import { ApprovalBadge } from "../../components/approval-badge";
import { EmptyState } from "../../components/empty-state";
import { useSession } from "../../lib/session";
import { MoneyHistory } from "./money-history";
import { depositRequestsQuery } from "./api/read-deposit-requests";
import { payRecordsQuery } from "./api/read-pay-record-by-uuid";
import { withdrawalsQuery } from "./api/read-withdrawallist";

/** Amounts asked for and never reported (decision 035); reported ones are the deposit rows below them. */
const REQUEST_STATE: Record<DepositRequestState, { label: string; color: string }> = {
  open: { label: "รอโอน", color: "blue" },
  expired: { label: "หมดเวลา", color: "gray" },
  cancelled: { label: "ยกเลิก", color: "orange" },
};

export function HistoryTab() {
  const { uuid } = useSession();
  const [days, setDays] = useState("7");
  const deposits = useQuery({
    ...payRecordsQuery(uuid, days),
    enabled: !!uuid,
    meta: { blocking: true },
  });
  const requests = useQuery({
    ...depositRequestsQuery(uuid, days),
    enabled: !!uuid,
    meta: { blocking: true },
  });
  const withdrawals = useQuery({
    ...withdrawalsQuery(uuid, days),
    enabled: !!uuid,
    meta: { blocking: true },
  });
  const depositList = deposits.data?.arrPayRecordByUserAllStatus ?? [];
  const requestList = requests.data?.depositRequests ?? [];
  const withdrawalList = withdrawals.data?.withdrawallist ?? [];
  return (
    <Stack>
      <Title order={4} size="h5">
        รายการเงินทั้งหมด
      </Title>
      <MoneyHistory />
      <Title order={4} size="h5" mt="md">
        คำขอฝาก-ถอน
      </Title>
      <SegmentedControl
        value={days}
        onChange={setDays}
        data={[
          { value: "1", label: "วันนี้" },
          { value: "7", label: "7 วัน" },
          { value: "30", label: "30 วัน" },
        ]}
      />
      <Title order={4} size="h5">
        รายการฝาก
      </Title>
      {depositList.length === 0 && requestList.length === 0 && <EmptyState title="ไม่มีรายการฝาก" />}
      {requestList.map((r) => (
        <Card
          key={r.id}
          withBorder
          radius="md"
          padding="sm"
          data-testid="deposit-request-row"
          data-state={r.state}
          data-transection={r.transection}
        >
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600} c={r.state === "open" ? undefined : "gray.7"} data-testid="deposit-request-amount" data-amount={r.amount}>
                {formatMoney(baht(r.amount))} ฿
              </Text>
              <Text size="xs" c="gray.7">
                {r.date_time} · ขอยอดโอน {r.transection}
              </Text>
            </Stack>
            <Badge color={REQUEST_STATE[r.state].color} variant="light" data-state={r.state} style={{ flexShrink: 0 }}>
              {REQUEST_STATE[r.state].label}
            </Badge>
          </Group>
        </Card>
      ))}
      {depositList.map((d) => (
        <Card key={d.id} id={`paynow-${d.id}`} withBorder radius="md" padding="sm" data-testid="deposit-row">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600}>+{formatMoney(baht(d.amount))} ฿</Text>
              <Text size="xs" c="dimmed">
                {d.date_time} · จาก {BANKS[d.bankname].thaiName}
              </Text>
            </Stack>
            <ApprovalBadge status={d.status} />
          </Group>
        </Card>
      ))}
      <Title order={4} size="h5">
        รายการถอน
      </Title>
      {withdrawalList.length === 0 && <EmptyState title="ไม่มีรายการถอน" />}
      {withdrawalList.map((w) => (
        <Card key={w.id} id={`withdrawal-${w.id}`} withBorder radius="md" padding="sm" data-testid="withdrawal-row">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600}>-{formatMoney(baht(w.amount))} ฿</Text>
              <Text size="xs" c="dimmed">
                {w.date_time} · {BANKS[w.bankname].thaiName} {w.bankno}
              </Text>
            </Stack>
            <ApprovalBadge status={w.status} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
