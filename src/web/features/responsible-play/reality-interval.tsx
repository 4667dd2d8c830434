import { Alert, Card, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import type { RgSettings } from "../../../contract/rg";
import { REALITY_INTERVALS } from "../../../domain/rg";
import { useSetRealityCheck } from "./api/set-reality-check";
import { showWhen } from "./show";

const OFF = "off";
const CHOICES = [...REALITY_INTERVALS.map((m) => ({ value: String(m), label: `${m} นาที` })), { value: OFF, label: "ปิด" }];

/** The reality-check interval: 15, 30, 60 or 120 minutes, or off; saved as soon as it is chosen. */
export function RealityInterval({ reality }: { reality: RgSettings["reality"] }) {
  const save = useSetRealityCheck();
  const shown = save.isPending
    ? save.variables === null
      ? OFF
      : String(save.variables)
    : reality.minutes === null
      ? OFF
      : String(reality.minutes);
  return (
    <Card withBorder radius="lg" padding="sm" data-testid="reality-interval">
      <Stack gap="xs">
        <Title order={4} size="h5">
          เตือนเวลาเล่น
        </Title>
        <Text size="sm" c="dimmed">
          เมื่อครบเวลาที่เลือก ระบบจะแสดงเวลาที่เล่นไป ยอดแทง และได้/เสียสุทธิ แล้วถามว่าจะเล่นต่อหรือออกจากระบบ
        </Text>
        <SegmentedControl
          fullWidth
          aria-label="เตือนทุก"
          data={CHOICES}
          value={shown}
          disabled={save.isPending}
          onChange={(v) => save.mutate(v === OFF ? null : Number(v))}
          data-testid="reality-minutes"
        />
        {reality.due_at && (
          <Text size="sm" data-testid="reality-next">
            เตือนครั้งถัดไป {showWhen(reality.due_at)}
          </Text>
        )}
        {save.error && <Alert color="red">{save.error.message}</Alert>}
        {save.isSuccess && save.data.message && <Alert color="teal">{save.data.message}</Alert>}
      </Stack>
    </Card>
  );
}
