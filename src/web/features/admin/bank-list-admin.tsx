import { Alert, Button, Card, Checkbox, Group, Image, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { BANK_CODES, BANKS, type BankCode } from "../../../domain/banks";
import { useBankList } from "../../lib/bank-list";
import { adminSetBankList, afterSetBankList } from "./api/admin-set-bank-list";

/**
 * Which banks and wallets players may register with (docs/decisions/052). Turning one off refuses it to new
 * registrations only: players already registered with it keep depositing from it and withdrawing to it.
 */
export function BankListAdmin() {
  const queryClient = useQueryClient();
  const list = useBankList();
  const [chosen, setChosen] = useState<BankCode[] | null>(null);
  useEffect(() => {
    if (list.data && chosen === null) setChosen(list.data);
  }, [list.data, chosen]);
  const save = useMutation({
    mutationFn: (enabled: BankCode[]) => adminSetBankList({ enabled }),
    onSuccess: (answer) => {
      afterSetBankList(queryClient, answer);
      setChosen(answer.enabled);
    },
  });
  const current = chosen ?? [];
  const unchanged = list.data !== undefined && current.length === list.data.length && current.every((c) => list.data.includes(c));
  return (
    <Card withBorder radius="md" data-testid="bank-list-admin">
      <Stack>
        <Text fw={600}>ธนาคารที่ผู้เล่นใช้สมัครได้</Text>
        <Text size="sm" c="dimmed">
          ปิดธนาคารแล้ว ผู้สมัครใหม่จะเลือกไม่ได้ ผู้เล่นที่ใช้ธนาคารนั้นอยู่แล้วยังฝากและถอนได้ตามปกติ
        </Text>
        <Checkbox.Group value={current} onChange={(v) => setChosen(BANK_CODES.filter((c) => v.includes(c)))}>
          <Stack gap="xs">
            {BANK_CODES.map((code) => (
              <Checkbox
                key={code}
                value={code}
                label={
                  <Group gap="xs" wrap="nowrap">
                    <Image src={BANKS[code].logo} w={24} h={24} alt="" />
                    <span>{BANKS[code].thaiName}</span>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {save.error && <Alert color="red">{save.error.message}</Alert>}
        {save.isSuccess && unchanged && <Alert color="green">{save.data.message}</Alert>}
        <Button onClick={() => save.mutate(current)} loading={save.isPending} disabled={chosen === null || unchanged}>
          บันทึกรายการธนาคาร
        </Button>
      </Stack>
    </Card>
  );
}
