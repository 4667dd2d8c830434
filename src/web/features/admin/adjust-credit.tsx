import { Alert, Button, Card, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { baht, formatCredit } from "../../../domain/money";
import { type PickedPlayer, PlayerPicker } from "./player-picker";
import { adminAdjustCredit } from "./api/admin-adjust-credit";

export function AdjustCredit() {
  const [player, setPlayer] = useState<PickedPlayer | null>(null);
  const [amount, setAmount] = useState<number | string>("");
  const [note, setNote] = useState("");
  // One key per intended adjustment: a double click or a retry after a timeout is applied once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const adjust = useMutation({
    mutationFn: () => adminAdjustCredit({ uuid: player!.uuid, amount: Number(amount), note }, key),
    onSuccess: (r) => {
      setPlayer((p) => (p ? { ...p, credit: r.credit } : p));
      setAmount("");
      setNote("");
      setKey(crypto.randomUUID());
    },
  });
  return (
    <Stack>
      <PlayerPicker onPick={setPlayer} />
      {player && (
        <Card withBorder radius="md">
          <Stack>
            <Text>
              {player.username} · เครดิต {formatCredit(baht(player.credit))}
            </Text>
            <NumberInput label="จำนวน (บาท) ใส่ค่าลบเพื่อหัก" value={amount} onChange={setAmount} decimalScale={2} name="adjust-amount" />
            <TextInput label="เหตุผล (จำเป็น)" value={note} onChange={(e) => setNote(e.currentTarget.value)} required name="adjust-note" />
            {adjust.error && <Alert color="red">{adjust.error.message}</Alert>}
            {adjust.isSuccess && <Alert color="teal">{adjust.data.message}</Alert>}
            <Button onClick={() => adjust.mutate()} loading={adjust.isPending} disabled={!amount || note.trim().length < 3}>
              บันทึกการปรับเครดิต
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
