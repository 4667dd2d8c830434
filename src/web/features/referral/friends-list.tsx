import { Alert, Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { baht, formatMoney } from "../../../domain/money";
import { EmptyState } from "../../components/empty-state";
import { useFriends } from "./api/friends";
import { showDate } from "./show-date";

/** The friends who registered through the player's link: masked name, when they joined and played, their stake this month. */
export function FriendsList() {
  const friends = useFriends();
  if (friends.isPending) return <Skeleton h={120} radius="lg" />;
  if (friends.isError) return <Alert color="red">{friends.error.message}</Alert>;
  const { childrenlist, level2_count } = friends.data;
  if (childrenlist.length === 0) {
    return (
      <EmptyState title="ยังไม่มีเพื่อนในสายงาน" testId="friends-empty">
        ส่งลิงก์หรือ QR ด้านบนให้เพื่อน เมื่อเพื่อนสมัครและแทงหวย คุณจะได้ค่าคอมจากยอดแทงของเพื่อน
      </EmptyState>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid="friends-count">
        เพื่อนที่คุณแนะนำ {childrenlist.length} คน
        {level2_count > 0 && ` · เพื่อนของเพื่อน (ชั้นที่ 2) ${level2_count} คน`}
      </Text>
      {childrenlist.map((f, i) => (
        <Card key={`${f.username}-${f.joined_at}-${i}`} withBorder radius="md" padding="sm" data-testid="friend-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} miw={0}>
              <Text fw={600}>{f.username}</Text>
              <Text size="xs" c="dimmed">
                สมัคร {showDate(f.joined_at)}
              </Text>
              <Text size="xs" c="dimmed">
                {f.last_active_at ? `เข้าใช้ล่าสุด ${showDate(f.last_active_at)}` : "ยังไม่เคยเข้าใช้งาน"}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                ยอดแทงเดือนนี้
              </Text>
              <Text fw={600}>{formatMoney(baht(f.stake_month))} ฿</Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
