import { Alert, Card, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { bankStatsQuery } from "./api/admin-bank-stats";

/** Seconds as the operator reads them: "42 วินาที", "3 นาที 5 วินาที". */
function duration(seconds: number | null): string {
  if (seconds === null) return "–";
  const s = Math.round(seconds);
  return s < 60 ? `${s} วินาที` : `${Math.floor(s / 60)} นาที ${s % 60} วินาที`;
}

/** Today's automatic deposits (`/api/admin/bank-stats`, the same figures as /metrics). */
export function BankStatsAdmin() {
  const stats = useQuery({ ...bankStatsQuery, refetchInterval: 30_000 });
  if (stats.error) return <Alert color="red">{stats.error.message}</Alert>;
  const s = stats.data?.stats;
  if (!s) return null;
  const figures: Array<[string, string, string]> = [
    ["received", "รับเข้าวันนี้", String(s.received)],
    ["matched-auto", "จับคู่อัตโนมัติ", String(s.matchedAuto)],
    ["matched-operator", "จับคู่โดยเจ้าหน้าที่", String(s.matchedByOperator)],
    ["waiting", "รอจับคู่", String(s.waiting)],
    ["returned", "รอคืนเงิน", String(s.returned)],
    ["waiting-old", "รอเกิน 15 นาที", String(s.waitingOver15Minutes)],
    ["p50", "โอนถึงเติมเครดิต (มัธยฐาน)", duration(s.creditSecondsP50)],
    ["p95", "โอนถึงเติมเครดิต (p95)", duration(s.creditSecondsP95)],
  ];
  return (
    <Card withBorder radius="md" padding="sm" data-testid="bank-stats">
      <Stack gap="xs">
        <Text fw={600}>ฝากออโต้วันนี้</Text>
        <SimpleGrid cols={2} spacing="xs">
          {figures.map(([key, label, value]) => (
            <div key={key} data-testid={`bank-stat-${key}`}>
              <Text size="xs">{label}</Text>
              <Text fw={700} c={key === "waiting-old" && s.waitingOver15Minutes > 0 ? "red.9" : undefined}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
