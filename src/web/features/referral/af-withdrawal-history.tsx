import { Alert, Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { baht, formatMoney } from "../../../domain/money";
import { EmptyState } from "../../components/empty-state";
import { AF_HISTORY_DAYS, useAfWithdrawals } from "./api/af-withdrawals";

/** Moves from the affiliate balance to the credit in the last 90 days. */
export function AfWithdrawalHistory() {
  const history = useAfWithdrawals();
  if (history.isPending) return <Skeleton h={120} radius="lg" />;
  if (history.isError) return <Alert color="red">{history.error.message}</Alert>;
  const rows = history.data.withdrawallist;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        รายการโยกค่าคอมเข้าเครดิต ย้อนหลัง {AF_HISTORY_DAYS} วัน
      </Text>
      {rows.length === 0 && <EmptyState title="ยังไม่มีรายการโยกค่าคอม" testId="af-history-empty" />}
      {rows.map((w) => (
        <Card key={w.id} withBorder radius="md" padding="sm" data-testid="af-withdrawal-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} miw={0}>
              <Text size="sm">{w.date_time}</Text>
              {w.note && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {w.note}
                </Text>
              )}
            </Stack>
            <Text fw={600} style={{ whiteSpace: "nowrap" }}>
              {formatMoney(baht(w.amount))} ฿
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
