import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { type Baht, formatMoney } from "../../../domain/money";

/** The slip's totals and the send button, kept in sight above the bottom navigation once there are lines. */
export function SlipSummary({
  count,
  total,
  paid,
  credit,
  blocker,
  checking,
  problem = null,
  onSubmit,
}: {
  count: number;
  /** Baht staked and baht to pay (less a percent-lotto discount). */
  total: Baht;
  paid: Baht;
  credit: Baht | undefined;
  blocker: string | null;
  checking: boolean;
  /** Why the last press did not send (e.g. no connection), shown beside the button the player pressed. */
  problem?: string | null;
  onSubmit: () => void;
}) {
  return (
    <Card withBorder radius="lg" padding="sm" shadow="sm" style={count > 0 ? { position: "sticky", bottom: 76, zIndex: 5 } : undefined}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {count} รายการ · ยอดแทงรวม
          </Text>
          <Text fw={700} fz="lg" data-testid="slip-total">
            {formatMoney(total)} ฿
          </Text>
          {paid !== total && (
            <Text size="xs" c="dimmed">
              จ่ายจริง {formatMoney(paid)} ฿
            </Text>
          )}
        </Stack>
        <Button size="md" h={48} disabled={blocker !== null} loading={checking} onClick={onSubmit} data-testid="submit-slip">
          ส่งโพย
        </Button>
      </Group>
      {problem && (
        <Text size="sm" c="red.8" fw={600} mt={4} role="alert" data-testid="submit-problem">
          {problem}
        </Text>
      )}
      {blocker && count > 0 && (
        <Text size="xs" c="red" mt={4} data-testid="submit-blocker">
          {blocker}
        </Text>
      )}
      {!blocker && credit !== undefined && paid > credit && (
        <Text size="xs" c="red" mt={4}>
          เครดิตไม่พอ (คงเหลือ {formatMoney(credit)} ฿)
        </Text>
      )}
    </Card>
  );
}
