import { Alert, Button, Card, NumberInput, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { baht, formatMoney } from "../../../domain/money";
import { BankLine } from "../../components/bank-line";
import { useSession } from "../../lib/session";
import type { BankInfo } from "../../lib/calls/bank-info";
import { useAddWithdrawal } from "./api/add-withdrawal";
import { walletConfigQuery } from "./api/read-wallet-config";

export function WithdrawTab({ bank }: { bank: BankInfo | undefined }) {
  const { uuid, credit } = useSession();
  const [amount, setAmount] = useState<number | string>("");
  const [note, setNote] = useState("");
  // One key per intended withdrawal: a double tap or a retry after a timeout holds the money once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const config = useQuery(walletConfigQuery);
  const withdraw = useAddWithdrawal(() => {
    setAmount("");
    setNote("");
    setKey(crypto.randomUUID());
  });
  const limits = config.data?.config;
  return (
    <Card withBorder radius="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          ถอนเข้าบัญชีที่ลงทะเบียนไว้เท่านั้น
        </Text>
        {bank ? <BankLine bank={bank.bankname} no={bank.bankno} name={bank.bankaccounts} /> : <Skeleton h={40} />}
        <NumberInput
          label="จำนวนเงินที่ต้องการถอน (บาท)"
          description={
            limits
              ? `ขั้นต่ำ ${formatMoney(baht(limits.withdrawMin))} บาท ไม่เกิน ${formatMoney(baht(limits.withdrawDailyMax))} บาทต่อวัน · ถอนได้ ${formatMoney(baht(credit ?? 0))} บาท`
              : undefined
          }
          value={amount}
          onChange={setAmount}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          name="withdraw-amount"
        />
        <TextInput label="หมายเหตุ" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={200} />
        {withdraw.error && <Alert color="red">{withdraw.error.message}</Alert>}
        {withdraw.isSuccess && (
          <Alert color="teal" data-testid="withdraw-done">
            {withdraw.data.msg}
          </Alert>
        )}
        <Button
          onClick={() => withdraw.mutate({ body: { uuid: uuid ?? "", amount: String(amount), note, bankname: bank!.bankname }, key })}
          loading={withdraw.isPending}
          disabled={!amount || !bank}
        >
          ถอนเงิน
        </Button>
      </Stack>
    </Card>
  );
}
