import { Alert, Badge, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { lottery } from "../../../contract";
import { BET_TYPE_LABELS } from "../../../domain/bet-types";
import { baht, formatMoney } from "../../../domain/money";
import { bangkokDateKey, formatTime } from "../../../domain/thai-date";
import { addAward } from "./api/admin-add-award";
import { adminLotteriesQuery } from "./api/admin-lotteries";
import { adminRoundsQuery, afterRoundChange } from "./api/admin-rounds";
import { cancelActivity } from "./api/admin-cancel-activity";
import { closeActivity } from "./api/admin-close-activity";
import { ThaiDateField } from "../../components/thai-date-field";

type Round = z.infer<typeof lottery.adminRounds.response>["activitylist"][number];
type Fields = Partial<
  Record<"firstPrize" | "front3a" | "front3b" | "rear3a" | "rear3b" | "twoDigit" | "close" | "change" | "threeTop" | "twoBottom", string>
>;

const STATUS_LABEL: Record<Round["status"], { label: string; color: string }> = {
  open: { label: "เปิดรับแทง", color: "blue" },
  closed: { label: "ปิดรับแล้ว", color: "gray" },
  "add award": { label: "ออกผลแล้ว", color: "green" },
  "cancel activity": { label: "ยกเลิก", color: "orange" },
};

/** The inputs each kind of result needs (DESIGN.md §7). */
const FIELDS: Record<string, Array<[keyof Fields, string]>> = {
  thai: [
    ["firstPrize", "รางวัลที่ 1 (6 หลัก)"],
    ["front3a", "เลขหน้า 3 ตัว ชุดที่ 1"],
    ["front3b", "เลขหน้า 3 ตัว ชุดที่ 2"],
    ["rear3a", "เลขท้าย 3 ตัว ชุดที่ 1"],
    ["rear3b", "เลขท้าย 3 ตัว ชุดที่ 2"],
    ["twoDigit", "เลขท้าย 2 ตัว"],
  ],
  stock: [
    ["close", "ราคาปิด เช่น 38,123.45"],
    ["change", "เปลี่ยนแปลง เช่น -123.67"],
  ],
  simple: [
    ["threeTop", "3 ตัวบน"],
    ["twoBottom", "2 ตัวล่าง"],
  ],
};

function payload(f: Fields) {
  return {
    firstPrize: f.firstPrize || undefined,
    front3: f.front3a || f.front3b ? [f.front3a ?? "", f.front3b ?? ""] : undefined,
    rear3: f.rear3a || f.rear3b ? [f.rear3a ?? "", f.rear3b ?? ""] : undefined,
    twoDigit: f.twoDigit || undefined,
    close: f.close || undefined,
    change: f.change || undefined,
    threeTop: f.threeTop || undefined,
    twoBottom: f.twoBottom || undefined,
  };
}

/** How a round is named wherever the operator must be sure which one: lottery, draw date, round number. */
export function roundTitle(round: Pick<Round, "name" | "date_th" | "round_no">): string {
  return `${round.name} งวดวันที่ ${round.date_th} รอบที่ ${round.round_no}`;
}

/**
 * The second step of an action that cannot be undone quietly: it names the round, so an operator with
 * two rounds open in mind confirms the one they mean.
 */
function SecondConfirm({
  title,
  round,
  onConfirm,
  onBack,
  loading,
  color = "green",
  detail,
}: {
  title: string;
  round: Round;
  /** What the action does, repeated where the operator confirms it (a result's payout total). */
  detail?: ReactNode;
  onConfirm: () => void;
  onBack: () => void;
  loading: boolean;
  color?: string;
}) {
  // It opens below what the operator was reading (on a phone, past the dialog's fold): brought into view once,
  // as it appears, so the buttons that decide are on screen.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <Alert ref={ref} color={color} title={title} data-testid="second-confirm">
      <Stack gap="xs">
        <Text size="sm" fw={600} data-testid="second-confirm-round">
          {roundTitle(round)}
        </Text>
        {detail}
        <Group grow>
          <Button variant="default" onClick={onBack} disabled={loading}>
            ย้อนกลับ
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading} data-testid="second-confirm-yes">
            ยืนยัน
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

type Payout = NonNullable<z.infer<typeof lottery.addAward.response>["payout"]>;

/** What the previewed result would pay, as settlement will pay it; for a correction, each player's change. */
function PayoutPreview({ payout }: { payout: Payout }) {
  const money = (amount: number) => `${formatMoney(baht(amount))} ฿`;
  const changed = payout.players.filter((p) => p.change !== 0);
  return (
    <Card withBorder radius="md" padding="xs" data-testid="payout-preview">
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        <Text size="sm">ถูกรางวัล</Text>
        <Text size="sm" fw={600} ta="right" data-testid="payout-lines">
          {payout.lines} รายการ
        </Text>
        <Text size="sm">ยอดแทงของงวด</Text>
        <Text size="sm" ta="right" data-testid="payout-stakes">
          {money(payout.stakes)}
        </Text>
        <Text size="sm">ยอดจ่ายรางวัลรวม</Text>
        <Text size="sm" fw={700} ta="right" data-testid="payout-total">
          {money(payout.total)}
        </Text>
        {payout.correction && (
          <>
            <Text size="sm">จ่ายไปแล้วตามผลเดิม</Text>
            <Text size="sm" ta="right" data-testid="payout-paid-before">
              {money(payout.paidBefore)}
            </Text>
          </>
        )}
        <Text size="sm">ผลได้เสียเจ้ามือ (แทง − จ่าย)</Text>
        <Text size="sm" fw={700} ta="right" c={payout.house < 0 ? "red" : "teal"} data-testid="house-result">
          {money(payout.house)}
        </Text>
      </SimpleGrid>
      {payout.correction && (
        <Stack gap={4} mt="xs">
          <Text size="sm" fw={600}>
            สิ่งที่การแก้ผลจะเปลี่ยนต่อผู้เล่น ({changed.length} คน)
          </Text>
          {changed.length === 0 && (
            <Text size="sm" c="dimmed">
              ไม่มีผู้เล่นคนใดได้รับเงินรางวัลเปลี่ยนไป
            </Text>
          )}
          {changed.length > 0 && (
            <Table fz="xs" data-testid="correction-players">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ผู้เล่น</Table.Th>
                  <Table.Th ta="right">เดิม</Table.Th>
                  <Table.Th ta="right">ใหม่</Table.Th>
                  <Table.Th ta="right">เปลี่ยน</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changed.map((p) => (
                  <Table.Tr key={p.uuid} data-testid="correction-player">
                    <Table.Td style={{ wordBreak: "break-all" }}>
                      {p.username}
                      {p.shortOfCredit && (
                        <Text size="xs" c="red">
                          เครดิตไม่พอให้หักคืน
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(baht(p.paidBefore))}</Table.Td>
                    <Table.Td ta="right">{formatMoney(baht(p.payout))}</Table.Td>
                    <Table.Td ta="right" fw={700} c={p.change < 0 ? "red" : "teal"}>
                      {p.change > 0 ? "+" : ""}
                      {formatMoney(baht(p.change))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Card>
  );
}

function RoundEditor({ round, onDone }: { round: Round; onDone: () => void }) {
  const [fields, setFields] = useState<Fields>({});
  const [reason, setReason] = useState("");
  const [cancelNote, setCancelNote] = useState("");
  const [asking, setAsking] = useState<"award" | "close" | "cancel" | null>(null);
  const correction = round.status === "add award";
  const preview = useMutation({
    mutationFn: () => addAward({ activityid: round.activityid, preview: true, correction, ...payload(fields) }),
  });
  const confirm = useMutation({
    mutationFn: () => addAward({ activityid: round.activityid, correction, reason: correction ? reason : undefined, ...payload(fields) }),
    onSuccess: onDone,
    onSettled: () => setAsking(null),
  });
  const close = useMutation({
    mutationFn: () => closeActivity({ activityid: round.activityid }),
    onSuccess: onDone,
    onSettled: () => setAsking(null),
  });
  const cancel = useMutation({
    mutationFn: () => cancelActivity({ activityid: round.activityid, note: cancelNote }),
    onSuccess: onDone,
    onSettled: () => setAsking(null),
  });
  const error = preview.error ?? confirm.error ?? close.error ?? cancel.error;
  const inputs = FIELDS[round.resultKind];
  return (
    <Stack>
      <Text fw={600}>
        {round.name} รอบที่ {round.round_no} · {round.date_th} · ปิดรับ {formatTime(round.timestop)}
      </Text>
      {round.status === "open" &&
        (asking === "close" ? (
          <SecondConfirm
            title="ปิดรับแทงงวดนี้ก่อนเวลา?"
            color="orange"
            round={round}
            onConfirm={() => close.mutate()}
            onBack={() => setAsking(null)}
            loading={close.isPending}
          />
        ) : (
          <Button variant="light" color="gray" onClick={() => setAsking("close")} data-testid="close-round">
            ปิดรับแทงงวดนี้ก่อนเวลา
          </Button>
        ))}
      {inputs ? (
        <>
          {inputs.map(([key, label]) => (
            <TextInput
              key={key}
              label={label}
              name={`result-${key}`}
              value={fields[key] ?? ""}
              onChange={(e) => {
                const value = e.currentTarget.value;
                // A preview of other numbers must not be confirmed: change a number, preview again.
                preview.reset();
                setAsking(null);
                setFields((f) => ({ ...f, [key]: value }));
              }}
            />
          ))}
          {correction && (
            <TextInput
              label="เหตุผลที่แก้ผล (จำเป็น)"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              name="correction-reason"
            />
          )}
          <Button variant="default" onClick={() => preview.mutate()} loading={preview.isPending} data-testid="preview-award">
            {correction ? "ดูตัวอย่างผลใหม่และยอดที่เปลี่ยน" : "ดูตัวอย่างเลขที่ถูกรางวัลและยอดจ่าย"}
          </Button>
          {preview.data?.payout && <PayoutPreview payout={preview.data.payout} />}
          {preview.data && (
            <Table data-testid="award-preview">
              <Table.Tbody>
                {preview.data.awardlist.map((l) => (
                  <Table.Tr key={`${l.award_type}-${l.number}`}>
                    <Table.Td>{BET_TYPE_LABELS[l.award_type as keyof typeof BET_TYPE_LABELS] ?? l.award_type}</Table.Td>
                    <Table.Td fw={700}>{l.number}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {asking === "award" ? (
            <SecondConfirm
              title={correction ? "ยืนยันแก้ผลรางวัลของงวดนี้?" : "ยืนยันลงผลรางวัลของงวดนี้?"}
              round={round}
              detail={
                preview.data?.payout && (
                  <Text size="sm" data-testid="second-confirm-total">
                    จ่ายรางวัลรวม {formatMoney(baht(preview.data.payout.total))} ฿ ({preview.data.payout.lines} รายการ)
                  </Text>
                )
              }
              onConfirm={() => confirm.mutate()}
              onBack={() => setAsking(null)}
              loading={confirm.isPending}
            />
          ) : (
            <Button color="green" disabled={!preview.data} onClick={() => setAsking("award")} data-testid="confirm-award">
              {correction ? "ยืนยันแก้ผลรางวัล" : "ยืนยันลงผลรางวัล"}
            </Button>
          )}
        </>
      ) : (
        <Alert color="blue">ผลยี่กีคำนวณจากเลขที่ผู้เล่นยิง</Alert>
      )}
      {(round.status === "open" || round.status === "closed") &&
        (asking === "cancel" ? (
          <SecondConfirm
            title="ยกเลิกงวดนี้และคืนเครดิตทุกโพย?"
            color="orange"
            round={round}
            onConfirm={() => cancel.mutate()}
            onBack={() => setAsking(null)}
            loading={cancel.isPending}
          />
        ) : (
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label="เหตุผลที่ยกเลิกงวด"
              value={cancelNote}
              onChange={(e) => setCancelNote(e.currentTarget.value)}
            />
            <Button color="orange" variant="light" onClick={() => setAsking("cancel")} disabled={cancelNote.trim().length < 3}>
              ยกเลิกงวด
            </Button>
          </Group>
        ))}
      {error && <Alert color="red">{error.message}</Alert>}
    </Stack>
  );
}

export function ResultsEntry() {
  const queryClient = useQueryClient();
  const [date, setDate] = useState(() => bangkokDateKey(Date.now()));
  const [configID, setConfigID] = useState<string | null>(null);
  const [editing, setEditing] = useState<Round | null>(null);
  const catalogue = useQuery(adminLotteriesQuery);
  const rounds = useQuery({
    ...adminRoundsQuery(date, configID),
    meta: { blocking: true },
  });
  const list = (rounds.data?.activitylist ?? []).filter((r) => configID || r.group !== "yeekee5minute");
  return (
    <Stack>
      {/* One column on a phone: beside the lottery the three date selects had no room for the month's name. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ThaiDateField label="วันที่งวด" value={date} onChange={setDate} name="result-date" />
        <Select
          label="หวย"
          placeholder="ทั้งหมด"
          clearable
          data={(catalogue.data?.lotteries ?? []).map((l) => ({ value: l.id, label: l.name }))}
          value={configID}
          onChange={setConfigID}
        />
      </SimpleGrid>
      {list.length === 0 && <Text c="dimmed">ไม่มีงวดในวันที่นี้</Text>}
      {list.map((r) => (
        <Card key={r.activityid} withBorder radius="md" padding="xs" data-testid="admin-round" data-activity-id={r.activityid}>
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {r.name} {r.group.startsWith("yeekee") ? `รอบที่ ${r.round_no}` : ""}
              </Text>
              <Text size="xs" c="dimmed">
                ปิดรับ {formatTime(r.timestop)}
              </Text>
            </Stack>
            <Group gap={6} wrap="nowrap">
              <Badge color={STATUS_LABEL[r.status].color} variant="light">
                {STATUS_LABEL[r.status].label}
              </Badge>
              <Button size="xs" variant="light" onClick={() => setEditing(r)} disabled={r.status === "cancel activity"}>
                จัดการ
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
      {editing && (
        <Modal opened onClose={() => setEditing(null)} title="ลงผล / จัดการงวด" size="lg">
          <RoundEditor
            round={editing}
            onDone={() => {
              setEditing(null);
              void afterRoundChange(queryClient);
            }}
          />
        </Modal>
      )}
    </Stack>
  );
}
