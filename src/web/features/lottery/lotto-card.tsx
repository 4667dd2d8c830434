import { Card, Group, Image, Stack, Text, UnstyledButton } from "@mantine/core";
import type { LatestResult, LottoListItem } from "../../../contract/lottery";
import type { z } from "zod";
import { useServerClock } from "../../lib/server-clock";
import { Countdown } from "./countdown";
import { roundLabel, roundPhase } from "./rounds";
import { PhaseBadge } from "./phase-badge";

type Latest = z.infer<typeof LatestResult>;

/**
 * One lottery on the home page: icon, name, the round that closes next with a countdown on the
 * server's clock, and the latest result. Betting is a later page, so the card itself links nowhere.
 */
export function LottoCard({ item, onShowResult }: { item: LottoListItem; onShowResult: (r: Latest) => void }) {
  const round = item.nextRound;
  // The card renders again when its round opens or closes; the countdowns tick by themselves.
  const phase = useServerClock((now) => roundPhase(round, now));
  return (
    <Card withBorder radius="lg" padding="sm" className="lotto-card" data-testid="lotto-card" data-config-id={item.configID} data-phase={phase}>
      <Stack gap={6} h="100%">
        <Group gap={8} wrap="nowrap" align="center">
          {item.icon && <Image src={item.icon} w={44} h={44} radius="sm" alt="" style={{ flexShrink: 0 }} data-testid="lotto-icon" />}
          <Text fw={600} size="sm" lh={1.3} lineClamp={2} miw={0}>
            {item.name}
          </Text>
        </Group>
        {round && (
          <Text size="xs" c="dimmed" lh={1.3}>
            {roundLabel(round)}
          </Text>
        )}
        {round && phase === "open" && (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              ปิดรับใน
            </Text>
            <Text fw={600} c="red.8" className="countdown" data-testid="countdown" data-kind="close">
              <Countdown to={Date.parse(round.timestop)} />
            </Text>
          </Stack>
        )}
        {round && phase === "waiting" && (
          <Stack gap={2}>
            <Group gap={6} wrap="nowrap">
              <PhaseBadge phase="waiting" />
              <Text size="xs" c="dimmed">
                เปิดใน
              </Text>
            </Group>
            <Text fw={600} c="dark.4" className="countdown" data-testid="countdown" data-kind="open">
              <Countdown to={Date.parse(round.open_at)} />
            </Text>
          </Stack>
        )}
        {phase !== "open" && phase !== "waiting" && (
          <Group>
            <PhaseBadge phase={phase} closedLabel="ปิดรับแล้ว" />
          </Group>
        )}
        {item.latestResult && (
          <UnstyledButton
            mt="auto"
            className="latest-result"
            onClick={() => onShowResult(item.latestResult!)}
            data-testid="latest-result"
            data-activity-id={item.latestResult.activityid}
          >
            <Text size="xs" c="dimmed" truncate>
              ผลล่าสุด {item.latestResult.date_th}
            </Text>
            <Group gap={10} wrap="nowrap">
              <Text size="sm">
                บน <b className="award-number">{item.latestResult.top3}</b>
              </Text>
              <Text size="sm">
                ล่าง <b className="award-number">{item.latestResult.bottom2}</b>
              </Text>
            </Group>
          </UnstyledButton>
        )}
      </Stack>
    </Card>
  );
}
