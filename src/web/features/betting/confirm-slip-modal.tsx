import { Alert, Button, Divider, Group, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { RefusalReason } from "../../../contract/common";
import { BET_TYPE_LABELS } from "../../../domain/bet-types";
import { baht, type Baht, formatMoney } from "../../../domain/money";
import { PATHS } from "../../lib/paths";
import { type FormLine, totalsByType } from "../../lib/bet-lines";

/** What a refused slip needs: sending the same slip again, or something else first. */
export type SlipError = { message: string; statusCode?: number; reason?: RefusalReason };

type Remedy = { kind: "retry" } | { kind: "link"; to: string; label: string; testId: string } | { kind: "edit" };

/**
 * A retry is offered only where sending again can succeed: the server could not be reached, was busy or
 * failed, or waited for the reality check (answered in its own dialog). Too little credit leads to the
 * deposit page, a closed round to the list of lotteries with their next rounds; anything else about the
 * lines themselves is fixed by editing them.
 */
export function remedyFor(error: SlipError): Remedy {
  if (error.reason === "insufficient_funds") return { kind: "link", to: PATHS.mainCredit, label: "ไปหน้าฝากเงิน", testId: "confirm-deposit" };
  if (error.reason === "round_closed" || error.reason === "round_not_found")
    return { kind: "link", to: PATHS.homeAllLotto, label: "เลือกงวดถัดไป", testId: "confirm-next-round" };
  if (error.reason === "rg_reality_check") return { kind: "retry" };
  if (error.reason) return { kind: "edit" };
  const status = error.statusCode ?? 0;
  return status === 0 || status === 408 || status === 429 || status >= 500 ? { kind: "retry" } : { kind: "edit" };
}

export interface Confirmation {
  /** The same for the same lines until the slip is accepted (useSlipDatetime): a retry is the same slip to the server. */
  datetime: string;
  lines: FormLine[];
  total: Baht;
  paid: Baht;
}

export function ConfirmSlipModal({
  confirmation,
  title,
  credit,
  error,
  pending,
  onConfirm,
  onClose,
}: {
  confirmation: Confirmation | null;
  title: string;
  credit: Baht | undefined;
  error: SlipError | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const c = confirmation;
  const remedy = error ? remedyFor(error) : null;
  return (
    <Modal
      opened={c !== null}
      onClose={pending ? () => undefined : onClose}
      title="ยืนยันการส่งโพย"
      centered
      closeButtonProps={{ "aria-label": "ปิด", size: "xl" }}
    >
      {c && (
        <Stack gap="sm" data-testid="confirm-dialog">
          <Text fw={600}>{title}</Text>
          <ScrollArea.Autosize mah={220} viewportProps={{ tabIndex: 0, "aria-label": "รายการในโพย" }}>
            <Stack gap={4}>
              {c.lines.map((l) => (
                <Group key={l.key} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {BET_TYPE_LABELS[l.betType]} <b className="award-number">{l.number}</b>
                  </Text>
                  <Text size="sm">{formatMoney(baht(l.stake === "" ? 0 : l.stake))} ฿</Text>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Divider />
          <Stack gap={2} data-testid="confirm-by-type">
            {totalsByType(c.lines).map((t) => (
              <Group
                key={t.betType}
                justify="space-between"
                wrap="nowrap"
                data-testid="confirm-type"
                data-bet-type={t.betType}
                data-count={t.count}
                data-total={t.total}
              >
                <Text size="sm">
                  {BET_TYPE_LABELS[t.betType]} {t.count} เลข
                </Text>
                <Text size="sm">{formatMoney(baht(t.total))} ฿</Text>
              </Group>
            ))}
          </Stack>
          <Divider />
          <Group justify="space-between">
            <Text>จำนวน</Text>
            <Text fw={600} data-testid="confirm-count">
              {c.lines.length} รายการ
            </Text>
          </Group>
          <Group justify="space-between">
            <Text>ยอดแทงรวม</Text>
            <Text fw={700} fz="lg" data-testid="confirm-total">
              {formatMoney(c.total)} ฿
            </Text>
          </Group>
          {c.paid !== c.total && (
            <Group justify="space-between">
              <Text>ยอดที่ต้องจ่าย (หลังส่วนลด)</Text>
              <Text fw={700}>{formatMoney(c.paid)} ฿</Text>
            </Group>
          )}
          {credit !== undefined && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                เครดิตหลังแทง
              </Text>
              <Text size="sm" c={credit - c.paid < 0 ? "red" : "dimmed"}>
                {formatMoney(baht(credit - c.paid))} ฿
              </Text>
            </Group>
          )}
          {error && (
            <Alert color="red" data-testid="confirm-error">
              {error.message}
            </Alert>
          )}
          <Group grow>
            <Button variant="default" h={44} onClick={onClose} disabled={pending}>
              แก้ไข
            </Button>
            {remedy?.kind === "link" ? (
              <Button h={44} component={Link} to={remedy.to} data-testid={remedy.testId}>
                {remedy.label}
              </Button>
            ) : remedy?.kind === "edit" ? null : (
              <Button h={44} onClick={onConfirm} loading={pending} data-testid="confirm-slip">
                {remedy?.kind === "retry" ? "ลองส่งอีกครั้ง" : "ยืนยันส่งโพย"}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
