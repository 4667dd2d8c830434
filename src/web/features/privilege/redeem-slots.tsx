import { Alert, Button, Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { RedeemSlot } from "../../../contract/points";
import { baht, formatMoney } from "../../../domain/money";
import { EmptyState } from "../../components/empty-state";
import { useRedeem } from "./api/redeem";
import { useRedeemSlots } from "./api/redeem-slots";
import { showPoints } from "./show-points";

/** The redemption slots as cards; a slot can be redeemed when the usable points cover it. */
export function RedeemSlots({ usable }: { usable: number | undefined }) {
  const slots = useRedeemSlots();
  const redeem = useRedeem();
  const [redeeming, setRedeeming] = useState<number | null>(null);

  if (slots.isPending) return <Skeleton h={120} radius="lg" />;
  if (slots.isError) return <Alert color="red">{slots.error.message}</Alert>;
  const list = slots.data.redeembonuslist;

  const submit = (slot: RedeemSlot) => {
    setRedeeming(slot.id);
    redeem.mutate([slot.id], { onSettled: () => setRedeeming(null) });
  };

  return (
    <Stack gap="xs">
      {redeem.isError && (
        <Alert color="red" data-testid="redeem-error">
          {redeem.error.message}
        </Alert>
      )}
      {redeem.isSuccess && (
        <Alert color="teal" data-testid="redeem-message">
          {redeem.data.message}
        </Alert>
      )}
      {list.length === 0 && (
        <EmptyState title="ยังไม่มีรายการแลกแต้ม" testId="redeem-empty">
          รายการแลกแต้มเป็นเครดิตจะแสดงที่นี่
        </EmptyState>
      )}
      {list.map((slot) => {
        const short = usable === undefined ? null : Math.max(0, slot.score - usable);
        return (
          <Card key={slot.id} withBorder radius="md" padding="sm" data-testid="redeem-slot" data-slot-id={slot.id}>
            <Group justify="space-between" wrap="nowrap" align="center">
              <Stack gap={0} miw={0}>
                <Text fw={700} data-testid="redeem-slot-score">
                  {slot.score.toLocaleString("en-US")} แต้ม
                </Text>
                <Text size="sm">
                  รับเครดิต{" "}
                  <Text span fw={700} c="teal.8" data-testid="redeem-slot-bonus">
                    {formatMoney(baht(slot.bonus))} ฿
                  </Text>
                </Text>
                <Text size="xs" c="dimmed">
                  แลกได้วันละ {slot.per_day_limit} ครั้ง
                </Text>
                {short !== null && short > 0 && (
                  <Text size="xs" c="red.7">
                    ขาดอีก {showPoints(short)} แต้ม
                  </Text>
                )}
              </Stack>
              <Button
                onClick={() => submit(slot)}
                disabled={short === null || short > 0 || (redeem.isPending && redeeming !== slot.id)}
                loading={redeem.isPending && redeeming === slot.id}
                data-testid="redeem-button"
              >
                แลก
              </Button>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
