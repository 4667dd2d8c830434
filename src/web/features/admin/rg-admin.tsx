import { Alert, Badge, Button, Card, Group, NumberInput, Paper, SegmentedControl, Stack, Text, Textarea, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { RgAuditLine, RgPlayer } from "../../../contract/rg";
import { baht, formatMoney } from "../../../domain/money";
import {
  BREAK_LABELS,
  type BreakLength,
  LIMIT_KIND_LABELS,
  LIMIT_KINDS,
  LIMIT_PERIOD_LABELS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
} from "../../../domain/rg";
import { formatThaiDateTime } from "../../../domain/thai-date";
import { PlayerPicker } from "./player-picker";
import { adminLowerLimit, afterLowerLimit } from "./api/admin-rg-lower-limit";
import { rgAuditQuery } from "./api/admin-rg-audit";
import { rgPlayersQuery } from "./api/admin-rg-players";

// The operator's side of responsible play (docs/decisions/017): who is under limits, breaks or flagged deposits; a
// limit lowered with a reason (never raised: the server refuses); and one player's audit trail.

type Player = z.infer<typeof RgPlayer>;
type AuditLine = z.infer<typeof RgAuditLine>;
interface Chosen {
  uuid: string;
  username: string;
}

const ACTORS: Readonly<Record<AuditLine["actor"], string>> = { player: "ผู้เล่น", operator: "ผู้ดูแล", system: "ระบบ" };
const breakKind = (kind: "timeout" | "self_exclusion") => (kind === "timeout" ? "พักการเล่น" : "ระงับตนเอง");

export function RgAdmin() {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const players = useQuery(rgPlayersQuery);
  return (
    <Stack>
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={4}>ผู้เล่นที่ตั้งวงเงินหรือพักการเล่น</Title>
          {players.error && <Alert color="red">{players.error.message}</Alert>}
          {players.isPending && <Text c="dimmed">กำลังโหลด…</Text>}
          {players.data?.players.length === 0 && <Text c="dimmed">ยังไม่มีผู้เล่นที่ตั้งวงเงินหรือพักการเล่น</Text>}
          {players.data?.players.map((p) => (
            <PlayerRow key={p.uuid} player={p} chosen={chosen?.uuid === p.uuid} onChoose={() => setChosen(p)} />
          ))}
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={4}>ผู้เล่นอื่น</Title>
          <PlayerPicker onPick={setChosen} />
        </Stack>
      </Card>
      {chosen && (
        <>
          <LowerLimit key={`lower-${chosen.uuid}`} player={chosen} />
          <Audit player={chosen} />
        </>
      )}
    </Stack>
  );
}

function PlayerRow({ player, chosen, onChoose }: { player: Player; chosen: boolean; onChoose: () => void }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      data-testid="rg-player"
      data-username={player.username}
      style={chosen ? { borderColor: "var(--mantine-color-red-6)" } : undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} truncate>
            {player.username}
          </Text>
          <Button size="compact-sm" variant={chosen ? "filled" : "light"} onClick={onChoose} data-testid="rg-player-choose">
            ลดวงเงิน / ประวัติ
          </Button>
        </Group>
        <Group gap={4}>
          {player.limits.map((l) => (
            <Badge key={`${l.kind}-${l.period}`} variant="light" color="gray" size="sm" data-testid="rg-player-limit">
              {LIMIT_KIND_LABELS[l.kind]}
              {LIMIT_PERIOD_LABELS[l.period]} {formatMoney(baht(l.amount))} ฿
            </Badge>
          ))}
          {player.flagged_deposits > 0 && (
            <Badge color="red" size="sm" data-testid="rg-player-flagged">
              ฝากเกินวงเงิน {player.flagged_deposits} รายการ
            </Badge>
          )}
        </Group>
        {player.break && (
          <Text size="sm" c="orange.8" data-testid="rg-player-break">
            {breakKind(player.break.kind)} ถึง {formatThaiDateTime(player.break.until)}
            {player.break.opens_at && ` · ขอกลับมาเล่น เปิดบัญชี ${formatThaiDateTime(player.break.opens_at)}`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function LowerLimit({ player }: { player: Chosen }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<LimitKind>("stake");
  const [period, setPeriod] = useState<LimitPeriod>("day");
  const [amount, setAmount] = useState<number | string>("");
  const [reason, setReason] = useState("");
  const lower = useMutation({
    mutationFn: () => adminLowerLimit({ uuid: player.uuid, kind, period, amount: amount === "" ? Number.NaN : Number(amount), reason }),
    onSuccess: () => {
      afterLowerLimit(queryClient, player.uuid);
    },
  });
  return (
    <Card withBorder radius="md" data-testid="rg-lower">
      <Stack gap="xs">
        <Title order={4}>ลดวงเงินของ {player.username}</Title>
        <Text size="sm" c="dimmed">
          ผู้ดูแลลดวงเงินได้เท่านั้น เพิ่มไม่ได้ และต้องระบุเหตุผล (บันทึกในประวัติ)
        </Text>
        <SegmentedControl
          fullWidth
          data={LIMIT_KINDS.map((k) => ({ value: k, label: LIMIT_KIND_LABELS[k] }))}
          value={kind}
          onChange={(v) => setKind(v as LimitKind)}
          aria-label="ประเภทวงเงิน"
        />
        <SegmentedControl
          fullWidth
          data={LIMIT_PERIODS.map((p) => ({ value: p, label: LIMIT_PERIOD_LABELS[p] }))}
          value={period}
          onChange={(v) => setPeriod(v as LimitPeriod)}
          aria-label="ช่วงเวลา"
        />
        <NumberInput
          label="วงเงินใหม่ (บาท)"
          name="rg-lower-amount"
          value={amount}
          onChange={setAmount}
          min={0}
          allowNegative={false}
          decimalScale={2}
          thousandSeparator=","
        />
        <Textarea
          label="เหตุผล"
          name="rg-lower-reason"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        {lower.error && (
          <Alert color="red" data-testid="rg-lower-error">
            {lower.error.message}
          </Alert>
        )}
        {lower.isSuccess && (
          <Alert color="teal" data-testid="rg-lower-message">
            {lower.data.message}
          </Alert>
        )}
        <Button onClick={() => lower.mutate()} loading={lower.isPending} data-testid="rg-lower-submit">
          ลดวงเงิน
        </Button>
      </Stack>
    </Card>
  );
}

/** Who changed what, before and after, and why; newest as the server lists them. */
function Audit({ player }: { player: Chosen }) {
  const audit = useQuery(rgAuditQuery(player.uuid));
  return (
    <Card withBorder radius="md" data-testid="rg-audit">
      <Stack gap="xs">
        <Title order={4}>ประวัติของ {player.username}</Title>
        {audit.error && <Alert color="red">{audit.error.message}</Alert>}
        {audit.isPending && <Text c="dimmed">กำลังโหลด…</Text>}
        {audit.data?.lines.length === 0 && <Text c="dimmed">ยังไม่มีประวัติ</Text>}
        {audit.data?.lines.map((l, i) => (
          <Paper key={i} withBorder radius="md" p="xs" data-testid="rg-audit-line">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {showAction(l.action)}
              </Text>
              <Badge size="sm" variant="light" color={l.actor === "operator" ? "red" : l.actor === "system" ? "gray" : "blue"}>
                {ACTORS[l.actor]}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {formatThaiDateTime(l.at)}
            </Text>
            {(l.before !== null || l.after !== null) && (
              <Text size="xs" mt={2}>
                {showValue(l.before)} →{" "}
                <Text span fw={600} size="xs">
                  {showValue(l.after)}
                </Text>
              </Text>
            )}
            {l.reason && <Text size="xs">เหตุผล: {l.reason}</Text>}
          </Paper>
        ))}
      </Stack>
    </Card>
  );
}

/** The server's action codes in Thai; a code not listed here is shown as it is. */
const ACTIONS: Readonly<Record<string, string>> = {
  "limit.set": "ตั้งวงเงิน",
  "limit.lower": "ลดวงเงิน",
  "limit.raise_requested": "ขอเพิ่มวงเงิน",
  "limit.remove_requested": "ขอยกเลิกวงเงิน",
  "limit.raise_confirmed": "ยืนยันเพิ่มวงเงิน",
  "limit.remove_confirmed": "ยืนยันยกเลิกวงเงิน",
  "limit.raise_lapsed": "คำขอเพิ่มวงเงินหมดอายุ",
  "reality.interval": "ตั้งการเตือนเวลาเล่น",
  "break.timeout": "พักการเล่น",
  "break.self_exclusion": "ระงับตนเอง",
  "break.return_requested": "ขอกลับมาเล่น",
  "deposit.over_limit": "เงินฝากเกินวงเงิน (เครดิตแล้ว)",
};
const showAction = (action: string) => ACTIONS[action] ?? action;

/** A before or after in Thai, field by field where the field is known; anything else as JSON. */
function showValue(v: unknown): string {
  if (v === null || v === undefined) return "-";
  if (typeof v !== "object" || Array.isArray(v)) return typeof v === "string" ? v : JSON.stringify(v);
  const parts = Object.entries(v as Record<string, unknown>).map(([key, value]) => showField(key, value));
  return parts.length === 0 ? "-" : parts.join(" · ");
}

function showField(key: string, value: unknown): string {
  const money = (b: unknown) => `${formatMoney(baht(Number(b)))} ฿`;
  switch (key) {
    case "amount":
      return value === null ? "ไม่จำกัด" : `วงเงิน ${money(value)}`;
    case "pending":
      return value === null ? "รอยกเลิก" : `รอเพิ่มเป็น ${money(value)}`;
    case "kind":
      return LIMIT_KIND_LABELS[value as LimitKind] ?? String(value);
    case "period":
      return LIMIT_PERIOD_LABELS[value as LimitPeriod] ?? String(value);
    case "minutes":
      return value === null ? "ปิดการเตือน" : `เตือนทุก ${String(value)} นาที`;
    case "length":
      return BREAK_LABELS[value as BreakLength] ?? String(value);
    case "until":
      return value === null ? "ไม่มีการพัก" : `ถึง ${formatThaiDateTime(String(value))}`;
    case "sessionsRevoked":
      return `ออกจากระบบ ${String(value)} เครื่อง`;
    case "gamesRefunded":
      return `คืนเงินเกม ${String(value)} เกม`;
    default:
      return `${key}: ${JSON.stringify(value)}`;
  }
}
