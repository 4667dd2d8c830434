import { Alert, Button, Card, NumberInput, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { adminUpdateWalletConfig } from "./api/admin-update-wallet-config";
import { adminWalletConfigQuery, showWalletConfig } from "./api/read-wallet-config";

type Limits = Record<"depositMin" | "depositMax" | "withdrawMin" | "withdrawDailyMax", number | string>;

/** Deposit and withdrawal limits (`/api/read-wallet-config`, `/api/admin/update-wallet-config`). */
export function WalletLimitsAdmin() {
  const queryClient = useQueryClient();
  const config = useQuery({ ...adminWalletConfigQuery, meta: { blocking: true } });
  const [limits, setLimits] = useState<Limits | null>(null);
  useEffect(() => {
    if (config.data && limits === null) {
      const c = config.data.config;
      setLimits({ depositMin: c.depositMin, depositMax: c.depositMax, withdrawMin: c.withdrawMin, withdrawDailyMax: c.withdrawDailyMax });
    }
  }, [config.data, limits]);
  const save = useMutation({
    mutationFn: () =>
      adminUpdateWalletConfig({
        // The PromptPay id is kept as it is: it is edited with the receiving banks.
        promptpayId: config.data!.config.promptpayId,
        depositMin: Number(limits!.depositMin),
        depositMax: Number(limits!.depositMax),
        withdrawMin: Number(limits!.withdrawMin),
        withdrawDailyMax: Number(limits!.withdrawDailyMax),
      }),
    onSuccess: (r) => showWalletConfig(queryClient, r.config),
  });
  if (!limits) return config.error ? <Alert color="red">{config.error.message}</Alert> : null;
  const field = (key: keyof Limits, label: string) => (
    <NumberInput
      label={label}
      name={`limit-${key}`}
      value={limits[key]}
      onChange={(v) => {
        save.reset();
        setLimits((l) => (l ? { ...l, [key]: v } : l));
      }}
      decimalScale={2}
      thousandSeparator=","
      hideControls
    />
  );
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          ฝากเงิน (บาทต่อครั้ง)
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          {field("depositMin", "ขั้นต่ำ")}
          {field("depositMax", "สูงสุด")}
        </SimpleGrid>
        <Text fw={600} size="sm">
          ถอนเงิน (บาท)
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          {field("withdrawMin", "ขั้นต่ำต่อครั้ง")}
          {field("withdrawDailyMax", "สูงสุดต่อวัน")}
        </SimpleGrid>
        {save.error && (
          <Alert color="red" data-testid="limits-error">
            {save.error.message}
          </Alert>
        )}
        {save.isSuccess && (
          <Alert color="teal" data-testid="limits-saved">
            บันทึกขั้นต่ำ/สูงสุดการฝาก-ถอนแล้ว
          </Alert>
        )}
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="limits-save">
          บันทึกขั้นต่ำ/สูงสุด
        </Button>
      </Stack>
    </Card>
  );
}
