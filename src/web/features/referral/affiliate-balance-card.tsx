import { Alert, Button, Card, Group, NumberInput, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { baht, formatMoney } from "../../../domain/money";
import { useMoveToCredit } from "./api/move-to-credit";

/**
 * The affiliate balance, any commission still owed back, and the form that moves the balance to the
 * credit at once.
 */
export function AffiliateBalanceCard({
  balance,
  debt,
  minMove,
}: {
  balance: number | undefined;
  debt: number;
  minMove: number | undefined;
}) {
  const [amount, setAmount] = useState<number | string>("");
  const [note, setNote] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const move = useMoveToCredit();

  const submit = () => {
    const asked = Number(amount);
    move.reset();
    if (!(asked > 0)) return setRefusal("กรุณากรอกจำนวนเงินที่ต้องการโยก");
    if (minMove !== undefined && asked < minMove) return setRefusal(`โยกได้ขั้นต่ำครั้งละ ${formatMoney(baht(minMove))} บาท`);
    if (balance !== undefined && asked > balance) return setRefusal(`ค่าคอมคงเหลือไม่พอ (มี ${formatMoney(baht(balance))} บาท)`);
    setRefusal(null);
    move.mutate(
      { amount: String(asked), note: note.trim() },
      {
        onSuccess: () => {
          setAmount("");
          setNote("");
        },
      },
    );
  };

  return (
    <Card withBorder radius="lg">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          ค่าคอมคงเหลือ (โยกเข้าเครดิตได้)
        </Text>
        {/* The skeleton and the figure are one 36 px line, so the cards below do not move when the balance comes. */}
        {balance === undefined ? (
          <Skeleton h={36} w={160} />
        ) : (
          <Text fz={28} lh="36px" fw={700} c="red.8" data-testid="affiliate-credit">
            {formatMoney(baht(balance))} ฿
          </Text>
        )}
        {debt > 0 && (
          <Alert color="yellow" data-testid="affiliate-debt">
            มีค่าคอมค้างคืน {formatMoney(baht(debt))} บาท เพราะงวดที่เคยจ่ายค่าคอมไปแล้วถูกยกเลิกภายหลัง ยอดนี้จะถูกหักจากค่าคอมที่คุณได้รับครั้งต่อไปจนครบ
          </Alert>
        )}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <NumberInput
            style={{ flex: 1 }}
            label="จำนวนที่ต้องการโยก (บาท)"
            // The line is there before the site's minimum comes ("–"), so nothing below moves when it does.
            description={`ขั้นต่ำ ${minMove !== undefined ? formatMoney(baht(minMove)) : "–"} บาท`}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setRefusal(null);
            }}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            inputMode="decimal"
            name="af-amount"
            data-testid="af-amount"
          />
          <Button variant="light" onClick={() => balance !== undefined && setAmount(balance)} disabled={!balance}>
            ทั้งหมด
          </Button>
        </Group>
        <TextInput label="หมายเหตุ (ถ้ามี)" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={200} />
        {(refusal ?? move.error) && (
          <Alert color="red" data-testid="af-withdraw-error">
            {refusal ?? move.error?.message}
          </Alert>
        )}
        {move.isSuccess && (
          <Alert color="teal" data-testid="af-withdraw-done">
            {move.data.msg}
          </Alert>
        )}
        <Button onClick={submit} loading={move.isPending} disabled={amount === "" || !balance} data-testid="af-withdraw-submit">
          โยกเข้าเครดิต
        </Button>
      </Stack>
    </Card>
  );
}
