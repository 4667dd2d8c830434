import { Card, Group, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { baht, formatMoney } from "../../../domain/money";
import { showPoints } from "./show-points";

interface Summary {
  total_score: number;
  pending_score: number;
  deposit_score: number;
  postdigit_total_today: number;
}

const TABULAR = { fontVariantNumeric: "tabular-nums" } as const;

/** Points usable now, deposit points still waiting for their stake, and today's deposit points and stake. */
export function PointsSummary({ summary }: { summary: Summary | undefined }) {
  return (
    <Card withBorder radius="lg">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          แต้มที่ใช้ได้
        </Text>
        {summary === undefined ? (
          <Skeleton h={36} w={160} />
        ) : (
          <Text fz={28} fw={700} c="red.8" style={TABULAR}>
            <span data-testid="points-usable">{showPoints(summary.total_score)}</span> แต้ม
          </Text>
        )}
        <Card radius="md" padding="xs" bg="yellow.0">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">แต้มรอยอดแทง</Text>
            {summary === undefined ? (
              <Skeleton h={20} w={80} />
            ) : (
              <Text fw={600} style={TABULAR}>
                <span data-testid="points-pending">{showPoints(summary.pending_score)}</span> แต้ม
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed" mt={2}>
            แต้มจากการฝากจะใช้ได้เมื่อมียอดแทงครบเท่ายอดฝากภายใน 30 วัน
          </Text>
        </Card>
        <SimpleGrid cols={2} spacing="xs">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              แต้มจากการฝากวันนี้
            </Text>
            <Text fw={600} style={TABULAR} data-testid="points-deposit-today">
              {summary === undefined ? "–" : showPoints(summary.deposit_score)}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              ยอดแทงวันนี้
            </Text>
            <Text fw={600} style={TABULAR} data-testid="stake-today">
              {summary === undefined ? "–" : `${formatMoney(baht(summary.postdigit_total_today))} ฿`}
            </Text>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
