import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import type { Activity, LottoListItem } from "../../../contract/lottery";
import { bangkokDateKey, formatThaiShortDate, formatTime } from "../../../domain/thai-date";
import { yeekeePagePath } from "../../lib/paths";
import { EmptyState } from "../../components/empty-state";
import { formatCountdown, isYeekeeGroup, roundLabel, roundPhase } from "../../lib/rounds";
import { PhaseBadge } from "../../components/phase-badge";
import { useYeekeeActivities } from "../../lib/calls/yeekee-activities";
import { useOtherActivities } from "./api/other-activities";

/** The sections of the lottery choice, in order, by category. */
const SECTIONS: readonly { category: LottoListItem["category"]; title: string }[] = [
  { category: "yeekee", title: "ยี่กี" },
  { category: "thai", title: "หวยรัฐบาลไทย" },
  { category: "foreign", title: "หวยต่างประเทศ" },
  { category: "stock", title: "หวยหุ้น" },
  { category: "percent", title: "หวยชุด / เปอร์เซ็นต์" },
];

/** Step 1a: the lotteries, grouped, each with its icon and the time left on its next round. */
export function LotteryChoice({
  items,
  loading,
  now,
  onChoose,
}: {
  items: LottoListItem[];
  loading: boolean;
  now: number;
  onChoose: (configID: string) => void;
}) {
  if (loading)
    return (
      <SimpleGrid cols={2} spacing="sm">
        {[0, 1, 2, 3].map((k) => (
          <Skeleton key={k} h={64} radius="lg" />
        ))}
      </SimpleGrid>
    );
  if (items.length === 0) return <EmptyState title="ยังไม่มีหวยที่เปิดรับแทง">เมื่อมีงวดหวยเปิด คุณจะเลือกหวยและแทงได้ที่หน้านี้</EmptyState>;
  const sections = SECTIONS.map((s) => ({ ...s, items: items.filter((i) => i.category === s.category) })).filter((s) => s.items.length > 0);
  return (
    <Stack gap="md">
      {sections.map((s) => (
        <Stack key={s.category} gap="xs" component="section" aria-label={s.title} data-testid="lottery-group" data-category={s.category}>
          <Title order={4} size="h5">
            {s.title}
          </Title>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
            {s.items.map((item) => {
              const phase = roundPhase(item.nextRound, now);
              return (
                <UnstyledButton
                  key={item.configID}
                  onClick={() => onChoose(item.configID)}
                  data-testid="lottery-choice"
                  data-config-id={item.configID}
                  style={{ minWidth: 0 }}
                >
                  <Card withBorder radius="md" padding="xs" h="100%">
                    <Group gap={8} wrap="nowrap">
                      {item.icon ? (
                        <Image src={item.icon} w={36} h={36} radius="sm" alt="" style={{ flexShrink: 0 }} />
                      ) : (
                        <Badge size="lg" circle color="red" variant="light" style={{ flexShrink: 0 }} aria-hidden="true">
                          {item.name.slice(0, 1)}
                        </Badge>
                      )}
                      <Stack gap={0} miw={0}>
                        <Text fw={600} size="sm" lh={1.25} lineClamp={2}>
                          {item.name}
                        </Text>
                        {item.nextRound && phase === "open" ? (
                          <Text size="xs" c="red.8" className="countdown">
                            ปิดใน {formatCountdown(Date.parse(item.nextRound.timestop) - now)}
                          </Text>
                        ) : !item.nextRound && item.nextOpenAt ? (
                          // No round yet (a stock lottery over the weekend): when betting opens again.
                          <Text size="xs" c="dimmed" data-testid="lottery-next-open" data-at={item.nextOpenAt}>
                            เปิด {formatThaiShortDate(item.nextOpenAt)} {formatTime(item.nextOpenAt).slice(0, 5)} น.
                          </Text>
                        ) : (
                          <Text size="xs" c="dimmed">
                            {phase === "waiting" ? "รอเปิดรับ" : "ยังไม่เปิดรับ"}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Card>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

/** A round can be chosen while it takes bets: the server said so and the clock agrees. */
export function roundSelectable(round: Activity, now: number, snapshot: boolean): boolean {
  return roundPhase(round, now) === "open" && (snapshot || round.isOpen);
}

/** Step 1b: the rounds of the chosen lottery; only open rounds can be chosen. */
export function RoundChoice({
  lottery,
  now,
  onChoose,
  onBack,
}: {
  lottery: LottoListItem;
  now: number;
  onChoose: (round: Activity) => void;
  onBack: () => void;
}) {
  const yeekee = isYeekeeGroup(lottery.group);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap={8} wrap="nowrap" miw={0}>
          {lottery.icon && <Image src={lottery.icon} w={32} h={32} radius="sm" alt="" />}
          <Title order={4} lineClamp={1}>
            {lottery.name}
          </Title>
        </Group>
        <Button variant="subtle" size="compact-sm" onClick={onBack} data-testid="change-lottery">
          เปลี่ยนหวย
        </Button>
      </Group>
      {yeekee ? (
        <YeekeeRounds lottery={lottery} now={now} onChoose={onChoose} />
      ) : (
        <OtherRounds lottery={lottery} now={now} onChoose={onChoose} />
      )}
    </Stack>
  );
}

function YeekeeRounds({ lottery, now, onChoose }: { lottery: LottoListItem; now: number; onChoose: (round: Activity) => void }) {
  const [businessDate] = useState(() => bangkokDateKey(now));
  const rounds = useYeekeeActivities(lottery.configID, businessDate, now);
  const [showPast, setShowPast] = useState(false);
  if (rounds.error) return <Alert color="red">{rounds.error.message}</Alert>;
  if (!rounds.data) return <Skeleton h={160} radius="lg" />;
  const all = rounds.data.activitylist;
  const past = all.filter((r) => roundPhase(r, now) !== "open" && roundPhase(r, now) !== "waiting");
  const shown = showPast ? all : all.filter((r) => !past.includes(r));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          รอบของวันที่ {rounds.data.date}
        </Text>
        {past.length > 0 && (
          <Switch
            size="xs"
            label={`รอบที่ปิดแล้ว (${past.length})`}
            checked={showPast}
            onChange={(e) => setShowPast(e.currentTarget.checked)}
          />
        )}
      </Group>
      {shown.length === 0 && <EmptyState title="วันนี้ไม่มีรอบที่เปิดรับแทงแล้ว" />}
      <SimpleGrid cols={3} spacing={6} verticalSpacing={6}>
        {shown.map((r) => {
          // The yeekee list may come from the cache: the clock decides, not the cached isOpen.
          const selectable = roundSelectable(r, now, true);
          // Shooting runs from the round's opening until its result time, after the bets close.
          const phase = roundPhase(r, now);
          return (
            <Stack key={r.activityid} gap={2}>
              <Button
                variant={selectable ? "light" : "default"}
                color={selectable ? "red" : "gray"}
                disabled={!selectable}
                onClick={() => onChoose(r)}
                h={54}
                px={4}
                data-testid="round-choice"
                data-activity-id={r.activityid}
                data-open={selectable}
                styles={{ label: { flexDirection: "column", lineHeight: 1.2 } }}
              >
                <span>รอบที่ {r.round_no}</span>
                <Text span size="xs" className="countdown">
                  {selectable ? formatCountdown(Date.parse(r.timestop) - now) : formatTime(r.timestop).slice(0, 5)}
                </Text>
              </Button>
              {phase !== "waiting" && (
                <Anchor
                  component={Link}
                  to={yeekeePagePath(r.activityid, r.configID)}
                  size="xs"
                  ta="center"
                  c="red.8"
                  data-testid="yeekee-shoot-link"
                  data-activity-id={r.activityid}
                >
                  {phase === "awarded" || phase === "cancelled" ? "ดูผล / ตรวจสอบ" : "ยิงเลข"}
                </Anchor>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function OtherRounds({ lottery, now, onChoose }: { lottery: LottoListItem; now: number; onChoose: (round: Activity) => void }) {
  const rounds = useOtherActivities(lottery.configID);
  if (rounds.error) return <Alert color="red">{rounds.error.message}</Alert>;
  if (!rounds.data) return <Skeleton h={120} radius="lg" />;
  const list = rounds.data.activitylist.filter((r) => roundPhase(r, now) === "open" || roundPhase(r, now) === "waiting" || r.isOpen);
  const ordered = list.length > 0 ? list : rounds.data.activitylist.slice(-3);
  if (ordered.length === 0) return <EmptyState title="ยังไม่มีงวดที่เปิดรับแทง" />;
  return (
    <Stack gap={6}>
      {ordered.map((r) => {
        const selectable = roundSelectable(r, now, false);
        const phase = roundPhase(r, now);
        return (
          <UnstyledButton
            key={r.activityid}
            disabled={!selectable}
            onClick={() => onChoose(r)}
            data-testid="round-choice"
            data-activity-id={r.activityid}
            data-open={selectable}
            style={{ opacity: selectable ? 1 : 0.6, cursor: selectable ? "pointer" : "not-allowed" }}
          >
            <Card withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <Text fw={600}>{roundLabel(r)}</Text>
                  <Text size="xs" c="dimmed">
                    ปิดรับ {formatTime(r.timestop).slice(0, 5)} น.
                  </Text>
                </Stack>
                {selectable ? (
                  <Stack gap={0} align="flex-end">
                    <Text size="xs" c="dimmed">
                      ปิดรับใน
                    </Text>
                    <Text fw={600} c="red.8" className="countdown">
                      {formatCountdown(Date.parse(r.timestop) - now)}
                    </Text>
                  </Stack>
                ) : (
                  <PhaseBadge phase={phase} />
                )}
              </Group>
            </Card>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
