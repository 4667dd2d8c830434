import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import type { LottoListItem } from "../../../contract/lottery";
import { formatThaiDate, formatTime } from "../../../domain/thai-date";
import { PATHS } from "../../lib/paths";
import { EmptyState } from "../../components/empty-state";
import { InTurn } from "../../components/in-turn";
import { useServerClock } from "../../lib/server-clock";
import { useSession } from "../../lib/session";
import { Announcement } from "./announcement";
import { LottoCard } from "../../components/lotto-card";
import { useLottoList } from "../../lib/calls/lotto-list";

// Opened by a tap on a round; with Mantine's Modal it stays out of the home page's first load (docs/decisions/025).
const RoundAwardModal = lazy(async () => ({ default: (await import("../lottery/round-award-modal")).RoundAwardModal }));

/** The home page's sections, in order, by the lottery's category. */
const SECTIONS: readonly { category: LottoListItem["category"]; title: string }[] = [
  { category: "yeekee", title: "ยี่กี" },
  { category: "thai", title: "หวยรัฐบาลไทย" },
  { category: "foreign", title: "หวยต่างประเทศ" },
  { category: "stock", title: "หวยหุ้น" },
  { category: "percent", title: "หวยชุด / เปอร์เซ็นต์" },
];

/**
 * The shortcut buttons: two to a row, so at 360 px a label has about 108 px; "เล่นอย่างรับผิดชอบ" needs 113.
 * Narrower side padding gives it room, and a label that still does not fit wraps instead of being cut.
 */
const SHORTCUT = {
  px: "xs",
  // Height from the content; styles.css keeps a tap target's 44 px minimum.
  h: "auto",
  py: 4,
  styles: { label: { whiteSpace: "normal", textAlign: "center", lineHeight: 1.3 } },
} as const;

/** The server's date or time as `format` writes it, ticking by itself. */
function ServerClockText({ format }: { format: (serverNow: number) => string }) {
  return <>{useServerClock(format)}</>;
}

export function HomePage() {
  const { username } = useSession();
  const list = useLottoList();
  const { refetch } = list;
  const [shown, setShown] = useState<{ activityid: number; name: string; date_th: string } | null>(null);
  const showResult = useCallback(
    (item: LottoListItem, r: { activityid: number; date_th: string }) =>
      setShown({ activityid: r.activityid, name: item.name, date_th: r.date_th }),
    [],
  );
  // A list that comes after the page is drawn is drawn in a deferred render, which React can interrupt
  // and slice: the query's own answer renders at once and in one piece (docs/decisions/025). A list already there as
  // the page mounts (cached, or asked for at start-up and waited for, main.tsx) is drawn with the page, in
  // its first render (itself a transition, drawn in slices): drawn in a deferred render of its own, it came
  // seconds after the page on a slowed phone, each answer for the shell restarting that render.
  // (No initial value: React then draws the value itself at mount, with no deferred render after.)
  const [atMount] = useState(() => list.data !== undefined);
  const data = useDeferredValue<LottoListItem[] | undefined | null>(list.data, atMount ? undefined : null);
  const items = useMemo(() => data ?? [], [data]);

  // A round the list still calls open has just closed: ask again shortly for the next one.
  // Counted each second; the page renders again only when the count changes (docs/decisions/025).
  const justClosed = useServerClock(
    (now) => items.filter((i) => i.nextRound?.status === "open" && now >= Date.parse(i.nextRound.timestop)).length,
  );
  useEffect(() => {
    if (justClosed === 0) return;
    const timer = setTimeout(() => void refetch(), 1500);
    return () => clearTimeout(timer);
  }, [justClosed, refetch]);

  const sections = SECTIONS.map((s) => ({ ...s, items: items.filter((i) => i.category === s.category) })).filter((s) => s.items.length > 0);

  return (
    <Stack>
      <Announcement />
      <Card radius="lg" withBorder>
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text size="sm" c="dimmed">
              สวัสดี
            </Text>
            <Text fw={600} truncate>
              {username}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="sm" data-testid="today">
              <ServerClockText format={formatThaiDate} />
            </Text>
            <Text fw={600} className="countdown" data-testid="server-time">
              <ServerClockText format={formatTime} />
            </Text>
          </Stack>
        </Group>
        {/* The page is drawn in parts, each a task of its own (components/in-turn.tsx, docs/decisions/063). */}
        <InTurn>
          <Shortcuts />
        </InTurn>
      </Card>

      <InTurn>
        {data == null && (
          <SimpleGrid cols={2} spacing="sm">
            {[0, 1, 2, 3].map((k) => (
              <Skeleton key={k} h={130} radius="lg" />
            ))}
          </SimpleGrid>
        )}
        {data != null && items.length === 0 && <EmptyState title="ยังไม่มีงวดหวยที่เปิดรับแทง">รายการหวยและผลรางวัลล่าสุดจะแสดงที่นี่</EmptyState>}
      </InTurn>
      {sections.map((s) => (
        <InTurn key={s.category}>
          <Stack
            gap="xs"
            component="section"
            className="lotto-group"
            data-testid="lotto-group"
            data-category={s.category}
            aria-label={s.title}
          >
            <Title order={4}>{s.title}</Title>
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="sm">
              {s.items.map((item) => (
                <InTurn key={item.configID}>
                  <LottoCard item={item} onShowResult={showResult} />
                </InTurn>
              ))}
            </SimpleGrid>
          </Stack>
        </InTurn>
      ))}
      {shown && (
        <Suspense fallback={null}>
          <RoundAwardModal round={shown} onClose={() => setShown(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

/** The four shortcut buttons under the greeting. */
function Shortcuts() {
  return (
    <SimpleGrid cols={2} spacing="xs" mt="sm">
      <Button component={Link} to={PATHS.results} variant="light" {...SHORTCUT} data-testid="results-link">
        ผลรางวัล
      </Button>
      <Button component={Link} to={PATHS.privilege} variant="light" {...SHORTCUT} data-testid="privilege-link">
        แต้มสิทธิพิเศษ
      </Button>
      <Button component={Link} to={PATHS.games} variant="light" {...SHORTCUT} data-testid="games-link">
        หัวก้อย / ไฮโล
      </Button>
      <Button component={Link} to={PATHS.responsible} variant="light" {...SHORTCUT} color="teal" data-testid="responsible-link">
        เล่นอย่างรับผิดชอบ
      </Button>
    </SimpleGrid>
  );
}
