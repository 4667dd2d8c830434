import { Alert, Badge, Button, Card, Divider, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { Slip } from "../../contract/betting";
import { BET_TYPE_LABELS } from "../../domain/bet-types";
import { baht, formatMoney, satangToBaht } from "../../domain/money";
import { SLIP_STATUS, slipState } from "../../domain/slip";
import { formatThaiDateTime } from "../../domain/thai-date";
import { useCancelSlip } from "../lib/calls/cancel-slip";
import { useSlipDetail } from "../lib/calls/slip-detail";
import { formatRate, potentialWin } from "../lib/bet-lines";
import { canCancel } from "../lib/slip-view";

/** One slip: every line with its type, number, stake, fixed rate and win; cancel while the round is open. */
export function SlipDetailModal({
  slip,
  roundText,
  now,
  onClose,
}: {
  slip: Slip | null;
  roundText: string;
  now: number;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={slip !== null}
      onClose={onClose}
      title={slip ? `โพย #${slip.master_id}` : "โพย"}
      centered
      closeButtonProps={{ "aria-label": "ปิด" }}
    >
      {slip && <SlipDetail key={slip.master_id} listed={slip} roundText={roundText} now={now} onClose={onClose} />}
    </Modal>
  );
}

function SlipDetail({ listed, roundText, now, onClose }: { listed: Slip; roundText: string; now: number; onClose: () => void }) {
  const detail = useSlipDetail(listed.master_id);
  const slip = detail.data ?? listed;
  const status = slipState(slip, now);
  const s = SLIP_STATUS[status];
  const settled = status === "won" || status === "lost";
  const [asking, setAsking] = useState(false);

  const cancel = useCancelSlip(slip, () => setAsking(false));

  return (
    <Stack gap="sm" data-testid="slip-detail" data-master-id={slip.master_id} data-status={status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text fw={600}>{slip.name}</Text>
          <Text size="sm" c="dimmed">
            {roundText}
          </Text>
          <Text size="xs" c="dimmed">
            แทงเมื่อ {formatThaiDateTime(slip.created_at)}
          </Text>
        </Stack>
        <Badge color={s.color} variant="filled" style={{ flexShrink: 0 }}>
          {s.label}
        </Badge>
      </Group>
      <Divider />
      <Stack gap={6}>
        {slip.lines.map((l) => {
          // The payout is in baht (the API's); what the line would win is in satang (the domain's rule).
          const win =
            l.result === "win" && settled
              ? l.payout !== null
                ? baht(l.payout)
                : satangToBaht(potentialWin(l.amount, l.priceReturn))
              : baht(0);
          return (
            <Card
              key={l.id}
              withBorder
              radius="md"
              padding={8}
              data-testid="slip-line"
              data-bet-type={l.award_type}
              data-number={l.number}
              data-result={settled ? (l.result ?? "") : ""}
              style={
                settled && l.result === "win"
                  ? { borderColor: "var(--mantine-color-green-6)", background: "var(--mantine-color-green-0)" }
                  : undefined
              }
            >
              <Group justify="space-between" wrap="nowrap">
                <Group gap={8} wrap="nowrap">
                  <Badge variant="light" color="red" radius="sm">
                    {BET_TYPE_LABELS[l.award_type]}
                  </Badge>
                  <Text fw={700} fz="lg" className="award-number">
                    {l.number}
                  </Text>
                </Group>
                {settled && (
                  <Badge color={l.result === "win" ? "green" : "gray"} variant="light" size="sm">
                    {l.result === "win" ? "ถูก" : "ไม่ถูก"}
                  </Badge>
                )}
              </Group>
              <Group justify="space-between" mt={2} wrap="nowrap">
                <Text size="sm">
                  แทง {formatMoney(baht(l.amount))} ฿ × {formatRate(l.priceReturn)}
                </Text>
                {settled ? (
                  <Text size="sm" fw={600} c={win > 0 ? "green.8" : "dimmed"} data-testid="slip-line-win">
                    ได้ {formatMoney(win)} ฿
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed" data-testid="slip-line-win">
                    ถูกได้ {formatMoney(satangToBaht(potentialWin(l.amount, l.priceReturn)))} ฿
                  </Text>
                )}
              </Group>
            </Card>
          );
        })}
      </Stack>
      <Divider />
      <Group justify="space-between">
        <Text>ยอดแทงรวม</Text>
        <Text fw={600} data-testid="detail-total">
          {formatMoney(baht(slip.totalAmount))} ฿
        </Text>
      </Group>
      {slip.totalPaid !== slip.totalAmount && (
        <Group justify="space-between">
          <Text size="sm">จ่ายจริง (หลังส่วนลด)</Text>
          <Text size="sm">{formatMoney(baht(slip.totalPaid))} ฿</Text>
        </Group>
      )}
      {status === "won" && (
        <Group justify="space-between">
          <Text>ยอดถูกรางวัล</Text>
          <Text fw={700} c="green.8" data-testid="detail-win">
            {formatMoney(baht(slip.totalWin))} ฿
          </Text>
        </Group>
      )}
      {status === "returned" && <Alert color="gray">โพยนี้ถูกคืนเครดิตแล้ว</Alert>}
      {cancel.error && <Alert color="red">{cancel.error.message}</Alert>}
      {cancel.isSuccess && (
        <Alert color="orange" data-testid="cancel-result">
          {cancel.data.message}
        </Alert>
      )}
      {canCancel(slip, now) &&
        (asking ? (
          <Card withBorder radius="md" padding="sm" bg="orange.0">
            <Text size="sm" mb="xs">
              ยืนยันยกเลิกโพย #{slip.master_id}? ระบบจะคืนเครดิต {formatMoney(baht(slip.totalPaid))} ฿
            </Text>
            <Group grow>
              <Button variant="default" onClick={() => setAsking(false)} disabled={cancel.isPending}>
                ไม่ยกเลิก
              </Button>
              <Button color="orange" loading={cancel.isPending} onClick={() => cancel.mutate()} data-testid="confirm-cancel-slip">
                ยืนยันยกเลิก
              </Button>
            </Group>
          </Card>
        ) : (
          <Button color="orange" variant="light" onClick={() => setAsking(true)} data-testid="cancel-slip">
            ยกเลิกโพยนี้
          </Button>
        ))}
      <Button variant="default" onClick={onClose}>
        ปิด
      </Button>
    </Stack>
  );
}
