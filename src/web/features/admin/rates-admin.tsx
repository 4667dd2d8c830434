import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { betting } from "../../../contract";
import { BET_TYPE_LABELS } from "../../../domain/bet-types";
import { adminLotteriesQuery } from "./api/admin-lotteries";
import { adminRatesQuery } from "./api/admin-lotto-config";
import { adminUpdateLottoConfig, afterUpdateLottoConfig } from "./api/admin-update-lotto-config";

type Rate = z.infer<typeof betting.adminLottoConfig.response>["rates"][number];
type Draft = Record<"rate" | "minStake" | "maxStake" | "maxPerNumber" | "discountPercent", number | string>;

/** One bet type of one tier: its rate, stake limits, ceiling per number and discount, saved on its own. */
function RateCard({ configID, item }: { configID: string; item: Rate }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({
    rate: item.rate,
    minStake: item.minStake,
    maxStake: item.maxStake,
    maxPerNumber: item.maxPerNumber,
    discountPercent: item.discountPercent,
  });
  const save = useMutation({
    mutationFn: () =>
      adminUpdateLottoConfig({
        configID,
        userType: item.userType,
        betType: item.betType,
        rate: Number(draft.rate),
        minStake: Number(draft.minStake),
        maxStake: Number(draft.maxStake),
        maxPerNumber: Number(draft.maxPerNumber),
        discountPercent: Number(draft.discountPercent),
      }),
    onSuccess: () => afterUpdateLottoConfig(queryClient, configID),
  });
  const field = (key: keyof Draft, label: string, decimals = 0) => (
    <NumberInput
      label={label}
      name={`rate-${item.betType}-${key}`}
      value={draft[key]}
      onChange={(v) => {
        save.reset();
        setDraft((d) => ({ ...d, [key]: v }));
      }}
      decimalScale={decimals}
      thousandSeparator=","
      hideControls
      size="sm"
    />
  );
  return (
    <Card withBorder radius="md" padding="xs" data-testid="rate-card" data-bet-type={item.betType}>
      <Text fw={600} size="sm" mb={4}>
        {BET_TYPE_LABELS[item.betType]}
      </Text>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        {field("rate", "อัตราจ่าย (เท่า)", 2)}
        {field("discountPercent", "ส่วนลด (%)")}
        {field("minStake", "แทงขั้นต่ำ (บาท)")}
        {field("maxStake", "แทงสูงสุด (บาท)")}
      </SimpleGrid>
      {field("maxPerNumber", "เพดานรับต่อเลขต่องวด (บาท)")}
      {save.error && (
        <Alert color="red" mt="xs" data-testid="rate-error">
          {save.error.message}
        </Alert>
      )}
      {save.isSuccess && (
        <Alert color="teal" mt="xs" data-testid="rate-saved">
          {save.data.message}
        </Alert>
      )}
      <Button mt="xs" size="sm" fullWidth onClick={() => save.mutate()} loading={save.isPending} data-testid="rate-save">
        บันทึก{BET_TYPE_LABELS[item.betType]}
      </Button>
    </Card>
  );
}

/** Payout rates per lottery × bet type × member tier (`/api/admin/lotto-config`, `update-lotto-config`). */
export function RatesAdmin() {
  const [configID, setConfigID] = useState<string | null>(null);
  const [tier, setTier] = useState<string | null>(null);
  const catalogue = useQuery(adminLotteriesQuery);
  const rates = useQuery({
    ...adminRatesQuery(configID),
    enabled: configID !== null,
  });
  const tiers = [...new Set((rates.data?.rates ?? []).map((r) => r.userType))];
  const shownTier = tier && tiers.includes(tier) ? tier : (tiers[0] ?? null);
  const list = (rates.data?.rates ?? []).filter((r) => r.userType === shownTier);
  return (
    <Stack gap="xs">
      <Group grow align="flex-end">
        <Select
          label="หวย"
          placeholder="เลือกหวย"
          searchable
          data={(catalogue.data?.lotteries ?? []).map((l) => ({ value: l.id, label: l.name }))}
          value={configID}
          onChange={setConfigID}
          name="rates-lottery"
        />
        <Select
          label="ระดับสมาชิก"
          data={tiers}
          value={shownTier}
          onChange={setTier}
          disabled={tiers.length < 2}
          name="rates-tier"
          allowDeselect={false}
        />
      </Group>
      {configID === null && <Text c="dimmed">เลือกหวยเพื่อดูและแก้อัตราจ่าย</Text>}
      {rates.error && <Alert color="red">{rates.error.message}</Alert>}
      {configID !== null && rates.data && list.length === 0 && <Text c="dimmed">หวยนี้ยังไม่มีอัตราจ่าย</Text>}
      {list.map((r) => (
        <RateCard key={`${configID}-${r.userType}-${r.betType}`} configID={configID!} item={r} />
      ))}
    </Stack>
  );
}
