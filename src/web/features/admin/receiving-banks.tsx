import { Alert, Button, Card, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { wallet } from "../../../contract";
import type { BankCode } from "../../../domain/banks";
import { BankLine } from "../../components/bank-line";
import { BankSelect } from "../../components/bank-select";
import type { BodyOf } from "../../../contract/route";
import { myBankQuery } from "./api/admin-get-mybank";
import { adminSaveMyBank, afterSaveMyBank } from "./api/admin-save-mybank";

export function ReceivingBanks() {
  const queryClient = useQueryClient();
  const banks = useQuery({ ...myBankQuery, meta: { blocking: true } });
  const [bank, setBank] = useState<BankCode | null>(null);
  const [bankno, setBankno] = useState("");
  const [name, setName] = useState("");
  const [promptpay, setPromptpay] = useState("");
  const save = useMutation({
    mutationFn: (body: BodyOf<typeof wallet.adminSaveMyBank>) => adminSaveMyBank(body),
    onSuccess: (r) => {
      afterSaveMyBank(queryClient, r);
      setBankno("");
      setName("");
      setPromptpay("");
    },
  });
  return (
    <Stack>
      {banks.data?.bankArr.map((b) => (
        <Card key={b.id} withBorder radius="md" data-testid="receiving-bank">
          <Stack gap={4}>
            <BankLine bank={b.bankname} no={b.bankno} name={b.bankaccounts} />
            {b.promptpay && <Text size="sm">พร้อมเพย์ {b.promptpay}</Text>}
            <Switch
              label="ใช้รับเงินฝาก"
              checked={b.active}
              onChange={(e) =>
                save.mutate({
                  id: b.id,
                  bankname: b.bankname,
                  bankno: b.bankno,
                  bankaccounts: b.bankaccounts,
                  promptpay: b.promptpay ?? "",
                  active: e.currentTarget.checked,
                })
              }
            />
          </Stack>
        </Card>
      ))}
      <Card withBorder radius="md">
        <Stack>
          <Text fw={600}>เพิ่มบัญชีรับเงิน</Text>
          <BankSelect value={bank} onChange={setBank} />
          <TextInput label="เลขบัญชี" value={bankno} onChange={(e) => setBankno(e.currentTarget.value)} name="mybank-no" />
          <TextInput label="ชื่อบัญชี" value={name} onChange={(e) => setName(e.currentTarget.value)} name="mybank-name" />
          <TextInput
            label="พร้อมเพย์ (ถ้ามี)"
            value={promptpay}
            onChange={(e) => setPromptpay(e.currentTarget.value)}
            name="mybank-promptpay"
          />
          {save.error && <Alert color="red">{save.error.message}</Alert>}
          <Button
            onClick={() => save.mutate({ bankname: bank!, bankno, bankaccounts: name, promptpay, active: true })}
            disabled={!bank}
            loading={save.isPending}
          >
            เพิ่มบัญชี
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
