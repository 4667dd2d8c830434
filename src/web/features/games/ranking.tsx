import { Alert, Card, Group, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import type { GameType } from "../../../domain/games";
import { baht, formatMoney } from "../../../domain/money";
import { bangkokDateKey } from "../../../domain/thai-date";
import { EmptyState } from "../../components/empty-state";
import { useGameRanking } from "./api/ranking";

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_DAYS = 7;

/** "+1,234.50 ฿" for winnings, "−80 ฿" for losses. */
const signedMoney = (amount: number) => `${amount > 0 ? "+" : amount < 0 ? "−" : ""}${formatMoney(baht(Math.abs(amount)))} ฿`;

/** Players by net winnings after fees over a Bangkok date range, the last 7 days by default. */
export function Ranking({ type }: { type: GameType }) {
  const [range, setRange] = useState(() => ({
    start: bangkokDateKey(Date.now() - (DEFAULT_DAYS - 1) * DAY_MS),
    end: bangkokDateKey(Date.now()),
  }));
  const inOrder = range.start !== "" && range.end !== "" && range.start <= range.end;
  const ranking = useGameRanking(type, inOrder ? range.start : "", inOrder ? range.end : "");
  const rows = ranking.data?.gamehuakoirankingList ?? [];

  return (
    <Stack gap="xs">
      <Group grow gap="xs">
        <TextInput
          type="date"
          label="ตั้งแต่วันที่"
          value={range.start}
          max={range.end}
          onChange={(e) => setRange({ ...range, start: e.currentTarget.value })}
          data-testid="ranking-start"
        />
        <TextInput
          type="date"
          label="ถึงวันที่"
          value={range.end}
          min={range.start}
          onChange={(e) => setRange({ ...range, end: e.currentTarget.value })}
          data-testid="ranking-end"
        />
      </Group>
      <Text size="xs" c="dimmed">
        กำไรสุทธิหลังหักค่าธรรมเนียม ตามวันที่เวลาไทย เลือกได้ไม่เกิน 31 วัน
      </Text>
      {!inOrder && <Alert color="yellow">กรุณาเลือกวันที่เริ่มต้นไม่หลังวันที่สิ้นสุด</Alert>}
      {inOrder && ranking.isPending && <Skeleton h={120} radius="lg" />}
      {ranking.isError && <Alert color="red">{ranking.error.message}</Alert>}
      {ranking.isSuccess && rows.length === 0 && <EmptyState title="ยังไม่มีอันดับในช่วงนี้" testId="ranking-empty" />}
      {rows.map((r) => (
        <Card key={`${r.rank}-${r.username}`} withBorder radius="md" padding="sm" data-testid="ranking-row" data-rank={r.rank}>
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Text fw={700} w={32} ta="center" c={r.rank <= 3 ? "yellow.8" : undefined}>
                {r.rank}
              </Text>
              <Stack gap={0} miw={0}>
                <Text fw={600} truncate>
                  {r.username}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.games} เกม
                </Text>
              </Stack>
            </Group>
            <Text
              fw={700}
              c={r.net > 0 ? "teal.8" : r.net < 0 ? "red.7" : undefined}
              style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}
            >
              {signedMoney(r.net)}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
