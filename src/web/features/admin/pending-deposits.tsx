import { Alert, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BANKS } from "../../../domain/banks";
import { baht, formatMoney, formatMoneyExact } from "../../../domain/money";
import { formatThaiDateTime } from "../../../domain/thai-date";
import { EmptyState } from "../../components/empty-state";
import { SlipViewer } from "./slip-viewer";
import { adminApprovePaynow, afterApprovePaynow } from "./api/admin-approve-paynow";
import { pendingPaynowQuery } from "./api/admin-list-paynow";

export function PendingDeposits() {
  const queryClient = useQueryClient();
  const [slipOf, setSlipOf] = useState<number | null>(null);
  const list = useQuery({
    ...pendingPaynowQuery,
    refetchInterval: 15_000,
    meta: { blocking: true },
  });
  const decide = useMutation({
    mutationFn: (v: { id: number; status: "Approve" | "Reject" }) => adminApprovePaynow(v),
    onSettled: () => afterApprovePaynow(queryClient),
  });
  const rows = list.data?.paynowlist ?? [];
  return (
    <Stack>
      {decide.error && <Alert color="red">{decide.error.message}</Alert>}
      {decide.data && <Alert color="teal">{decide.data.message}</Alert>}
      {rows.length === 0 && <EmptyState title="ไม่มีรายการฝากรอตรวจสอบ" />}
      {rows.map((r) => (
        <Card key={r.id} withBorder radius="md" data-testid="pending-deposit" data-username={r.username}>
          <Stack gap={4}>
            <Group justify="space-between">
              <Text fw={700}>{formatMoneyExact(baht(r.amount))} ฿</Text>
              <Text size="sm">{r.username}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              โอนเวลา {formatThaiDateTime(r.paytime)} จาก {BANKS[r.bankname].thaiName} · อ้างอิง {r.transection}
            </Text>
            {/* Who should have paid: the account the player registered, to find on the bank statement. */}
            <Text size="sm" data-testid="deposit-player-bank">
              บัญชีผู้เล่น:{" "}
              <span data-testid="deposit-player-bankname">
                {r.player_bank.bankname ? BANKS[r.player_bank.bankname].thaiName : "ไม่ระบุธนาคาร"}
              </span>{" "}
              <span data-testid="deposit-player-bankno">{r.player_bank.bankno ?? "-"}</span> ·{" "}
              <span data-testid="deposit-player-holder">{r.player_bank.bankaccounts ?? "-"}</span>
            </Text>
            {r.comment && <Text size="sm">หมายเหตุ: {r.comment}</Text>}
            <Group gap="xs" mt={4}>
              <Button size="xs" variant="default" onClick={() => setSlipOf(r.id)} disabled={!r.hasSlip}>
                {r.hasSlip ? "ดูสลิป" : "ไม่มีสลิป"}
              </Button>
              <Button size="xs" color="green" onClick={() => decide.mutate({ id: r.id, status: "Approve" })} loading={decide.isPending}>
                อนุมัติ {formatMoney(baht(r.amount))} ฿
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => decide.mutate({ id: r.id, status: "Reject" })}
                loading={decide.isPending}
              >
                ปฏิเสธ
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      {slipOf !== null && <SlipViewer id={slipOf} onClose={() => setSlipOf(null)} />}
    </Stack>
  );
}
