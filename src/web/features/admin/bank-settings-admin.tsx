import { Alert, Button, Card, NumberInput, Stack, Switch, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { bankSettingsQuery } from "./api/admin-bank-settings";
import { adminUpdateBankSettings, showBankSettings } from "./api/admin-update-bank-settings";

type Form = { autoApprove: boolean; autoMax: number | string; clockToleranceMinutes: number | string };

/** Automatic approval on or off, its upper amount and the bank clock's tolerance (docs/decisions/045-automatic-deposits.md). */
export function BankSettingsAdmin() {
  const queryClient = useQueryClient();
  const settings = useQuery({ ...bankSettingsQuery, meta: { blocking: true } });
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (settings.data && form === null) setForm({ ...settings.data.settings });
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: () =>
      adminUpdateBankSettings({
        autoApprove: form!.autoApprove,
        autoMax: Number(form!.autoMax),
        clockToleranceMinutes: Number(form!.clockToleranceMinutes),
      }),
    onSuccess: (r) => {
      showBankSettings(queryClient, r);
      setForm({ ...r.settings });
    },
  });
  if (!form) return settings.error ? <Alert color="red">{settings.error.message}</Alert> : null;
  const change = (patch: Partial<Form>) => {
    save.reset();
    setForm((f) => (f ? { ...f, ...patch } : f));
  };
  return (
    <Card withBorder radius="md" padding="sm" data-testid="bank-settings">
      <Stack gap="xs">
        <Text fw={600}>ตั้งค่าฝากออโต้</Text>
        <Switch
          label="อนุมัติอัตโนมัติเมื่อรายการโอนตรงกับรายการขอฝาก"
          description="ปิด: ทุกรายการที่ตรงกันรอเจ้าหน้าที่กดจับคู่"
          checked={form.autoApprove}
          onChange={(e) => change({ autoApprove: e.currentTarget.checked })}
          name="bank-auto-approve"
        />
        <NumberInput
          label="ยอดสูงสุดที่อนุมัติอัตโนมัติ (บาท)"
          description="ยอดที่มากกว่านี้รอเจ้าหน้าที่"
          value={form.autoMax}
          onChange={(v) => change({ autoMax: v })}
          decimalScale={2}
          thousandSeparator=","
          allowNegative={false}
          hideControls
          name="bank-auto-max"
        />
        <NumberInput
          label="เวลาที่เผื่อให้นาฬิกาธนาคาร (นาที)"
          description="รายการที่โอนก่อนหรือหลังเวลาของรายการขอฝากไม่เกินเท่านี้ยังนับว่าอยู่ในเวลา"
          value={form.clockToleranceMinutes}
          onChange={(v) => change({ clockToleranceMinutes: v })}
          allowDecimal={false}
          allowNegative={false}
          min={0}
          max={120}
          name="bank-clock-tolerance"
        />
        {save.error && (
          <Alert color="red" data-testid="bank-settings-error">
            {save.error.message}
          </Alert>
        )}
        {save.isSuccess && (
          <Alert color="teal" data-testid="bank-settings-saved">
            บันทึกการตั้งค่าฝากออโต้แล้ว
          </Alert>
        )}
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="bank-settings-save">
          บันทึกการตั้งค่า
        </Button>
      </Stack>
    </Card>
  );
}
