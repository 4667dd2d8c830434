import { Alert, Badge, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { baht, formatMoney } from "../../../domain/money";
import { formatThaiDateTime } from "../../../domain/thai-date";
import { EmptyState } from "../../components/empty-state";
import { yeekeeWatchQuery } from "./api/admin-read-yeekee-watch";

/**
 * What a leaked yeekee seed would look like (docs/decisions/012): players with a stake in a round
 * shooting in its final minute, and requests for a seed before its round's result time.
 */
export function YeekeeWatch() {
  const [days, setDays] = useState("1");
  const watch = useQuery({
    ...yeekeeWatchQuery(days),
    refetchInterval: 30_000,
    meta: { blocking: true },
  });
  const rounds = watch.data?.rounds ?? [];
  const refusals = watch.data?.refusals ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          ย้อนหลัง
        </Text>
        <SegmentedControl size="xs" value={days} onChange={setDays} data={["1", "3", "7"].map((d) => ({ value: d, label: `${d} วัน` }))} />
      </Group>
      {watch.error && <Alert color="red">{watch.error.message}</Alert>}

      <Title order={4} size="h5">
        ผู้มีโพยที่ยิงเลขในนาทีสุดท้าย
      </Title>
      <Text size="xs" c="dimmed">
        ผู้เล่นที่แทงในงวดนั้นและยิงเลขภายใน 60 วินาทีก่อนเวลาออกผล หากคนเดิมยิงช่วงท้ายในงวดที่ตนถูกรางวัลบ่อย ๆ อาจเป็นสัญญาณว่าเมล็ดสุ่มรั่ว
      </Text>
      {watch.data && rounds.length === 0 && <EmptyState title="ไม่พบผู้มีโพยยิงเลขในนาทีสุดท้าย" testId="yeekee-watch-no-rounds" />}
      {rounds.map((r) => (
        <Card key={r.activityid} withBorder radius="md" data-testid="yeekee-watch-round">
          <Group justify="space-between" gap="xs" mb={4}>
            <Text fw={700}>
              {r.name} รอบที่ {r.round_no}
            </Text>
            <Text size="xs" c="dimmed">
              ออกผล {formatThaiDateTime(r.result_at)}
            </Text>
          </Group>
          <Stack gap={4}>
            {r.players.map((p) => (
              <Group key={p.uuid} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate>
                  {p.username}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Badge color="orange" variant="light">
                    ยิงท้าย {p.lateShots} ครั้ง
                  </Badge>
                  <Text size="sm">แทง {formatMoney(baht(p.stake))} ฿</Text>
                </Group>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}

      <Title order={4} size="h5" mt="md">
        คำขอเมล็ดสุ่มก่อนเวลาออกผล (ถูกปฏิเสธ)
      </Title>
      <Text size="xs" c="dimmed">
        ระบบขอเมล็ดสุ่มเมื่อถึงเวลาออกผลเท่านั้น รายการที่นี่คือมีผู้พยายามอ่านล่วงหน้า ควรตรวจสอบทุกรายการ
      </Text>
      {watch.data && refusals.length === 0 && <EmptyState title="ไม่มีคำขอเมล็ดสุ่มก่อนเวลา" testId="yeekee-watch-no-refusals" />}
      {refusals.map((f, i) => (
        <Card key={`${f.at}-${i}`} withBorder radius="md" padding="sm" data-testid="yeekee-watch-refusal" data-activity-id={f.activityid}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              งวด #{f.activityid}
            </Text>
            <Text size="xs" c="dimmed">
              {formatThaiDateTime(f.at)}
            </Text>
          </Group>
          <Text size="xs">
            ผู้ขอ (บทบาทฐานข้อมูล) {f.role} · จาก {f.client ?? "ไม่มีที่อยู่ (เชื่อมต่อจากเครื่องเดียวกัน)"}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
