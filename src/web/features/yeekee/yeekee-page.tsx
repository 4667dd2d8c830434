import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import type { AwardLine } from "../../../contract/lottery";
import type { NumberRecord } from "../../../contract/yeekee";
import { Countdown } from "../../components/countdown";
import { EmptyState } from "../../components/empty-state";
import { InTurn } from "../../components/in-turn";
import { PageTitle } from "../../components/page-title";
import { betPagePath, roundIdParam } from "../../lib/paths";
import { CREDIT_KEY, useSession } from "../../lib/session";
import { useServerClock } from "../../lib/server-clock";
import { roundSlipsKey } from "../../lib/calls/round-slips";
import { useRoundTimeout } from "../../lib/calls/round-timeout";
import { useLottoList } from "../../lib/calls/lotto-list";
import { formatCountdown } from "../../lib/rounds";
import { shortHash } from "./live-feed";
import { luckyKey, ownShotsKey, yeekeeAwardKey, yeekeeRoundKey } from "./api/keys";
import { useLuckyPersons } from "./api/lucky-persons";
import { useListedShots } from "./api/number-record";
import { useYeekeeAward } from "./api/yeekee-award";
import { useYeekeeRound } from "./api/yeekee-round";
import { useIdleAfter } from "../../lib/use-idle-after";
import { ResultPanel } from "./result-panel";
import { RoundSlips } from "./round-slips";
import { ShootBox } from "./shoot-box";
import { LiveShots, OwnShots } from "./shot-lists";
import { useYeekeeLive } from "./use-yeekee-live";
import { cancelledText, publishedResult } from "./verify";

// The verifier (ตรวจสอบผล) is a chunk of its own: most visits of the page never open it.
const VerifyPanel = lazy(async () => ({ default: (await import("./verify-panel")).VerifyPanel }));

const NO_LINES: readonly AwardLine[] = [];

/** /yeekeePage/:activityid — a yeekee round live: countdown, shooting, shots, slips, result and its check. */
export function YeekeePage() {
  const { activityid: raw } = useParams();
  const [params] = useSearchParams();
  const activityid = roundIdParam(raw);
  if (activityid === null) return <EmptyState title="ไม่พบงวดนี้">ลิงก์ของรอบยี่กีไม่ถูกต้อง</EmptyState>;
  return <YeekeeRound key={activityid} activityid={activityid} hint={params.get("lotto")} />;
}

type Phase = "waiting" | "shooting" | "computing" | "result" | "void";

const PHASE_BADGE: Record<Phase, { label: string; color: string }> = {
  waiting: { label: "ยังไม่เปิด", color: "gray" },
  shooting: { label: "กำลังยิงเลข", color: "red" },
  computing: { label: "กำลังคำนวณผล", color: "orange" },
  result: { label: "ออกผลแล้ว", color: "green" },
  void: { label: "ยกเลิกรอบ", color: "gray" },
};

function YeekeeRound({ activityid, hint }: { activityid: number; hint: string | null }) {
  const { uuid } = useSession();
  const queryClient = useQueryClient();
  const live = useYeekeeLive(activityid);
  const { round, loading: roundLoading } = useYeekeeRound(activityid, hint);
  // The verifier (its code, ~17 KB) is drawn once the round is known and the browser idle: it sits at the page's foot.
  const drawVerifier = useIdleAfter(!roundLoading);
  const timeout = useRoundTimeout(activityid);
  const listed = useListedShots(activityid);
  // Only for the lottery's name when the round is not found (the round names it): not asked for beside every load.
  const lottoList = useLottoList({ enabled: !roundLoading && round === null });

  // Shots this page sent, as the server answered them (unmasked), until the live feed brings them.
  const [sent, setSent] = useState<NumberRecord[]>([]);
  const onShot = useCallback((r: NumberRecord) => setSent((s) => [...s, r]), []);

  const shootUntilIso = live.shootUntil ?? listed.data?.shootUntil ?? round?.result_at ?? null;
  const shootUntil = shootUntilIso ? Date.parse(shootUntilIso) : null;
  const timestopIso = round?.timestop ?? timeout.data?.timestop ?? null;
  const timestop = timestopIso ? Date.parse(timestopIso) : null;
  const openAt = round ? Date.parse(round.open_at) : null;
  const voided = live.result === "void" || round?.status === "cancel activity";
  // The page renders again when one of these changes, not every second: under Preact a render is not sliced, and the
  // whole page drawn each second was a task of its own each second (docs/decisions/063). The countdowns tick by themselves.
  const shootTimeUp = useServerClock((now) => shootUntil !== null && now >= shootUntil);
  const beforeOpen = useServerClock((now) => openAt !== null && now < openAt);
  const betTimeUp = useServerClock((now) => timestop !== null && now >= timestop);
  const award = useYeekeeAward(activityid, (shootTimeUp || live.result === "result") && !voided);
  const awardLines = award.data ?? NO_LINES;
  const result = useMemo(() => publishedResult(awardLines), [awardLines]);
  const lucky = useLuckyPersons(activityid, result !== null);

  // A result ends shooting whatever time was announced before it.
  const shootingOver = shootTimeUp || result !== null || voided;
  const phase: Phase = result ? "result" : voided ? "void" : shootingOver ? "computing" : beforeOpen ? "waiting" : "shooting";

  // The result arrived (live, or found by asking): everything that depends on it is read again.
  const settled = result !== null || voided;
  useEffect(() => {
    if (live.result === null) return;
    void queryClient.invalidateQueries({ queryKey: yeekeeAwardKey(activityid) });
    void queryClient.invalidateQueries({ queryKey: yeekeeRoundKey });
  }, [live.result, activityid, queryClient]);
  useEffect(() => {
    if (!settled) return;
    void queryClient.invalidateQueries({ queryKey: roundSlipsKey(activityid) });
    void queryClient.invalidateQueries({ queryKey: luckyKey(activityid) });
    // The revealed seed and the offset come with the shots once the result is out.
    void queryClient.invalidateQueries({ queryKey: ownShotsKey(activityid) });
    // A #1/#16 reward or a refund changes the credit.
    void queryClient.invalidateQueries({ queryKey: CREDIT_KEY });
  }, [settled, activityid, queryClient]);

  // The player's pseudonym in this round's chain, learnt from their own (unmasked) shots.
  const ownShooter = useMemo(
    () => sent[0]?.shooter ?? listed.data?.recordlist.find((r) => uuid !== null && r.uuid === uuid)?.shooter ?? null,
    [sent, listed.data, uuid],
  );
  const isOwn = useCallback((r: NumberRecord) => ownShooter !== null && r.shooter === ownShooter, [ownShooter]);
  const ownShots = useMemo(() => {
    const bySeq = new Map<number, NumberRecord>();
    for (const r of listed.data?.recordlist ?? []) if (uuid !== null && r.uuid === uuid) bySeq.set(r.seq, r);
    if (ownShooter !== null) for (const r of live.records) if (r.shooter === ownShooter && !bySeq.has(r.seq)) bySeq.set(r.seq, r);
    for (const r of sent) bySeq.set(r.seq, r);
    return [...bySeq.values()].sort((a, b) => b.seq - a.seq);
    // live.records is append-only (the same array): lastSeq says when it grew.
  }, [listed.data, uuid, ownShooter, live.records, live.lastSeq, sent]);

  const configID = round?.configID ?? (hint && /^[a-z0-9-]{2,40}$/.test(hint) ? hint : null) ?? live.records[0]?.activitytype ?? null;
  const lotteryName = round?.name ?? lottoList.data?.find((l) => l.configID === configID)?.name ?? "หวยยี่กี";
  const roundText = round ? `รอบที่ ${round.round_no}` : `งวด #${activityid}`;
  const betOpen = timestop !== null && !betTimeUp && (round === null || round.status === "open") && !beforeOpen;
  const betLink = betOpen && configID ? betPagePath(configID, activityid) : null;

  // The seed's commitment as published from the round's start; the first one seen is kept, so the
  // check after the result also compares against what this page showed before it.
  const publishedCommitment = round?.seed_commitment ?? listed.data?.seedCommitment ?? null;
  const [seenCommitment, setSeenCommitment] = useState<string | null>(null);
  useEffect(() => {
    if (publishedCommitment !== null) setSeenCommitment((seen) => seen ?? publishedCommitment);
  }, [publishedCommitment]);

  const closedReason =
    phase === "waiting"
      ? "รอบนี้ยังไม่เปิดให้ยิงเลข"
      : phase === "shooting"
        ? shootUntil === null
          ? "กำลังโหลดเวลายิงเลข…"
          : null
        : "หมดเวลายิงเลขแล้ว";

  return (
    <Stack gap="sm">
      <PageTitle>ยิงเลขยี่กี</PageTitle>
      <Card withBorder radius="lg" padding="sm" data-testid="yeekee-header" data-activity-id={activityid} data-phase={phase}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600} lineClamp={1} data-testid="yeekee-lottery-name">
              {lotteryName}
            </Text>
            <Text size="sm" c="dimmed" data-testid="yeekee-round">
              {roundText}
              {round ? ` · ${round.date_th}` : ""}
            </Text>
          </Stack>
          <Badge color={PHASE_BADGE[phase].color} variant="light" style={{ flexShrink: 0 }}>
            {PHASE_BADGE[phase].label}
          </Badge>
        </Group>
        <SimpleGrid cols={2} spacing={6} mt={8}>
          <Stack gap={0} className="award-cell" align="center">
            <Text size="xs" c="dimmed">
              {betTimeUp ? "ปิดรับแทงแล้ว" : "ปิดรับแทงใน"}
            </Text>
            <Text fw={600} className="countdown" data-testid="bet-countdown">
              <Countdown to={timestop} />
            </Text>
          </Stack>
          <Stack gap={0} className="award-cell" align="center">
            <Text size="xs" c="dimmed">
              {shootingOver ? "หมดเวลายิงเลขแล้ว" : "หมดเวลายิงใน"}
            </Text>
            <Text fw={600} c="red.8" className="countdown" data-testid="shoot-countdown">
              {shootUntil === null ? "--:--:--" : shootingOver ? formatCountdown(0) : <Countdown to={shootUntil} />}
            </Text>
          </Stack>
          <Stack gap={0} className="award-cell" align="center">
            <Text size="xs" c="dimmed">
              ยิงแล้ว
            </Text>
            <Text fw={600} className="countdown" data-testid="shot-count" data-count={live.count}>
              {live.count} เลข
            </Text>
          </Stack>
          <Stack gap={0} className="award-cell" align="center">
            <Text size="xs" c="dimmed">
              รหัสตรวจสอบ (หัวสายแฮช)
            </Text>
            <Text fw={500} ff="monospace" size="sm" data-testid="chain-head" data-head={live.head} title={live.head}>
              {shortHash(live.head)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={6} data-testid="chain-head-explained">
          รหัสตรวจสอบเปลี่ยนทุกครั้งที่มีคนยิงเลข และสรุปเลขทุกเลขที่ยิงมาแล้ว ถ้ามีใครแก้หรือลบเลขย้อนหลัง รหัสจะไม่ตรงกัน ตรวจเองได้ที่ “ตรวจสอบผล” ด้านล่าง
        </Text>
      </Card>

      {/* Below the header, the page is drawn in parts, each a task of its own (components/in-turn.tsx), and the parts are
          memoized: the page renders again for each live shot and each answer, a render Preact does not slice, and
          drawing every part again with it was 25-60 ms each time (docs/decisions/063). */}
      <InTurn>
        <ResultRule minShots={listed.data?.minShots ?? null} />
      </InTurn>
      <InTurn>
        {live.error && <Alert color="red">{live.error}</Alert>}
        {result && <ResultPanel result={result} shots={live.count} lucky={lucky.data ?? []} offset={listed.data?.offset ?? null} />}
        {phase === "void" && (
          <Alert color="gray" data-testid="yeekee-void">
            {listed.data?.cancelled ? cancelledText(listed.data.cancelled) : "รอบนี้ถูกยกเลิก จึงไม่มีผลรางวัล และคืนเงินทุกโพย"}
          </Alert>
        )}
        {phase === "computing" && (
          <Alert color="orange" data-testid="yeekee-computing">
            หมดเวลายิงเลขแล้ว กำลังคำนวณผลจากเลขที่ยิงทั้งหมด…
          </Alert>
        )}
      </InTurn>
      {(phase === "shooting" || phase === "waiting") && (
        <InTurn>
          <ShootBox
            activityid={activityid}
            closedReason={closedReason}
            pending={phase === "shooting" && shootUntil === null}
            onShot={onShot}
          />
        </InTurn>
      )}

      {seenCommitment !== null && (
        <InTurn>
          <SealNotice commitment={seenCommitment} revealed={settled} />
        </InTurn>
      )}
      <InTurn>
        <LiveShots records={live.records} count={live.count} isOwn={isOwn} connected={live.connected} />
      </InTurn>
      <InTurn>
        <OwnShots records={ownShots} />
      </InTurn>
      <InTurn>
        <RoundSlips activityid={activityid} roundText={`${lotteryName} ${roundText}`} betLink={betLink} />
      </InTurn>
      <InTurn>
        <Suspense fallback={null}>
          {drawVerifier && (
            <VerifyPanel
              activityid={activityid}
              liveCount={live.count}
              liveHead={live.head}
              awardLines={awardLines}
              voided={voided}
              seenCommitment={seenCommitment}
            />
          )}
        </Suspense>
      </InTurn>
    </Stack>
  );
}

/** How the result is made, in a few plain words (DESIGN.md §7, docs/decisions/034). */
const ResultRule = memo(function ResultRule({ minShots }: { minShots: number | null }) {
  return (
    <Card withBorder radius="lg" padding="sm" data-testid="yeekee-rule" data-min-shots={minShots ?? undefined}>
      <Text fw={600} size="sm">
        วิธีออกผล
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        นำเลขที่ทุกคนยิงมารวมกัน ลบเลขลำดับที่ 16 นับจากเลขสุดท้าย แล้วบวกค่าชดเชยจากเมล็ดสุ่มที่ปิดผนึกไว้ตั้งแต่เปิดรอบ เก็บ 5 หลักท้ายเป็นเลขผล (สามตัวบน = 3 หลักท้าย
        สองตัวล่าง = 2 หลักแรก)
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {minShots !== null && minShots > 0
          ? `ผู้ดูแลกำหนดให้ต้องยิงอย่างน้อย ${minShots} เลข ถ้ายิงไม่ถึงจะยกเลิกรอบและคืนเงินทุกโพย`
          : "ทุกรอบออกผลแม้มีคนยิงน้อย: ยิงไม่ถึง 16 เลขจะไม่ลบเลขใด ไม่มีใครยิงเลยผลรวมเป็น 0"}{" "}
        เมล็ดสุ่มเปิดเผยพร้อมผล ทุกคนจึงคำนวณและตรวจผลเองได้ที่ “ตรวจสอบผล” ด้านล่าง
      </Text>
    </Card>
  );
});

/** Why the last shot cannot decide the result, and the commitment that proves the seed was fixed from the start. */
const SealNotice = memo(function SealNotice({ commitment, revealed }: { commitment: string; revealed: boolean }) {
  return (
    <Card withBorder radius="lg" padding="sm" data-testid="seed-commitment" data-commitment={commitment}>
      <Text fw={600} size="sm">
        เมล็ดสุ่มที่ปิดผนึก
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        ผลยี่กีไม่ได้มาจากผลรวมเลขที่ยิงอย่างเดียว ระบบบวก &quot;ค่าชดเชย&quot; ที่คำนวณจากเมล็ดสุ่มลับซึ่งสุ่มไว้ตั้งแต่เปิดรอบ และจะเปิดเผยพร้อมผลรางวัล
        จึงไม่มีใครรู้หรือกำหนดผลล่วงหน้าได้ แม้แต่คนที่ยิงเป็นคนสุดท้าย ด้านล่างคือลายนิ้วมือ (SHA-256) ของเมล็ดสุ่มนี้ ประกาศไว้ก่อนแล้ว
        {revealed ? ' ตรวจได้ที่ "ตรวจสอบผล" ด้านล่าง' : " เมื่อออกผลแล้วตรวจได้ว่าเมล็ดสุ่มตรงกับลายนิ้วมือนี้"}
      </Text>
      <Text ff="monospace" size="xs" mt={4} style={{ wordBreak: "break-all" }}>
        {commitment}
      </Text>
    </Card>
  );
});
