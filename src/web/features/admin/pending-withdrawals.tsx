import { Alert, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { baht, formatMoney } from "../../../domain/money";
import { BankLine } from "../../components/bank-line";
import { EmptyState } from "../../components/empty-state";
import { adminApproveWithdrawal, afterApproveWithdrawal } from "./api/admin-approve-withdrawal";
import { pendingWithdrawalsQuery } from "./api/admin-list-withdrawal";

export function PendingWithdrawals() {
  const queryClient = useQueryClient();
  const list = useQuery({
    ...pendingWithdrawalsQuery,
    refetchInterval: 15_000,
    meta: { blocking: true },
  });
  const decide = useMutation({
    mutationFn: (v: { id: number; status: "Approve" | "Reject" }) => adminApproveWithdrawal(v),
    onSettled: () => afterApproveWithdrawal(queryClient),
  });
  const rows = list.data?.withdrawallist ?? [];
  return (
    <Stack>
      {decide.error && <Alert color="red">{decide.error.message}</Alert>}
      {decide.data && <Alert color="teal">{decide.data.message}</Alert>}
      {rows.length === 0 && <EmptyState title="ไม่มีรายการถอนรอดำเนินการ" />}
      {rows.map((r) => (
        <Card key={r.id} withBorder radius="md" data-testid="pending-withdrawal" data-username={r.username}>
          <Stack gap={6}>
            <Group justify="space-between">
              <Text fw={700}>{formatMoney(baht(r.amount))} ฿</Text>
              <Text size="sm">
                {r.username} · {r.date_time}
              </Text>
            </Group>
            <BankLine bank={r.bankname} no={r.bankno} name={r.bankaccounts} />
            {r.note && <Text size="sm">หมายเหตุ: {r.note}</Text>}
            <Group gap="xs">
              <Button size="xs" color="green" onClick={() => decide.mutate({ id: r.id, status: "Approve" })} loading={decide.isPending}>
                โอนแล้ว (อนุมัติ)
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => decide.mutate({ id: r.id, status: "Reject" })}
                loading={decide.isPending}
              >
                ปฏิเสธและคืนเครดิต
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
