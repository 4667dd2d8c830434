import { memo, type ReactNode } from "react";
import { Badge, Box, Card, Group, Text } from "@mantine/core";
import type { NumberRecord } from "../../../contract/yeekee";
import { formatTime } from "../../../domain/thai-date";

/** How many of the latest shots the live list shows. */
export const LIVE_LIST_SIZE = 50;

function ShotRow({ record, own, testId, showName }: { record: NumberRecord; own: boolean; testId: string; showName: boolean }) {
  return (
    <Group
      gap={8}
      wrap="nowrap"
      px={8}
      py={5}
      data-testid={testId}
      data-seq={record.seq}
      data-number={record.number}
      data-own={own}
      style={{ borderBottom: "1px solid #f0ebe3", background: own ? "var(--mantine-color-yellow-0)" : undefined }}
    >
      <Text size="xs" c="dimmed" w={44} className="countdown" style={{ flexShrink: 0 }}>
        #{record.seq}
      </Text>
      {showName && (
        <Text size="sm" miw={0} style={{ flex: 1 }} truncate>
          {record.username}
          {own && (
            <Badge ml={6} size="xs" color="yellow" variant="filled">
              คุณ
            </Badge>
          )}
        </Text>
      )}
      <Text fw={700} fz="lg" c="red.8" className="award-number" style={showName ? { flexShrink: 0 } : { flex: 1 }}>
        {record.number}
      </Text>
      <Text size="xs" c="dimmed" className="countdown" style={{ flexShrink: 0 }}>
        {formatTime(record.at)}
      </Text>
    </Group>
  );
}

/** The latest shots of the round, newest first, as they arrive. */
export function LiveShots({
  records,
  count,
  isOwn,
  connected,
}: {
  records: readonly NumberRecord[];
  count: number;
  isOwn: (r: NumberRecord) => boolean;
  connected: boolean;
}) {
  const latest = records.slice(-LIVE_LIST_SIZE).reverse();
  return (
    <Card withBorder radius="lg" padding={0} component="section" aria-label="เลขที่ยิงล่าสุด" data-testid="live-shots">
      <Group justify="space-between" px="sm" py={8} style={{ borderBottom: "1px solid #e4ddd2" }}>
        <Text fw={600}>เลขที่ยิงล่าสุด</Text>
        <Group gap={6}>
          <Box
            w={8}
            h={8}
            style={{ borderRadius: 999, background: connected ? "var(--mantine-color-green-6)" : "var(--mantine-color-gray-5)" }}
          />
          <Text size="xs" c="dimmed" data-testid="live-status" data-connected={connected}>
            {connected ? "สด" : "กำลังเชื่อมต่อ…"} · ทั้งหมด {count} เลข
          </Text>
        </Group>
      </Group>
      {latest.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          ยังไม่มีผู้ยิงเลขในรอบนี้
        </Text>
      ) : (
        <ScrollList maxHeight={340} label="รายการเลขที่ยิงล่าสุด">
          {latest.map((r) => (
            <ShotRow key={r.seq} record={r} own={isOwn(r)} testId="shot-row" showName />
          ))}
        </ScrollList>
      )}
    </Card>
  );
}

/** Every shot of the player in this round, newest first. */
export const OwnShots = memo(function OwnShots({ records }: { records: readonly NumberRecord[] }) {
  return (
    <Card withBorder radius="lg" padding={0} component="section" aria-label="เลขที่คุณยิง" data-testid="own-shots">
      <Group justify="space-between" px="sm" py={8} style={{ borderBottom: "1px solid #e4ddd2" }}>
        <Text fw={600}>เลขที่คุณยิง</Text>
        <Text size="xs" c="dimmed" data-testid="own-shot-count">
          {records.length} เลข
        </Text>
      </Group>
      {records.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          คุณยังไม่ได้ยิงเลขในรอบนี้
        </Text>
      ) : (
        <ScrollList maxHeight={220} label="รายการเลขที่คุณยิง">
          {records.map((r) => (
            <ShotRow key={r.seq} record={r} own={false} testId="own-shot-row" showName={false} />
          ))}
        </ScrollList>
      )}
    </Card>
  );
});

/**
 * A list that scrolls inside its card past `maxHeight`, with the phone's own scrolling and scroll bar, reachable by
 * keyboard. Mantine's ScrollArea drew its own scroll bars from resize observers that measured the list again each time
 * it changed: 20-30 ms of the yeekee page's load on the bench machine, and again with each live shot (docs/decisions/066).
 */
function ScrollList({ maxHeight, label, children }: { maxHeight: number; label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ maxHeight, overflowY: "auto", overscrollBehavior: "contain" }}>
      {children}
    </div>
  );
}
