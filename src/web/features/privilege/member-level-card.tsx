import { Badge, Card, Group, Progress, Stack, Text } from "@mantine/core";
import { baht, formatMoney } from "../../../domain/money";
import { MEMBER_LEVEL_LABELS, type MemberLevel } from "../../../domain/points";
import { showMultiplier } from "./show-points";

const LEVEL_COLORS: Readonly<Record<MemberLevel, string>> = {
  Bronze: "orange",
  Silver: "gray",
  Gold: "yellow",
  Platinum: "cyan",
  Diamond: "violet",
};

interface Standing {
  level: { name: MemberLevel; multiplier_x100: number; override: boolean };
  stake_90d: number;
  next_level: { name: MemberLevel; threshold: number } | null;
}

/** The member level as a badge with its points multiplier, and the stake still needed for the next one. */
export function MemberLevelCard({ standing }: { standing: Standing }) {
  const { level, stake_90d, next_level } = standing;
  const percent = next_level && next_level.threshold > 0 ? Math.min(100, (stake_90d / next_level.threshold) * 100) : 100;
  const missing = next_level ? Math.max(0, next_level.threshold - stake_90d) : 0;
  return (
    <Card withBorder radius="lg">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            ระดับสมาชิก
          </Text>
          <Badge size="lg" color={LEVEL_COLORS[level.name]} variant="filled" data-testid="member-level" data-level={level.name}>
            {MEMBER_LEVEL_LABELS[level.name]}
          </Badge>
        </Group>
        <Text size="sm" data-testid="member-multiplier">
          แต้มจากการแทงคูณ <b>{showMultiplier(level.multiplier_x100)}</b>
        </Text>
        {level.override && (
          <Text size="xs" c="dimmed">
            ระดับนี้กำหนดโดยเจ้าหน้าที่
          </Text>
        )}
        {next_level ? (
          <Stack gap={4} data-testid="level-next" data-level={next_level.name}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" c="dimmed">
                ยอดแทง 90 วัน
              </Text>
              <Text size="xs" style={{ fontVariantNumeric: "tabular-nums" }} data-testid="level-stake">
                {formatMoney(baht(stake_90d))} / {formatMoney(baht(next_level.threshold))} ฿
              </Text>
            </Group>
            <Progress
              value={percent}
              color={LEVEL_COLORS[next_level.name]}
              size="lg"
              radius="xl"
              aria-label="ความคืบหน้าสู่ระดับถัดไป"
              data-testid="level-progress"
            />
            <Text size="xs" c="dimmed">
              {missing > 0
                ? `แทงอีก ${formatMoney(baht(missing))} บาท ภายใน 90 วัน เพื่อเป็นระดับ${MEMBER_LEVEL_LABELS[next_level.name]}`
                : `ยอดแทงครบแล้ว ระดับจะปรับเป็น${MEMBER_LEVEL_LABELS[next_level.name]}ในการคำนวณระดับรอบถัดไป`}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" fw={600} c="teal.8" data-testid="level-top">
            ระดับสูงสุดแล้ว
          </Text>
        )}
      </Stack>
    </Card>
  );
}
