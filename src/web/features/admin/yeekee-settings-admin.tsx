import { Alert, Button, Card, Loader, NumberInput, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { yeekee } from "../../../contract";
import type { YeekeeConfig } from "../../../contract/yeekee";
import { yeekeeConfigQuery } from "./api/admin-read-yeekee-config";
import { adminSaveYeekeeConfig, afterSaveYeekeeConfig } from "./api/admin-save-yeekee-config";

type Field = keyof YeekeeConfig;
type Draft = Record<Field, number | string>;

const fromDraft = (d: Draft): YeekeeConfig => {
  const n = (v: number | string) => (v === "" ? NaN : Number(v));
  return {
    minShots: n(d.minShots),
    shotIntervalSeconds: n(d.shotIntervalSeconds),
    rewardOne: n(d.rewardOne),
    rewardSixteen: n(d.rewardSixteen),
    minStakeForReward: n(d.minStakeForReward),
  };
};

/** The contract's schema decides what is valid, so the form and the server say the same Thai messages. */
function fieldErrors(config: YeekeeConfig): Partial<Record<Field, string>> {
  const checked = yeekee.adminSaveYeekeeConfig.body.safeParse(config);
  if (checked.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * ตั้งค่ายี่กี: the minimum number of shots (0: every round gets a result, docs/decisions/034), the
 * pace of shooting and the #1/#16 rewards. Saved whole through `/api/admin/save-yeekee-config`.
 */
export function YeekeeSettingsAdmin() {
  const queryClient = useQueryClient();
  const current = useQuery({ ...yeekeeConfigQuery, meta: { blocking: true } });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [touched, setTouched] = useState(false);
  const [shown, setShown] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: (config: YeekeeConfig) => adminSaveYeekeeConfig(config),
    onSuccess: (r) => {
      setDraft(r.config);
      setTouched(false);
      void afterSaveYeekeeConfig(queryClient);
    },
  });
  // The draft follows what the server holds until the operator starts editing.
  useEffect(() => {
    if (!touched && current.data) setDraft(current.data.config);
  }, [current.data, touched]);

  if (current.error) return <Alert color="red">{current.error.message}</Alert>;
  if (!draft) return <Loader size="sm" />;

  const submit = () => {
    const config = fromDraft(draft);
    const errors = fieldErrors(config);
    setShown(errors);
    if (Object.keys(errors).length === 0) save.mutate(config);
    else save.reset();
  };
  const field = (key: Field, label: string, props: { decimal?: boolean; description?: string } = {}) => (
    <NumberInput
      label={label}
      name={key}
      value={draft[key]}
      allowDecimal={props.decimal ?? false}
      decimalScale={props.decimal ? 2 : undefined}
      description={props.description}
      error={shown[key]}
      onChange={(v) => {
        setTouched(true);
        setDraft({ ...draft, [key]: v });
      }}
    />
  );
  return (
    <Card withBorder radius="md" data-testid="yeekee-settings">
      <Stack gap="sm">
        <Title order={4}>ตั้งค่ายี่กี</Title>
        {field("minShots", "จำนวนเลขยิงขั้นต่ำต่อรอบ", {
          description: "0 = ออกผลทุกรอบไม่ว่าจะยิงกี่เลข ถ้ากำหนดมากกว่า 0 รอบที่ยิงไม่ถึงจะถูกยกเลิกและคืนเงินทุกโพย",
        })}
        {field("shotIntervalSeconds", "ระยะห่างระหว่างการยิงของผู้เล่นแต่ละคน (วินาที)")}
        <SimpleGrid cols={2} spacing="sm">
          {field("rewardOne", "รางวัลผู้ยิงลำดับที่ 1 (บาท)", { decimal: true })}
          {field("rewardSixteen", "รางวัลผู้ยิงลำดับที่ 16 (บาท)", { decimal: true })}
        </SimpleGrid>
        {field("minStakeForReward", "ยอดแทงขั้นต่ำในรอบเพื่อรับรางวัล (บาท)", { decimal: true })}
        <Text size="xs" c="dimmed">
          การเปลี่ยนแปลงมีผลกับรอบที่ออกผลหลังบันทึก
        </Text>
        {Object.keys(shown).length > 0 && <Alert color="red">กรุณาแก้ไขช่องที่มีข้อความสีแดงก่อนบันทึก</Alert>}
        {save.error && <Alert color="red">{save.error.message}</Alert>}
        {save.isSuccess && <Alert color="teal">{save.data.message}</Alert>}
        <Button onClick={submit} loading={save.isPending} data-testid="yeekee-settings-save">
          บันทึกการตั้งค่ายี่กี
        </Button>
      </Stack>
    </Card>
  );
}
