import { ActionIcon, Alert, Button, Card, Group, NumberInput, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { PrivilegeConfig } from "../../../contract/points";
import { MEMBER_LEVEL_LABELS, MEMBER_LEVELS, type MemberLevel } from "../../../domain/points";
import { type PickedPlayer, PlayerPicker } from "./player-picker";
import { adminAdjustPoints } from "./api/admin-adjust-points";
import { privilegeConfigQuery } from "./api/admin-read-privilege-config";
import { adminSavePrivilegeConfig, afterSavePrivilegeConfig } from "./api/admin-save-privilege-config";
import { adminSetMemberLevel } from "./api/admin-set-member-level";

/** The operator's privilege-point tools: the settings, and a player's points and level. */
export function PointsAdmin() {
  return (
    <Stack>
      <ConfigEditor />
      <PlayerPoints />
    </Stack>
  );
}

const num = (v: string | number) => Number(v) || 0;

function ConfigEditor() {
  const queryClient = useQueryClient();
  const current = useQuery(privilegeConfigQuery);
  const [draft, setDraft] = useState<PrivilegeConfig | null>(null);
  useEffect(() => {
    if (current.data && !draft) setDraft(current.data.config);
  }, [current.data, draft]);
  const save = useMutation({
    mutationFn: (config: PrivilegeConfig) => adminSavePrivilegeConfig(config),
    onSuccess: (r) => {
      setDraft(r.config);
      void afterSavePrivilegeConfig(queryClient);
    },
  });
  if (!draft) return <Text c="dimmed">กำลังโหลดการตั้งค่าแต้ม…</Text>;
  const field = (
    key: "bet_points_per_100" | "deposit_points_per_100" | "deposit_daily_max" | "vest_days" | "expiry_days",
    label: string,
  ) => (
    <NumberInput
      label={label}
      value={draft[key]}
      min={0}
      allowDecimal={false}
      onChange={(v) => setDraft({ ...draft, [key]: num(v) })}
      name={key}
    />
  );
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={4}>ตั้งค่าแต้มสิทธิพิเศษ</Title>
        <Group grow>
          {field("bet_points_per_100", "แต้มต่อยอดแทง 100 บาท")}
          {field("deposit_points_per_100", "แต้มต่อยอดฝาก 100 บาท")}
        </Group>
        <Group grow>
          {field("deposit_daily_max", "แต้มฝากสูงสุดต่อวัน")}
          {field("vest_days", "วันทำยอดแทงของแต้มฝาก")}
          {field("expiry_days", "อายุแต้ม (วัน)")}
        </Group>
        <Text fw={500}>ระดับสมาชิก (ยอดแทง 90 วัน)</Text>
        <Table data-testid="privilege-levels">
          <Table.Tbody>
            {draft.levels.map((l, i) => (
              <Table.Tr key={l.name}>
                <Table.Td>{MEMBER_LEVEL_LABELS[l.name]}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`ยอดแทงของ ${l.name}`}
                    value={l.threshold}
                    min={0}
                    disabled={i === 0}
                    onChange={(v) =>
                      setDraft({ ...draft, levels: draft.levels.map((x, j) => (j === i ? { ...x, threshold: num(v) } : x)) })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`ตัวคูณของ ${l.name} (×100)`}
                    value={l.multiplier_x100}
                    min={100}
                    max={1000}
                    allowDecimal={false}
                    onChange={(v) =>
                      setDraft({ ...draft, levels: draft.levels.map((x, j) => (j === i ? { ...x, multiplier_x100: num(v) } : x)) })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fw={500}>รายการแลกแต้ม</Text>
        <Table data-testid="privilege-slots">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>รหัส</Table.Th>
              <Table.Th>แต้ม</Table.Th>
              <Table.Th>เครดิต (บาท)</Table.Th>
              <Table.Th>ครั้ง/วัน</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.redeembonuslist.map((s, i) => {
              const set = (patch: Partial<typeof s>) =>
                setDraft({ ...draft, redeembonuslist: draft.redeembonuslist.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
              return (
                <Table.Tr key={i}>
                  <Table.Td>
                    <NumberInput
                      w={70}
                      value={s.id}
                      min={1}
                      allowDecimal={false}
                      onChange={(v) => set({ id: num(v) })}
                      aria-label="รหัสรายการ"
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      w={90}
                      value={s.score}
                      min={1}
                      allowDecimal={false}
                      onChange={(v) => set({ score: num(v) })}
                      aria-label="แต้มที่ใช้"
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      w={90}
                      value={s.bonus}
                      min={0.01}
                      decimalScale={2}
                      onChange={(v) => set({ bonus: num(v) })}
                      aria-label="เครดิตที่ได้"
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      w={70}
                      value={s.per_day_limit}
                      min={1}
                      allowDecimal={false}
                      onChange={(v) => set({ per_day_limit: num(v) })}
                      aria-label="ครั้งต่อวัน"
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label="ลบรายการ"
                      onClick={() => setDraft({ ...draft, redeembonuslist: draft.redeembonuslist.filter((_, j) => j !== i) })}
                    >
                      ✕
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Button
          variant="light"
          onClick={() =>
            setDraft({
              ...draft,
              redeembonuslist: [
                ...draft.redeembonuslist,
                { id: Math.max(0, ...draft.redeembonuslist.map((s) => s.id)) + 1, score: 100, bonus: 10, per_day_limit: 1 },
              ],
            })
          }
        >
          เพิ่มรายการแลก
        </Button>
        {save.error && <Alert color="red">{save.error.message}</Alert>}
        {save.isSuccess && <Alert color="teal">{save.data.message}</Alert>}
        <Button onClick={() => save.mutate(draft)} loading={save.isPending}>
          บันทึกการตั้งค่าแต้ม
        </Button>
      </Stack>
    </Card>
  );
}

function PlayerPoints() {
  const [player, setPlayer] = useState<PickedPlayer | null>(null);
  const [amount, setAmount] = useState<number | string>("");
  const [reason, setReason] = useState("");
  const [level, setLevel] = useState<string | null>(null);
  // One key per intended adjustment: a double click or a retry is applied once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const adjust = useMutation({
    mutationFn: () => adminAdjustPoints({ uuid: player!.uuid, points: Number(amount), reason }, key),
    onSuccess: () => {
      setAmount("");
      setKey(crypto.randomUUID());
    },
  });
  const setMemberLevel = useMutation({
    mutationFn: () => adminSetMemberLevel({ uuid: player!.uuid, level: level === "auto" ? null : (level as MemberLevel), reason }),
  });
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={4}>แต้มและระดับของผู้เล่น</Title>
        <PlayerPicker onPick={setPlayer} />
        {player && (
          <Stack gap="xs">
            <Text>{player.username}</Text>
            <TextInput label="เหตุผล (จำเป็น)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} name="points-reason" />
            <Group align="flex-end">
              <NumberInput label="ปรับแต้ม (ใส่ค่าลบเพื่อหัก)" value={amount} onChange={setAmount} decimalScale={2} name="points-amount" />
              <Button onClick={() => adjust.mutate()} loading={adjust.isPending} disabled={!amount || reason.trim().length < 3}>
                บันทึกการปรับแต้ม
              </Button>
            </Group>
            {adjust.error && <Alert color="red">{adjust.error.message}</Alert>}
            {adjust.isSuccess && <Alert color="teal">{`${adjust.data.message} · แต้มที่ใช้ได้ ${adjust.data.total_score}`}</Alert>}
            <Group align="flex-end">
              <Select
                label="ระดับสมาชิก"
                data={[
                  { value: "auto", label: "ตามยอดแทง (อัตโนมัติ)" },
                  ...MEMBER_LEVELS.map((l) => ({ value: l, label: MEMBER_LEVEL_LABELS[l] })),
                ]}
                value={level}
                onChange={setLevel}
              />
              <Button
                variant="light"
                onClick={() => setMemberLevel.mutate()}
                loading={setMemberLevel.isPending}
                disabled={!level || reason.trim().length < 3}
              >
                กำหนดระดับ
              </Button>
            </Group>
            {setMemberLevel.error && <Alert color="red">{setMemberLevel.error.message}</Alert>}
            {setMemberLevel.isSuccess && <Alert color="teal">{setMemberLevel.data.message}</Alert>}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
