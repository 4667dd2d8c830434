import { Alert, Button, Code, Stack } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { baht, formatMoney } from "../../../domain/money";
import { adminLedgerCheck } from "./api/admin-ledger-check";

export function LedgerCheck() {
  const check = useMutation({ mutationFn: () => adminLedgerCheck({}) });
  const r = check.data;
  return (
    <Stack>
      <Button onClick={() => check.mutate()} loading={check.isPending}>
        ตรวจสมุดบัญชีตอนนี้
      </Button>
      {r && (
        <Alert color={r.ok ? "teal" : "red"} title={r.ok ? "สมุดบัญชีถูกต้อง" : "พบความผิดปกติ"} data-testid="ledger-result">
          บัญชี {r.accounts} · รายการ {r.entries} · ผลรวมทุกบัญชี {formatMoney(baht(r.totalBalance))} ฿
          {!r.ok && (
            <Code block>
              {JSON.stringify(
                { differences: r.differences, negativePlayers: r.negativePlayers, unbalancedTransactions: r.unbalancedTransactions },
                null,
                2,
              )}
            </Code>
          )}
        </Alert>
      )}
    </Stack>
  );
}
