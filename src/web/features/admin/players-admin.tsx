import { Alert, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Table, Tabs, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentProps, useEffect, useRef, useState } from "react";
import type { PlayerDetails } from "../../../contract/back-office";
import { BANKS, isBankCode } from "../../../domain/banks";
import { baht, formatCredit, formatMoney } from "../../../domain/money";
import { movementLabel } from "../../../domain/movements";
import { SLIP_STATUS, slipState } from "../../../domain/slip";
import { formatThaiDateTime } from "../../../domain/thai-date";
import { ApprovalBadge } from "../../components/approval-badge";
import { PlayerList } from "./player-list";
import { PlayerPicker } from "./player-picker";
import { adminBanPlayer, afterBanPlayer } from "./api/admin-ban-player";
import { playerViewQuery } from "./api/admin-player-view";

/**
 * The back office's ผู้เล่น tab: every player a page at a time (newest first, or by credit or last activity,
 * possible duplicate accounts flagged), or find one; see their account whole (balance, every movement with its
 * Thai label, slips, deposits, withdrawals, who referred them) and ban or lift a ban with a reason.
 * Searching and opening a player are audited by the server.
 */
export function PlayersAdmin() {
  const [uuid, setUuid] = useState<string | null>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  // A player opened from the list below is shown above it: brought into sight.
  useEffect(() => {
    if (uuid) viewRef.current?.scrollIntoView({ block: "start" });
  }, [uuid]);
  return (
    <Stack>
      <PlayerPicker onPick={(p) => setUuid(p.uuid)} />
      <div ref={viewRef} style={{ scrollMarginTop: 72 }}>
        {uuid && <PlayerView uuid={uuid} onOpen={setUuid} />}
      </div>
      <PlayerList onOpen={setUuid} />
    </Stack>
  );
}

function PlayerView({ uuid, onOpen }: { uuid: string; onOpen: (uuid: string) => void }) {
  const view = useQuery(playerViewQuery(uuid));
  if (view.error) return <Alert color="red">{view.error.message}</Alert>;
  if (!view.data) return <Text c="dimmed">กำลังโหลดข้อมูลผู้เล่น…</Text>;
  const { player, logArr, slips, deposits, withdrawals } = view.data;
  const now = Date.now();
  return (
    <Card withBorder radius="md" data-testid="player-view">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="lg" truncate>
            {player.username}
          </Text>
          <Badge color={player.state === "banned" ? "red" : "teal"} data-testid="player-state" style={{ flexShrink: 0 }}>
            {player.state === "banned" ? "ถูกระงับ" : "ใช้งานได้"}
          </Badge>
        </Group>
        {player.state === "banned" && player.stateReason && (
          <Alert color="red" p="xs" data-testid="ban-reason">
            เหตุผลที่ระงับ: {player.stateReason}
            {player.stateChangedAt ? ` (${formatThaiDateTime(player.stateChangedAt)})` : ""}
          </Alert>
        )}
        <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
          <Field label="เครดิต" value={formatCredit(baht(player.credit))} testId="player-credit" />
          <Field label="ค่าคอมสะสม" value={formatMoney(baht(player.affiliate))} />
          <Field label="ชื่อ" value={player.name ?? "-"} />
          <Field label="เบอร์โทร" value={player.phonenumber ?? "-"} />
          <Field
            label="ธนาคาร"
            value={player.bankname && isBankCode(player.bankname) ? BANKS[player.bankname].thaiName : (player.bankname ?? "-")}
          />
          <Field label="เลขบัญชี" value={player.bankno ?? "-"} />
          <Field label="ระดับ" value={player.usertype} />
          <Field label="สมัครเมื่อ" value={formatThaiDateTime(player.created_at)} />
        </SimpleGrid>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            ผู้แนะนำ:
          </Text>
          {player.referrer ? (
            <Button variant="subtle" size="compact-sm" onClick={() => onOpen(player.referrer!.uuid)} data-testid="player-referrer">
              {player.referrer.username}
            </Button>
          ) : (
            <Text size="sm">ไม่มี</Text>
          )}
        </Group>
        <BanControl player={player} />
        <Tabs defaultValue="log" keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="log">รายการเงิน</Tabs.Tab>
            <Tabs.Tab value="slips">โพย</Tabs.Tab>
            <Tabs.Tab value="deposits">ฝาก</Tabs.Tab>
            <Tabs.Tab value="withdrawals">ถอน</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="log" pt="xs">
            <Rows
              testId="player-ledger"
              label="รายการเงิน"
              empty="ยังไม่มีรายการเงินใน 90 วัน"
              rows={logArr.map((l) => ({
                key: l.id,
                when: l.date_time,
                what: `${movementLabel(l.kind)}${l.note ? ` · ${l.note}` : ""}`,
                amount: l.amount,
                after: l.balance_after,
              }))}
            />
          </Tabs.Panel>
          <Tabs.Panel value="slips" pt="xs">
            <Rows
              testId="player-slips"
              label="โพย"
              empty="ยังไม่มีโพย"
              rows={slips.map((s) => {
                const status = SLIP_STATUS[slipState(s, now)];
                return {
                  key: s.master_id,
                  when: s.date_time,
                  what: `#${s.master_id} ${s.name} · ${status.label}`,
                  amount: -s.totalPaid,
                  after: s.totalWin,
                  afterLabel: "ถูก",
                };
              })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="deposits" pt="xs">
            <MoneyRequests requests={deposits} testId="player-deposits" none="ไม่มีรายการฝากใน 90 วัน" />
          </Tabs.Panel>
          <Tabs.Panel value="withdrawals" pt="xs">
            <MoneyRequests requests={withdrawals} testId="player-withdrawals" none="ไม่มีรายการถอนใน 90 วัน" />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}

/** A player's deposits or withdrawals: when, how much, and where the operator's approval stands. */
function MoneyRequests({
  requests,
  testId,
  none,
}: {
  requests: ReadonlyArray<{ id: number; date_time: string; amount: number; status: ComponentProps<typeof ApprovalBadge>["status"] }>;
  testId: string;
  none: string;
}) {
  return (
    <Stack gap={4} data-testid={testId}>
      {requests.length === 0 && <Text c="dimmed">{none}</Text>}
      {requests.map((r) => (
        <Group key={r.id} justify="space-between" wrap="nowrap">
          <Text size="xs">{r.date_time}</Text>
          <Text size="sm">{formatMoney(baht(r.amount))}</Text>
          <ApprovalBadge status={r.status} />
        </Group>
      ))}
    </Stack>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} truncate data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

interface Row {
  key: number;
  when: string;
  what: string;
  amount: number;
  after: number;
  afterLabel?: string;
}

function Rows({ rows, empty, testId, label }: { rows: Row[]; empty: string; testId: string; label: string }) {
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <div style={{ maxHeight: 360, overflowY: "auto" }} tabIndex={0} role="region" aria-label={label}>
      <Table striped fz="xs" data-testid={testId}>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>
                <Text size="xs">{r.what}</Text>
                <Text size="xs" c="dimmed">
                  {r.when}
                </Text>
              </Table.Td>
              <Table.Td ta="right" c={r.amount < 0 ? "red" : "green"}>
                {formatMoney(baht(r.amount))}
              </Table.Td>
              <Table.Td ta="right">
                {r.afterLabel ? `${r.afterLabel} ` : ""}
                {formatMoney(baht(r.after))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Ban (every session ends at once) or lift it, with a reason the audit log keeps; confirmed in a dialog naming the player. */
function BanControl({ player }: { player: PlayerDetails }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const banning = player.state === "active";
  const save = useMutation({
    mutationFn: () => adminBanPlayer({ uuid: player.uuid, banned: banning, reason }),
    onSuccess: () => {
      setReason("");
      void afterBanPlayer(queryClient, player.uuid);
    },
    onSettled: () => setConfirming(false),
  });
  return (
    <Stack gap={6}>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={banning ? "เหตุผลที่ระงับบัญชี" : "เหตุผลที่ยกเลิกการระงับ"}
          name="ban-reason"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          placeholder={banning ? "เช่น ใช้บัญชีร่วมกันหลายคน" : "เช่น ตรวจสอบแล้ว"}
        />
        <Button
          color={banning ? "red" : "teal"}
          onClick={() => setConfirming(true)}
          disabled={reason.trim().length < 3}
          data-testid="ban-toggle"
        >
          {banning ? "ระงับบัญชี" : "ยกเลิกการระงับ"}
        </Button>
      </Group>
      {save.error && <Alert color="red">{save.error.message}</Alert>}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={banning ? "ยืนยันการระงับบัญชี" : "ยืนยันการยกเลิกการระงับ"} centered>
        <Stack>
          <Text>
            {banning
              ? `ระงับบัญชี ${player.username}: ออกจากระบบทุกเครื่องทันที และเข้าสู่ระบบไม่ได้จนกว่าจะยกเลิกการระงับ`
              : `ยกเลิกการระงับบัญชี ${player.username}: ผู้เล่นเข้าสู่ระบบได้อีกครั้ง`}
          </Text>
          <Text size="sm" c="dimmed">
            เหตุผล: {reason}
          </Text>
          <Group grow>
            <Button variant="default" onClick={() => setConfirming(false)}>
              ยกเลิก
            </Button>
            <Button color={banning ? "red" : "teal"} loading={save.isPending} onClick={() => save.mutate()} data-testid="ban-confirm">
              ยืนยัน
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
