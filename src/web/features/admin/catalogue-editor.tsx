import { Alert, Button, Card, Group, Image, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { lottery } from "../../../contract";
import { lotteryIcon } from "../../../domain/lottery-icons";
import { adminLotteriesQuery } from "./api/admin-lotteries";
import { adminUpdateLottery, afterUpdateLottery } from "./api/admin-update-lottery";

type Lottery = z.infer<typeof lottery.AdminLottery>;

function LotteryRow({ item }: { item: Lottery }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(item.name);
  const [active, setActive] = useState(item.active);
  const [schedule, setSchedule] = useState(() => JSON.stringify(item.schedule, null, 1));
  const [open, setOpen] = useState(false);
  const save = useMutation({
    mutationFn: () => {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(schedule) as Record<string, unknown>;
      } catch {
        throw new Error("ตารางงวดต้องเป็น JSON ที่ถูกต้อง");
      }
      return adminUpdateLottery({ id: item.id, name, active, schedule: parsed });
    },
    onSuccess: () => afterUpdateLottery(queryClient),
  });
  const icon = lotteryIcon(item.name);
  return (
    <Card withBorder radius="md" padding="xs">
      <Group justify="space-between" wrap="nowrap" onClick={() => setOpen((o) => !o)} style={{ cursor: "pointer" }}>
        <Group gap="xs" wrap="nowrap">
          {icon ? <Image src={icon} w={28} h={28} alt="" /> : null}
          <Text size="sm" fw={500}>
            {item.name}
          </Text>
        </Group>
        <Text size="xs" c={item.active ? "green" : "dimmed"}>
          {item.active ? "เปิดใช้" : "ปิดใช้"}
        </Text>
      </Group>
      {open && (
        <Stack mt="xs" gap="xs">
          <TextInput label="ชื่อ" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Switch label="เปิดใช้" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          <Textarea
            label="ตารางงวด (เวลาไทย)"
            autosize
            minRows={3}
            ff="monospace"
            value={schedule}
            onChange={(e) => setSchedule(e.currentTarget.value)}
          />
          {save.error && <Alert color="red">{save.error.message}</Alert>}
          {save.isSuccess && <Alert color="teal">บันทึกแล้ว งวดที่ยังไม่เปิดถูกวางใหม่ตามตารางนี้</Alert>}
          <Button size="xs" onClick={() => save.mutate()} loading={save.isPending}>
            บันทึก
          </Button>
        </Stack>
      )}
    </Card>
  );
}

export function CatalogueEditor() {
  const list = useQuery({ ...adminLotteriesQuery, meta: { blocking: true } });
  return (
    <Stack gap="xs">
      {list.data?.lotteries.map((l) => (
        <LotteryRow key={`${l.id}-${JSON.stringify(l)}`} item={l} />
      ))}
    </Stack>
  );
}
