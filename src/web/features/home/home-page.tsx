import { Card, Group, Stack, Text } from "@mantine/core";
import { formatThaiDate, formatTime } from "../../../domain/thai-date";
import { EmptyState } from "../../components/empty-state";
import { useServerNow } from "../../lib/server-clock";
import { useSession } from "../../lib/session";

export function HomePage() {
  const now = useServerNow();
  const { username } = useSession();
  return (
    <Stack>
      <Card radius="lg" withBorder>
        <Group justify="space-between">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              สวัสดี
            </Text>
            <Text fw={600}>{username}</Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="sm" data-testid="today">
              {formatThaiDate(now)}
            </Text>
            <Text fw={600} ff="monospace" data-testid="server-time">
              {formatTime(now)}
            </Text>
          </Stack>
        </Group>
      </Card>
      <EmptyState title="ยังไม่มีงวดหวยที่เปิดรับแทง">รายการหวยและผลรางวัลล่าสุดจะแสดงที่นี่</EmptyState>
    </Stack>
  );
}
