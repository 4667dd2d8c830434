import { ActionIcon, Button, Card, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { Activity, AwardLine } from "../../../contract/lottery";
import { bangkokDateKey, formatThaiDrawDate, formatTime } from "../../../domain/thai-date";
import { EmptyState } from "../../components/empty-state";
import { PageTitle } from "../../components/page-title";
import { useServerNow } from "../../lib/server-clock";
import { AwardNumbers } from "./award-numbers";
import { PhaseBadge } from "../../components/phase-badge";
import { useAllAwardList } from "./api/all-award-list";
import { addDays, linesByActivity, roundLabel, roundPhase, validDateKey } from "../../lib/rounds";

const NO_RESULT = {
  none: "",
  waiting: "ยังไม่เปิดรับแทง",
  open: "กำลังเปิดรับแทง",
  closed: "รอผลรางวัล",
  awarded: "",
  cancelled: "งวดนี้ถูกยกเลิก คืนเงินทุกโพย",
} as const;

function ResultRow({ round, lines, now, compact }: { round: Activity; lines: AwardLine[]; now: number; compact?: boolean }) {
  const phase = roundPhase(round, now);
  return (
    <Card withBorder radius="lg" padding="sm" data-testid="result-row" data-activity-id={round.activityid} data-config-id={round.configID}>
      <Stack gap="xs">
        <Group gap={8} wrap="nowrap" align="flex-start">
          {round.icon && !compact && <Image src={round.icon} w={40} h={40} radius="sm" alt="" style={{ flexShrink: 0 }} />}
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Text fw={600} size="sm" lh={1.3}>
              {compact ? roundLabel(round) : round.name}
            </Text>
            <Text size="xs" c="dimmed">
              {compact
                ? `ปิดรับ ${formatTime(round.timestop).slice(0, 5)}`
                : `${roundLabel(round)} · ปิดรับ ${formatTime(round.timestop).slice(0, 5)}`}
            </Text>
          </Stack>
          <PhaseBadge phase={phase} closedLabel={lines.length === 0 ? "รอผล" : undefined} />
        </Group>
        {lines.length > 0 ? (
          <AwardNumbers lines={lines} />
        ) : (
          NO_RESULT[phase] && (
            <Text size="xs" c="dimmed">
              {NO_RESULT[phase]}
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}

/** A yeekee lottery's many rounds, folded until asked for, latest first. */
function YeekeeRounds({ rounds, lines, now }: { rounds: Activity[]; lines: Map<number, AwardLine[]>; now: number }) {
  const [open, setOpen] = useState(false);
  const first = rounds[0]!;
  const awarded = rounds.filter((r) => r.status === "add award").length;
  const ordered = useMemo(() => [...rounds].sort((a, b) => b.round_no - a.round_no), [rounds]);
  return (
    <Card withBorder radius="lg" padding="sm" data-testid="yeekee-results" data-config-id={first.configID}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {first.name}
            </Text>
            <Text size="xs" c="dimmed">
              ออกผลแล้ว {awarded} จาก {rounds.length} รอบ
            </Text>
          </Stack>
          <Button size="xs" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? "ซ่อน" : "ดูทุกรอบ"}
          </Button>
        </Group>
        {open && ordered.map((r) => <ResultRow key={r.activityid} round={r} lines={lines.get(r.activityid) ?? []} now={now} compact />)}
      </Stack>
    </Card>
  );
}

/** Results by date (spec §3 award responses), with Buddhist-era dates. */
export function ResultsPage() {
  const now = useServerNow(30_000);
  const today = bangkokDateKey(now);
  const [params, setParams] = useSearchParams();
  const date = validDateKey(params.get("date")) ?? today;
  const setDate = (d: string | null) => {
    if (d) setParams({ date: d }, { replace: true });
  };
  const result = useAllAwardList(date);

  const view = useMemo(() => {
    const data = result.data;
    if (!data) return null;
    const lines = linesByActivity([...data.Arr, ...data.ArrToad, ...data.ArrOtherAward]);
    const others = [...data.ArrOtherLotto].sort(
      (a, b) => Date.parse(a.timestop) - Date.parse(b.timestop) || a.name.localeCompare(b.name, "th"),
    );
    const yeekee = new Map<string, Activity[]>();
    for (const r of data.ArrActivity) yeekee.set(r.configID, [...(yeekee.get(r.configID) ?? []), r]);
    return { lines, others, yeekee: [...yeekee.values()] };
  }, [result.data]);

  return (
    <Stack>
      <PageTitle>ผลรางวัล</PageTitle>
      <Card withBorder radius="lg" padding="sm">
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="light" size="lg" aria-label="วันก่อนหน้า" onClick={() => setDate(addDays(date, -1))}>
            ‹
          </ActionIcon>
          <TextInput
            type="date"
            name="result-date"
            aria-label="วันที่"
            value={date}
            onChange={(e) => setDate(validDateKey(e.currentTarget.value))}
            style={{ flex: 1 }}
          />
          <ActionIcon variant="light" size="lg" aria-label="วันถัดไป" onClick={() => setDate(addDays(date, 1))}>
            ›
          </ActionIcon>
        </Group>
        <Text ta="center" fw={600} mt={6} data-testid="results-date">
          งวดวันที่ {formatThaiDrawDate(date)}
        </Text>
      </Card>
      {result.error && <EmptyState title="โหลดผลรางวัลไม่สำเร็จ">{result.error.message}</EmptyState>}
      {view && view.others.length === 0 && view.yeekee.length === 0 && <EmptyState title="ไม่มีงวดหวยในวันนี้" />}
      {view?.others.map((r) => (
        <ResultRow key={r.activityid} round={r} lines={view.lines.get(r.activityid) ?? []} now={now} />
      ))}
      {view?.yeekee.map((rounds) => (
        <YeekeeRounds key={rounds[0]!.configID} rounds={rounds} lines={view.lines} now={now} />
      ))}
    </Stack>
  );
}
