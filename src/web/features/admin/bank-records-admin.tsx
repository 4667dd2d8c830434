import { Alert, Badge, Button, Card, Group, Modal, Paper, Stack, Switch, Text, Textarea } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { BankCandidate, BankRecord, BankWaitReason } from "../../../contract/bank";
import { BANKS, type BankCode } from "../../../domain/banks";
import { baht, formatMoneyExact } from "../../../domain/money";
import { formatThaiDateTime } from "../../../domain/thai-date";
import { EmptyState } from "../../components/empty-state";
import { bankRecordsQuery } from "./api/admin-bank-records";
import { adminMatchBankRecord, afterMatchBankRecord } from "./api/admin-match-bank-record";
import { adminReturnBankRecord, afterReturnBankRecord } from "./api/admin-return-bank-record";

/** Why a transfer waits for the operator, in the operator's words (docs/decisions/045-automatic-deposits.md). */
export const WAIT_REASON: Record<BankWaitReason, string> = {
  no_request: "ไม่มีรายการขอฝากที่ยอดตรงกัน",
  several_requests: "มีรายการขอฝากที่อาจตรงกันมากกว่าหนึ่งรายการ",
  sender_mismatch: "บัญชีผู้โอนไม่ตรงกับบัญชีที่ผู้เล่นลงทะเบียนไว้",
  request_not_open: "รายการขอฝากหมดเวลา ถูกยกเลิก หรือเติมเครดิตไปแล้ว",
  outside_window: "โอนนอกเวลาของรายการขอฝาก (เกินเวลาที่เผื่อให้นาฬิกาธนาคาร)",
  wrong_account: "โอนเข้าบัญชีรับเงินอื่น ไม่ใช่บัญชีที่รายการขอฝากระบุ",
  auto_off: "ปิดการอนุมัติอัตโนมัติอยู่ รอเจ้าหน้าที่กดจับคู่",
  over_auto_max: "ยอดเกินวงเงินอนุมัติอัตโนมัติ",
};

const REQUEST_STATE: Record<BankCandidate["request_state"], string> = {
  open: "รอโอน",
  used: "แจ้งโอนแล้ว รอตรวจ",
  closed: "ปิดแล้ว",
  expired: "หมดเวลา",
  cancelled: "ยกเลิก",
};

const CHANNEL: Record<BankRecord["channel"], string> = { feed: "ฟีดธนาคาร", statement: "ไฟล์ statement" };

/** ✓ / ✗, or – when the bank showed nothing to compare. */
function Fit({ value, label }: { value: boolean | null; label: string }) {
  const text = value === null ? "ไม่ทราบ" : value ? "ตรง" : "ไม่ตรง";
  return (
    <Text
      span
      role="img"
      size="sm"
      fw={700}
      c={value === null ? "gray.7" : value ? "teal.9" : "red.9"}
      aria-label={`${label}: ${text}`}
      title={text}
    >
      {value === null ? "–" : value ? "✓" : "✗"}
    </Text>
  );
}

function senderOf(r: BankRecord): string {
  const bank = r.from_bank && r.from_bank in BANKS ? BANKS[r.from_bank as BankCode].thaiName : r.from_bank;
  const parts = [r.from_name, r.from_account, bank].filter((p): p is string => !!p);
  return parts.length ? parts.join(" · ") : "ธนาคารไม่แสดงผู้โอน";
}

type Decision = { kind: "match"; record: BankRecord; candidate: BankCandidate } | { kind: "return"; record: BankRecord };

/** รายการโอนที่ยังไม่จับคู่: the bank's transfers that did not credit by themselves, with the requests they could be. */
export function BankRecordsAdmin() {
  const queryClient = useQueryClient();
  const [showAll, setShowAll] = useState(false);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [reason, setReason] = useState("");
  const list = useQuery({ ...bankRecordsQuery(showAll ? "all" : "waiting"), refetchInterval: 15_000, meta: { blocking: true } });
  const decide = useMutation({
    mutationFn: (d: Decision) =>
      d.kind === "match"
        ? adminMatchBankRecord({ id: d.record.id, transection: d.candidate.transection, reason })
        : adminReturnBankRecord({ id: d.record.id, reason }),
    onSuccess: () => {
      setDeciding(null);
      setReason("");
    },
    onSettled: (_r, _e, d) => (d.kind === "match" ? afterMatchBankRecord(queryClient) : afterReturnBankRecord(queryClient)),
  });
  const open = (d: Decision) => {
    decide.reset();
    setReason("");
    setDeciding(d);
  };
  const records = list.data?.records ?? [];
  return (
    <Stack>
      <Switch
        label="แสดงรายการที่จับคู่แล้วและรอคืนเงินด้วย"
        checked={showAll}
        onChange={(e) => setShowAll(e.currentTarget.checked)}
        data-testid="bank-records-show-all"
      />
      {list.error && <Alert color="red">{list.error.message}</Alert>}
      {decide.data && (
        <Alert color="teal" data-testid="bank-record-decided">
          {decide.data.record.state === "matched"
            ? `จับคู่กับ ${decide.data.record.matched?.username ?? ""} และเติมเครดิต ${formatMoneyExact(baht(decide.data.record.amount))} บาทแล้ว`
            : `ทำเครื่องหมายคืนเงิน ${formatMoneyExact(baht(decide.data.record.amount))} บาทแล้ว`}
        </Alert>
      )}
      {list.data && records.length === 0 && <EmptyState title={showAll ? "ไม่มีรายการโอนใน 7 วันที่ผ่านมา" : "ไม่มีรายการโอนที่รอจับคู่"} />}
      {records.map((r) => (
        <Card key={r.id} withBorder radius="md" data-testid="bank-record" data-id={r.id} data-state={r.state}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700} fz="lg" data-testid="bank-record-amount">
                {formatMoneyExact(baht(r.amount))} ฿
              </Text>
              <Badge color={r.state === "waiting" ? "orange" : r.state === "matched" ? "teal" : "gray"} variant="light">
                {r.state === "waiting" ? "รอจับคู่" : r.state === "matched" ? "จับคู่แล้ว" : "รอคืนเงิน"}
              </Badge>
            </Group>
            <Text size="sm">
              โอนเวลา {r.date_time} · เข้าบัญชี {r.account} · {CHANNEL[r.channel]}
            </Text>
            <Text size="sm">ผู้โอน: {senderOf(r)}</Text>
            <Text size="sm">เลขอ้างอิง: {r.bank_ref ?? "ไม่มี"}</Text>
            {r.state === "waiting" && r.reason && (
              <Text size="sm" fw={600} c="orange.9" data-testid="bank-record-reason" data-reason={r.reason}>
                เหตุที่รอ: {WAIT_REASON[r.reason]}
              </Text>
            )}
            {r.matched && (
              <Text size="sm" c="teal.9">
                จับคู่กับ {r.matched.username} ({r.matched.transection}) โดย{r.matched.by === "system" ? "ระบบ" : "เจ้าหน้าที่"} เมื่อ{" "}
                {formatThaiDateTime(r.matched.at)}
              </Text>
            )}
            {r.returned && (
              <Text size="sm">
                คืนเงิน: {r.returned.reason} ({r.returned.by}, {formatThaiDateTime(r.returned.at)})
              </Text>
            )}
            {r.state === "waiting" && (
              <>
                {r.candidates.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    ไม่พบรายการขอฝากที่อาจตรงกัน
                  </Text>
                ) : (
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      รายการขอฝากที่อาจตรงกัน
                    </Text>
                    {r.candidates.map((c) => (
                      <Paper key={c.transection} withBorder radius="sm" p={6} data-testid="bank-candidate" data-transection={c.transection}>
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Stack gap={0}>
                            <Text size="sm" fw={600}>
                              {c.username} · {formatMoneyExact(baht(c.amount))} ฿ · {REQUEST_STATE[c.request_state]}
                            </Text>
                            <Text size="sm">
                              ผู้โอน <Fit value={c.sender_fits} label="ผู้โอนตรง" /> · ในเวลา <Fit value={c.in_window} label="ในเวลา" /> · บัญชีรับ{" "}
                              <Fit value={c.same_account} label="บัญชีรับตรง" />
                            </Text>
                            <Text size="xs">
                              ขอเมื่อ {formatThaiDateTime(c.created_at)} · {c.transection}
                            </Text>
                          </Stack>
                          <Button
                            size="xs"
                            mih={36}
                            style={{ flexShrink: 0 }}
                            onClick={() => open({ kind: "match", record: r, candidate: c })}
                          >
                            จับคู่
                          </Button>
                        </Group>
                      </Paper>
                    ))}
                  </Stack>
                )}
                <Group>
                  <Button size="xs" variant="light" color="red" onClick={() => open({ kind: "return", record: r })}>
                    คืนเงิน
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Card>
      ))}
      <Modal
        opened={deciding !== null}
        onClose={() => setDeciding(null)}
        centered
        title={deciding?.kind === "match" ? "ยืนยันจับคู่และเติมเครดิต" : "ยืนยันทำเครื่องหมายคืนเงิน"}
      >
        {deciding && (
          <Stack data-testid="bank-record-dialog">
            <Text size="sm">
              {deciding.kind === "match"
                ? `รายการโอน ${formatMoneyExact(baht(deciding.record.amount))} บาท จะเติมเครดิตให้ ${deciding.candidate.username} (รายการขอฝาก ${formatMoneyExact(baht(deciding.candidate.amount))} บาท เลขอ้างอิง ${deciding.candidate.transection}) ได้ครั้งเดียว`
                : `รายการโอน ${formatMoneyExact(baht(deciding.record.amount))} บาท จะไม่เติมเครดิตให้ผู้ใด และรอคืนเงินให้ผู้โอน`}
            </Text>
            <Textarea
              label="เหตุผล"
              description="บันทึกไว้ในประวัติการตรวจสอบ อย่างน้อย 3 ตัวอักษร"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
              name="bank-record-reason"
              data-autofocus
            />
            {decide.error && (
              <Alert color="red" data-testid="bank-record-error">
                {decide.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeciding(null)}>
                ยกเลิก
              </Button>
              <Button
                color={deciding.kind === "match" ? "teal" : "red"}
                loading={decide.isPending}
                disabled={reason.trim().length < 3}
                onClick={() => decide.mutate(deciding)}
                data-testid="bank-record-confirm"
              >
                {deciding.kind === "match" ? "ยืนยันจับคู่" : "ยืนยันคืนเงิน"}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
