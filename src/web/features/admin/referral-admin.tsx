import { ActionIcon, Alert, Button, Card, Group, NumberInput, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { CommissionRate, SubsidyConfig } from "../../../contract/referral";
import { BET_TYPE_LABELS, BET_TYPES, type BetType } from "../../../domain/bet-types";
import { baht, formatMoney } from "../../../domain/money";
import { bpToPercent, percentToBp } from "../../../domain/referral";
import { formatThaiDateTime } from "../../../domain/thai-date";
import { type PickedPlayer, PlayerPicker } from "./player-picker";
import { adminChangeReferrer } from "./api/admin-change-referrer";
import { subsidyConfigQuery } from "./api/admin-read-subsidy-config";
import { referralTreeQuery } from "./api/admin-referral-tree";
import { adminSaveSubsidyConfig, afterSaveSubsidyConfig } from "./api/admin-save-subsidy-config";

const BET_TYPE_OPTIONS = BET_TYPES.map((t) => ({ value: t, label: BET_TYPE_LABELS[t] }));

/** The operator's referral tools: the commission rates (refused above half the house edge) and a player's tree. */
export function ReferralAdmin() {
  return (
    <Stack>
      <RatesEditor />
      <ReferralTree />
    </Stack>
  );
}

function RatesEditor() {
  const queryClient = useQueryClient();
  const current = useQuery(subsidyConfigQuery);
  const [draft, setDraft] = useState<SubsidyConfig | null>(null);
  useEffect(() => {
    if (current.data && !draft) setDraft(current.data.config);
  }, [current.data, draft]);
  const save = useMutation({
    mutationFn: (config: SubsidyConfig) => adminSaveSubsidyConfig(config),
    onSuccess: (r) => {
      setDraft(r.config);
      void afterSaveSubsidyConfig(queryClient);
    },
  });
  if (!draft) return <Text c="dimmed">กำลังโหลดอัตราค่าคอม…</Text>;
  const setRate = (i: number, patch: Partial<CommissionRate>) =>
    setDraft({ ...draft, rates: draft.rates.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={4}>อัตราค่าคอมแนะนำเพื่อน</Title>
        <Text size="sm" c="dimmed">
          อัตราเป็นเปอร์เซ็นต์ของยอดแทง (ทศนิยมได้ 2 ตำแหน่ง เช่น 0.8%): ใช้อัตราของหวย × ประเภทก่อน แล้วอัตราของหวย แล้วอัตราพื้นฐานของชั้น
          อัตรารวมทุกชั้นต้องไม่เกินครึ่งหนึ่งของกำไรเจ้ามือของแต่ละประเภท
        </Text>
        <Table data-testid="subsidy-rates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ชั้น</Table.Th>
              <Table.Th>หวย</Table.Th>
              <Table.Th>ประเภท</Table.Th>
              <Table.Th>อัตรา (%)</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.rates.map((r, i) => {
              const isDefault = r.lottery_id === null && r.bet_type === null;
              return (
                <Table.Tr key={i}>
                  <Table.Td>
                    <Select
                      w={64}
                      data={["1", "2"]}
                      value={String(r.level)}
                      onChange={(v) => setRate(i, { level: v === "2" ? 2 : 1 })}
                      disabled={isDefault}
                      aria-label="ชั้น"
                    />
                  </Table.Td>
                  <Table.Td>
                    {isDefault ? (
                      <Text size="sm">ทุกหวย</Text>
                    ) : (
                      <TextInput
                        w={110}
                        value={r.lottery_id ?? ""}
                        placeholder="รหัสหวย"
                        aria-label="รหัสหวย"
                        onChange={(e) => setRate(i, { lottery_id: e.currentTarget.value || null })}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {isDefault ? (
                      <Text size="sm">ทุกประเภท</Text>
                    ) : (
                      <Select
                        w={130}
                        data={BET_TYPE_OPTIONS}
                        value={r.bet_type}
                        clearable
                        placeholder="ทุกประเภท"
                        aria-label="ประเภท"
                        onChange={(v) => setRate(i, { bet_type: (v as BetType | null) ?? null })}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      w={90}
                      value={bpToPercent(r.bp)}
                      min={0}
                      max={100}
                      decimalScale={2}
                      suffix="%"
                      onChange={(v) => setRate(i, { bp: percentToBp(Number(v) || 0) })}
                      aria-label={`อัตราชั้น ${r.level} (%)`}
                      data-testid={`subsidy-rate-${i}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    {!isDefault && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="ลบ"
                        onClick={() => setDraft({ ...draft, rates: draft.rates.filter((_, j) => j !== i) })}
                      >
                        ✕
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group>
          <Button
            variant="light"
            onClick={() => setDraft({ ...draft, rates: [...draft.rates, { level: 1, lottery_id: "", bet_type: null, bp: 0 }] })}
          >
            เพิ่มอัตราเฉพาะหวย
          </Button>
          <NumberInput
            label="โยกค่าคอมขั้นต่ำ (บาท)"
            value={draft.min_withdrawal}
            min={0.01}
            decimalScale={2}
            onChange={(v) => setDraft({ ...draft, min_withdrawal: Number(v) || 0 })}
          />
        </Group>
        {save.error && <Alert color="red">{save.error.message}</Alert>}
        {save.isSuccess && <Alert color="teal">{save.data.message}</Alert>}
        <Button onClick={() => save.mutate(draft)} loading={save.isPending}>
          บันทึกอัตราค่าคอม
        </Button>
      </Stack>
    </Card>
  );
}

function ReferralTree() {
  const [player, setPlayer] = useState<PickedPlayer | null>(null);
  const [newReferrer, setNewReferrer] = useState<PickedPlayer | null>(null);
  const [reason, setReason] = useState("");
  const tree = useQuery({ ...referralTreeQuery(player?.uuid), enabled: !!player });
  const change = useMutation({
    mutationFn: (referrer: string | null) => adminChangeReferrer({ uuid: player!.uuid, referrer_uuid: referrer, reason }),
    onSuccess: () => {
      setReason("");
      setNewReferrer(null);
      void tree.refetch();
    },
  });
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={4}>สายงานของผู้เล่น</Title>
        <PlayerPicker onPick={setPlayer} />
        {tree.error && <Alert color="red">{tree.error.message}</Alert>}
        {tree.data && (
          <Stack gap="xs" data-testid="referral-tree">
            <Text>
              {tree.data.username} · ผู้แนะนำ: {tree.data.referrer?.username ?? "ไม่มี"} · ค่าคอมคงเหลือ{" "}
              {formatMoney(baht(tree.data.affiliate_credit))} บาท
              {tree.data.debt > 0 && ` · ค้างหัก ${formatMoney(baht(tree.data.debt))} บาท`}
            </Text>
            <Text fw={500}>เพื่อนในสายงาน ({tree.data.friends.length})</Text>
            {tree.data.friends.map((f) => (
              <Text key={f.uuid} size="sm">
                ชั้น {f.level} · {f.username} · ยอดแทงที่ได้ค่าคอม {formatMoney(baht(f.stake_all))} บาท
              </Text>
            ))}
            <Text fw={500}>ค่าคอมล่าสุด</Text>
            {tree.data.commissions.slice(0, 30).map((c) => (
              <Text key={`${c.slip_id}-${c.level}`} size="sm" td={c.reversed_at ? "line-through" : undefined}>
                {formatThaiDateTime(c.created_at)} · โพย {c.slip_id} · ชั้น {c.level} · {c.friend} · แทง {formatMoney(baht(c.stake))} →{" "}
                {formatMoney(baht(c.commission))} บาท
              </Text>
            ))}
            <Text fw={500}>เปลี่ยนผู้แนะนำ</Text>
            <PlayerPicker onPick={setNewReferrer} />
            <TextInput label="เหตุผล (จำเป็น)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
            {change.error && <Alert color="red">{change.error.message}</Alert>}
            {change.isSuccess && <Alert color="teal">{change.data.message}</Alert>}
            <Group>
              <Button
                onClick={() => change.mutate(newReferrer!.uuid)}
                disabled={!newReferrer || reason.trim().length < 3}
                loading={change.isPending}
              >
                {newReferrer ? `ให้ ${newReferrer.username} เป็นผู้แนะนำ` : "เลือกผู้แนะนำใหม่"}
              </Button>
              <Button
                variant="light"
                color="red"
                onClick={() => change.mutate(null)}
                disabled={!tree.data.referrer || reason.trim().length < 3}
              >
                เอาผู้แนะนำออก
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
