import { Alert, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import type { lottery, notices } from "../../../contract";
import { baht, formatMoney } from "../../../domain/money";
import { EmptyState } from "../../components/empty-state";
import { PageTitle } from "../../components/page-title";
import { useNotices } from "./api/my-notices";
import { useMarkNoticesRead } from "./api/read-notice";

type Notice = z.infer<typeof notices.Notice>;

/** A result in a line: top three, bottom two, and the state lottery's front and rear threes when it has them. */
export function resultText(w: z.infer<typeof lottery.WinningNumbers>): string {
  const parts = [`3 ตัวบน ${w.top3}`, `2 ตัวล่าง ${w.bottom2}`];
  if (w.front3.length) parts.push(`3 ตัวหน้า ${w.front3.join(", ")}`);
  if (w.rear3.length) parts.push(`3 ตัวหลัง ${w.rear3.join(", ")}`);
  return parts.join(" · ");
}

function NoticeCard({ notice, isNew }: { notice: Notice; isNew: boolean }) {
  const takenBack = notice.amount < 0;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="notice">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm">
            แก้ผลรางวัล {notice.name}
          </Text>
          {isNew && (
            <Badge color="red" size="sm" style={{ flexShrink: 0 }}>
              ใหม่
            </Badge>
          )}
        </Group>
        <Text size="sm">
          งวดวันที่ {notice.date_th} รอบที่ {notice.round_no}
        </Text>
        <Text size="sm" c="dimmed">
          ผลเดิม: {resultText(notice.before)}
        </Text>
        <Text size="sm">ผลที่ถูกต้อง: {resultText(notice.after)}</Text>
        <Text size="sm" fw={700} c={takenBack ? "red" : "teal"} data-testid="notice-amount">
          {takenBack ? `หักเงินรางวัลคืน ${formatMoney(baht(-notice.amount))} ฿` : `เพิ่มเงินรางวัล ${formatMoney(baht(notice.amount))} ฿`}
        </Text>
        {notice.reason && <Text size="sm">เหตุผล: {notice.reason}</Text>}
        <Text size="xs" c="dimmed">
          {notice.date_time}
        </Text>
      </Stack>
    </Card>
  );
}

/** The player's notices about their money (result corrections); opening the page marks them read. */
export function NoticesPage() {
  const list = useNotices();
  const markRead = useMarkNoticesRead();
  // The ones unread when the page opened keep their "new" mark while the player reads them.
  const unreadAtOpen = useRef<Set<number> | null>(null);
  const data = list.data;
  if (data && unreadAtOpen.current === null) unreadAtOpen.current = new Set(data.notices.filter((n) => !n.read).map((n) => n.id));
  const { mutate } = markRead;
  useEffect(() => {
    if (data && data.unread > 0) mutate();
  }, [data, mutate]);
  return (
    <Stack>
      <PageTitle>แจ้งเตือน</PageTitle>
      {list.error && <Alert color="red">{list.error.message}</Alert>}
      {data && data.notices.length === 0 && <EmptyState title="ยังไม่มีแจ้งเตือน" />}
      {data?.notices.map((n) => (
        <NoticeCard key={n.id} notice={n} isNew={unreadAtOpen.current?.has(n.id) ?? false} />
      ))}
    </Stack>
  );
}
