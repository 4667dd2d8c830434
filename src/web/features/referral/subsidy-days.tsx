import { Alert, Card, Group, SegmentedControl, Skeleton, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { baht, formatMoney } from "../../../domain/money";
import { formatBp } from "../../../domain/referral";
import { formatThaiDrawDate } from "../../../domain/thai-date";
import { EmptyState } from "../../components/empty-state";
import { useSubsidyByDay } from "./api/subsidy-by-day";

const PERIODS = ["7", "30", "90"];

/** The commission earned per day and level, over the last 7, 30 or 90 days. */
export function SubsidyDays() {
  const [days, setDays] = useState("7");
  const subsidy = useSubsidyByDay(Number(days));
  const rows = subsidy.data?.subsidylist ?? [];
  const total = rows.reduce((sum, r) => sum + r.commission, 0);
  return (
    <Stack gap="xs">
      <SegmentedControl
        value={days}
        onChange={setDays}
        data={PERIODS.map((d) => ({ value: d, label: `${d} วัน` }))}
        data-testid="subsidy-period"
      />
      {subsidy.isPending && <Skeleton h={120} radius="lg" />}
      {subsidy.isError && <Alert color="red">{subsidy.error.message}</Alert>}
      {subsidy.isSuccess && rows.length === 0 && (
        <EmptyState title="ยังไม่มีค่าคอมในช่วงนี้" testId="subsidy-empty">
          ค่าคอมจะแสดงที่นี่เมื่องวดที่เพื่อนแทงออกผลแล้ว
        </EmptyState>
      )}
      {rows.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="subsidy-total">
          รวม {days} วัน: <b>{formatMoney(baht(total))} ฿</b>
        </Text>
      )}
      {rows.map((r, i) => (
        <Card key={`${r.date}-${r.level}-${i}`} withBorder radius="md" padding="sm" data-testid="subsidy-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} miw={0}>
              <Text fw={600}>{formatThaiDrawDate(r.date)}</Text>
              <Text size="xs" c="dimmed">
                {r.level === 1 ? "เพื่อนที่คุณแนะนำ" : `เพื่อนชั้นที่ ${r.level}`} · ยอดแทง {formatMoney(baht(r.stake))} ฿ · อัตรา {formatBp(r.rate_bp)}
              </Text>
            </Stack>
            <Text fw={700} c="teal.8" style={{ whiteSpace: "nowrap" }}>
              +{formatMoney(baht(r.commission))} ฿
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
