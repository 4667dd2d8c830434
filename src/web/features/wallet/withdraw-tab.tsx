import { Alert, Button, Card, NumberInput, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { auth, wallet } from "../../../contract";
import { baht, formatMoney } from "../../../domain/money";
import { BankLine } from "../../components/bank-line";
import { callApi } from "../../lib/api";
import { CREDIT_KEY, useSession } from "../../lib/session";

export function WithdrawTab({ bank }: { bank: Awaited<ReturnType<typeof callApi<typeof auth.getBankInfo>>> | undefined }) {
  const { uuid, credit } = useSession();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<number | string>("");
  const [note, setNote] = useState("");
  // One key per intended withdrawal: a double tap or a retry after a timeout holds the money once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const config = useQuery({ queryKey: ["wallet-config"], queryFn: () => callApi(wallet.readWalletConfig, {}) });
  const withdraw = useMutation({
    mutationFn: () =>
      callApi(wallet.addWithdrawal, { uuid: uuid ?? "", amount: String(amount), note, bankname: bank!.bankname }, "Failed to add withdrawal", {
        "Idempotency-Key": key,
      }),
    onSuccess: (r) => {
      queryClient.setQueryData(CREDIT_KEY, { status: "Success", credit: r.credit });
      void queryClient.invalidateQueries({ queryKey: CREDIT_KEY });
      void queryClient.invalidateQueries({ queryKey: ["withdrawals"] });
      setAmount("");
      setNote("");
      setKey(crypto.randomUUID());
    },
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
        <Button onClick={() => withdraw.mutate()} loading={withdraw.isPending} disabled={!amount || !bank}>
          ถอนเงิน
        </Button>
      </Stack>
    </Card>
  );
}
