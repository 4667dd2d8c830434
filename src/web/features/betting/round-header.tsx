import { Anchor, Badge, Button, Card, Collapse, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { BET_TYPE_LABELS, type BetType } from "../../../domain/bet-types";
import { Countdown } from "../../components/countdown";
import { formatRate } from "../../lib/bet-lines";

/** The round the form bets on: its name, the time left (or closed), and its restricted numbers. */
export function RoundHeader({
  activityid,
  title,
  subtitle,
  roundOpen,
  closeAt,
  restricted,
  restrictedHref,
  onChangeRound,
}: {
  activityid: number;
  title: string;
  subtitle: string;
  roundOpen: boolean | null;
  closeAt: number | null;
  restricted: ReadonlyArray<{ betType: BetType; number: string; price: number }>;
  /** The page of the round's restricted numbers (docs/decisions/050), when the lottery is known. */
  restrictedHref: string | null;
  onChangeRound: () => void;
}) {
  const [showRestricted, setShowRestricted] = useState(false);
  return (
    <Card withBorder radius="lg" padding="sm" data-testid="round-header" data-activity-id={activityid}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text fw={600} lineClamp={1}>
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        </Stack>
        <Button variant="subtle" h={44} px={8} onClick={onChangeRound} data-testid="change-round" style={{ flexShrink: 0 }}>
          เปลี่ยนงวด
        </Button>
      </Group>
      <Group justify="space-between" mt={6}>
        {roundOpen === false ? (
          <Badge color="gray" variant="light" data-testid="round-closed">
            ปิดรับแทงแล้ว
          </Badge>
        ) : (
          <Text size="sm">
            ปิดรับใน{" "}
            <Text span fw={700} c="red.8" className="countdown" data-testid="round-countdown">
              <Countdown to={closeAt} />
            </Text>
          </Text>
        )}
        {restricted.length > 0 && (
          <Button
            variant="subtle"
            color="orange"
            h={44}
            px={8}
            onClick={() => setShowRestricted((s) => !s)}
            aria-expanded={showRestricted}
            data-testid="toggle-restricted"
          >
            เลขอั้น ({restricted.length})
          </Button>
        )}
      </Group>
      <Collapse in={showRestricted}>
        <Group gap={4} mt={6} data-testid="restricted-list">
          {restricted.map((p) => (
            <Badge key={`${p.betType}_${p.number}`} color={p.price === 0 ? "red" : "orange"} variant="light" radius="sm">
              {BET_TYPE_LABELS[p.betType]} {p.number} {p.price === 0 ? "ปิดรับ" : `จ่าย ×${formatRate(p.price)}`}
            </Badge>
          ))}
        </Group>
        {restrictedHref && (
          <Anchor component={Link} to={restrictedHref} size="sm" display="inline-block" py={10} data-testid="restricted-page-link">
            ดูเลขอั้นทั้งหมดแยกตามประเภท
          </Anchor>
        )}
      </Collapse>
    </Card>
  );
}
