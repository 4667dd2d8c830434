import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { onlineManager } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { BET_TYPE_LABELS, betTypeDigits, type BetType } from "../../../domain/bet-types";
import { baht, formatMoney, satangToBaht } from "../../../domain/money";
import type { NumberListParse } from "../../../domain/shortcuts";
import { reverseNumbers } from "../../../domain/slip";
import { closedNumbersPath, PATHS } from "../../lib/paths";
import { InTurn } from "../../components/in-turn";
import { lazyDialog, OnceOpened, usePreloadOnFirstTouch } from "../../components/once-opened";
import { ApiCallError } from "../../lib/api-error";
import { useSession } from "../../lib/session";
import { useServerClock } from "../../lib/server-clock";
import { isOffline, SLIP_OFFLINE, usePostSlip, useSlipDatetime } from "./api/post-slip";
import { useSaveDraft } from "./api/save-draft";
import { BetLineCard } from "./bet-line-card";
import { BetShortcuts } from "./bet-shortcuts";
import {
  formatRate,
  lineProblem,
  linePaid,
  lineRate,
  linesForNumbers,
  type NewLine,
  numbersPreview,
  offeredTypes,
  potentialWin,
  type Rates,
} from "../../lib/bet-lines";
import type { Confirmation } from "./confirm-slip-modal";
import { NumberDisplay, NumberPad } from "../../components/number-pad";
import { useRoundSlips } from "../../lib/calls/round-slips";
import { useRoundTimeout } from "../../lib/calls/round-timeout";
import { useDigitPrices } from "./api/digit-prices";
import { useLottoConfig } from "./api/lotto-config";
import { useToadList } from "./api/toad-list";
import { RoundHeader } from "./round-header";
import { SlipSummary } from "./slip-summary";
import { StakePanel } from "./stake-panel";
import { useSlipLines } from "./use-slip-lines";

const DEFAULT_STAKE = 10;

interface Notice {
  color: "teal" | "yellow" | "red";
  text: string;
  /** Further lines: repeats merged, closed numbers added, pieces of a pasted list not used. */
  details?: string[];
  merged?: number;
}

/** The form's dialogs: their code is fetched as the player first touches the page, not with the form (docs/decisions/025). */
const ConfirmSlip = lazyDialog(() => import("./confirm-slip-modal").then((m) => m.ConfirmSlipModal));
const Drafts = lazyDialog(() => import("./drafts-modal").then((m) => m.DraftsModal));
const PasteNumbers = lazyDialog(() => import("./paste-numbers-modal").then((m) => m.PasteNumbersModal));
const DIALOGS = [ConfirmSlip, Drafts, PasteNumbers];

/** 44 × 44 px close buttons on alerts, for a thumb. */
const ALERT_CLOSE = { closeButton: { width: 44, height: 44, minWidth: 44 } } as const;

/** Step 2: the bet form of one round, made for a phone. */
export function BetForm({
  activityid,
  lotto,
  title,
  subtitle,
  fallbackClose,
  onChangeRound,
}: {
  activityid: number;
  /** The round's lottery (configID), when known: for the link to its restricted numbers. */
  lotto: string | null;
  title: string;
  subtitle: string;
  /** The round's close time from the list it was chosen from, until the server's check answers. */
  fallbackClose: number | null;
  onChangeRound: () => void;
}) {
  const { credit } = useSession();
  const timeout = useRoundTimeout(activityid);
  const config = useLottoConfig(activityid);
  const prices = useDigitPrices(activityid);
  const roundSlips = useRoundSlips(activityid);

  // Rates that come after the form is drawn are drawn in a deferred render, which React can interrupt and
  // slice: the query's own answer renders at once and in one piece (docs/decisions/025: 0.4 s of a phone's main
  // thread). Rates already there as the form mounts (asked for at start-up and waited for, main.tsx) are
  // drawn with the page in its first render (itself a transition, drawn in slices): in a deferred render of
  // their own they came a second and a half after the header on a 4x-slowed phone, with a layout of their own.
  // (No initial value: React then draws the value itself at mount, with no deferred render after.)
  const [atMount] = useState(() => config.data !== undefined);
  const configData = useDeferredValue<typeof config.data | null>(config.data, atMount ? undefined : null);
  const rates: Rates = useMemo(() => configData?.rates ?? {}, [configData]);
  const types = offeredTypes(rates);
  const [chosenType, setChosenType] = useState<BetType | null>(null);
  const betType = chosenType && types.includes(chosenType) ? chosenType : (types[0] ?? null);
  const width = betType ? betTypeDigits(betType) : 3;
  const [digits, setDigits] = useState("");
  // Other types of the same digit count the typed number goes on too, each with its own stake (a
  // companion without a stake of its own follows the first type's).
  const [alsoTypes, setAlsoTypes] = useState<BetType[]>([]);
  const [alsoStakes, setAlsoStakes] = useState<Partial<Record<BetType, number | "">>>({});
  const [defaultStake, setDefaultStake] = useState<number | "">(DEFAULT_STAKE);
  const [paste, setPaste] = useState<{ text: string } | null>(null);
  // Each opening draws a fresh paste dialog, so its text is the one it opened with from its first frame.
  const [pasteOpenings, setPasteOpenings] = useState(0);
  const openPaste = (text: string) => {
    setPasteOpenings((n) => n + 1);
    setPaste({ text });
  };
  const slip = useSlipLines(activityid);
  const { lines } = slip;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [result, setResult] = useState<{ message: string; masterId: number } | null>(null);
  const [draftsOpen, setDraftsOpen] = useState(false);

  // ---- the round's clock ----
  const closeAt = timeout.data ? Date.parse(timeout.data.timestop) : fallbackClose;
  // Read each second, but the form renders again only when the round closes (not on every tick).
  const expired = useServerClock((now) => closeAt !== null && now >= closeAt);
  const roundOpen = timeout.data ? timeout.data.isOpen && !expired : fallbackClose !== null ? !expired : null;
  const { refetch: refetchTimeout } = timeout;
  useEffect(() => {
    if (expired) void refetchTimeout();
  }, [expired, refetchTimeout]);

  // ---- adding lines ----
  const priceMap = prices.data?.byKey;
  const companions = betType ? types.filter((t) => t !== betType && betTypeDigits(t) === width) : [];
  const also = alsoTypes.filter((t) => companions.includes(t));
  const chosen: Array<{ betType: BetType; stake: number | "" }> = betType
    ? [{ betType, stake: defaultStake }, ...also.map((t) => ({ betType: t, stake: alsoStakes[t] ?? defaultStake }))]
    : [];
  const complete = betType !== null && digits.length === width;
  const currentRate = complete ? lineRate(rates, priceMap, betType, digits) : null;
  const withTod = chosen.some((c) => c.betType === "ThreeDigitToad");
  const toad = useToadList(withTod && complete ? digits : null);

  const commit = (add: readonly NewLine[], label?: string, extra: string[] = []) => {
    const r = slip.add(add);
    setResult(null);
    const details = [...extra];
    if (r.merged.length > 0) {
      details.push(`เลขซ้ำ ${r.merged.length} รายการ รวมกับรายการเดิมในโพย: ${numbersPreview([...new Set(r.merged.map((m) => m.number))])}`);
    }
    const closed = [...new Set(add.filter((a) => lineRate(rates, priceMap, a.betType, a.number)?.closed).map((a) => a.number))];
    if (closed.length > 0) details.push(`เลขปิดรับ ${numbersPreview(closed)} ลบออกก่อนส่งโพย`);
    setNotice({
      color: details.length > 0 ? "yellow" : "teal",
      text: `${label ? `${label}: ` : ""}${r.added > 0 ? `เพิ่ม ${r.added} รายการแล้ว` : "ไม่มีรายการใหม่"}`,
      details,
      merged: r.merged.length,
    });
    setDigits("");
  };

  /** The numbers on every chosen type, each with its stake. */
  const addNumbers = (numbers: readonly string[], label?: string, extra?: string[]) => {
    if (chosen.length === 0 || numbers.length === 0) return;
    commit(linesForNumbers(numbers, chosen), label, extra);
  };

  const addCurrent = () => {
    if (complete) addNumbers([digits]);
  };

  const addReversed = () => {
    if (complete && width >= 2) addNumbers(reverseNumbers(digits), `กลับเลข ${digits}`);
  };

  const addPasted = (p: NumberListParse) => {
    const extra = [
      ...(p.repeated.length > 0 ? [`เลขที่วางซ้ำนับครั้งเดียว: ${numbersPreview(p.repeated)}`] : []),
      ...(p.invalid.length > 0 ? [`ไม่ได้เพิ่ม (ไม่ใช่เลข ${width} หลัก): ${numbersPreview(p.invalid)}`] : []),
    ];
    addNumbers(p.numbers, "วางเลข", extra);
    setPaste(null);
  };

  const chooseType = (t: BetType) => {
    setChosenType(t);
    setDigits((d) => d.slice(0, betTypeDigits(t)));
  };

  const toggleAlso = (t: BetType) => setAlsoTypes((a) => (a.includes(t) ? a.filter((x) => x !== t) : [...a, t]));

  const setStakeOf = (t: BetType, stake: number | "") => {
    if (t === betType) setDefaultStake(stake);
    else setAlsoStakes((s) => ({ ...s, [t]: stake }));
  };

  // A list pasted anywhere on the page (not into a field) opens the paste dialog with it. The listener
  // stays for the form's life and reads whether it may open the dialog now, so a paste that comes
  // the moment the dialog closes is not lost while a new listener waits to be attached.
  const canPaste = useRef(false);
  canPaste.current = chosen.length > 0 && paste === null;
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      if (!canPaste.current) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
      const text = e.clipboardData?.getData("text") ?? "";
      if (text.trim() === "") return;
      e.preventDefault();
      canPaste.current = false;
      openPaste(text);
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, []);
  usePreloadOnFirstTouch(DIALOGS);

  // ---- the lines as they stand ----
  const view = lines.map((l) => {
    const rate = lineRate(rates, priceMap, l.betType, l.number);
    const discount = rates[l.betType]?.discountPercent ?? 0;
    return {
      line: l,
      rate,
      problem: configData ? lineProblem(rates, priceMap, l) : null,
      win: satangToBaht(potentialWin(l.stake, rate?.rate ?? 0)),
      paid: linePaid(l.stake, discount),
    };
  });
  const total = baht(lines.reduce((s, l) => s + (l.stake === "" ? 0 : l.stake), 0));
  const paid = satangToBaht(view.reduce((s, v) => s + v.paid, 0));
  const closedCount = view.filter((v) => v.rate?.closed).length;
  const removeClosed = () => slip.setLines(view.filter((v) => !v.rate?.closed).map((v) => v.line));
  const problemCount = view.filter((v) => v.problem).length;
  const blocker =
    lines.length === 0
      ? "เพิ่มเลขก่อนส่งโพย"
      : roundOpen === false
        ? "งวดนี้ปิดรับแทงแล้ว"
        : closedCount > 0
          ? "มีเลขที่ปิดรับแทง กรุณาลบออกก่อนส่งโพย"
          : problemCount > 0
            ? "กรุณาแก้ไขรายการที่มีข้อผิดพลาด"
            : null;

  // ---- submitting ----
  const post = usePostSlip(activityid);
  const slipDatetime = useSlipDatetime(activityid);
  const send = (c: Confirmation) =>
    post.mutate(c, {
      onSuccess: (r) => {
        slipDatetime.done();
        slip.clear();
        setConfirmation(null);
        setNotice(null);
        setResult({ message: r.message, masterId: r.master_id });
      },
      onError: (e) => {
        if (e instanceof ApiCallError && e.statusCode === 409) void refetchTimeout();
        void prices.refetch();
      },
    });

  const [checking, setChecking] = useState(false);
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const openConfirmation = async () => {
    setSendProblem(null);
    if (blocker) return;
    // Without a connection nothing can be checked or sent: say so at once beside the button, the lines stay
    // (docs/decisions/036).
    if (isOffline()) {
      setSendProblem(SLIP_OFFLINE);
      return;
    }
    setChecking(true);
    // Restricted numbers can change at any time: check them again before the dialog. A query waits for the
    // connection to come back, so a connection lost meanwhile ends the wait with the message instead.
    const fresh = await untilOffline(prices.refetch());
    setChecking(false);
    if (fresh === "offline") {
      setSendProblem(SLIP_OFFLINE);
      return;
    }
    const freshMap = fresh.data?.byKey ?? priceMap;
    if (lines.some((l) => lineRate(rates, freshMap, l.betType, l.number)?.closed)) {
      setNotice({ color: "red", text: "มีเลขที่เพิ่งปิดรับแทง กรุณาลบออกก่อนส่งโพย" });
      return;
    }
    post.reset();
    setConfirmation({ datetime: slipDatetime.of(lines), lines, total, paid });
  };

  // ---- saving a draft ----
  const saveDraft = useSaveDraft();
  const keepDraft = () =>
    saveDraft.mutate(lines, {
      onSuccess: (r) => setNotice({ color: "teal", text: r.message || "บันทึกชุดเลขแล้ว" }),
      onError: (e) => setNotice({ color: "red", text: e.message }),
    });

  const restricted = prices.data?.list ?? [];
  const mySlips = roundSlips.data ?? [];

  const typeNames = chosen.map((c) => BET_TYPE_LABELS[c.betType]).join(" + ");

  const header = (
    <RoundHeader
      activityid={activityid}
      title={title}
      subtitle={subtitle}
      roundOpen={roundOpen}
      closeAt={closeAt}
      restricted={restricted}
      restrictedHref={lotto ? closedNumbersPath(lotto, activityid) : null}
      onChangeRound={onChangeRound}
    />
  );

  // Until the round's rates come, nothing below the header is drawn: the slip's total and send button
  // would otherwise show first and jump down under the form as it arrives (a tap aimed at them would
  // land elsewhere; Lighthouse measured a layout shift of 0.22).
  if (configData == null && !config.isError) {
    return (
      <Stack gap="sm" data-testid="bet-form">
        {header}
        <Skeleton h={480} radius="lg" data-testid="bet-form-loading" />
      </Stack>
    );
  }

  return (
    <Stack gap="sm" data-testid="bet-form">
      {header}

      {config.error && <Alert color="red">{config.error.message}</Alert>}
      {configData && types.length === 0 && <Alert color="yellow">งวดนี้ยังไม่เปิดให้แทงประเภทใด</Alert>}

      {types.length > 0 && (
        <Card withBorder radius="lg" padding="sm">
          <Stack gap="sm">
            <SimpleGrid cols={types.length <= 4 ? 2 : 3} spacing={6} verticalSpacing={6} role="radiogroup" aria-label="ประเภทการแทง">
              {types.map((t) => (
                <Button
                  key={t}
                  variant={t === betType ? "filled" : "light"}
                  color="red"
                  h={44}
                  px={4}
                  onClick={() => chooseType(t)}
                  role="radio"
                  aria-checked={t === betType}
                  data-testid={`bet-type-${t}`}
                  data-selected={t === betType}
                  styles={{ label: { flexDirection: "column", lineHeight: 1.2 } }}
                >
                  <span>{BET_TYPE_LABELS[t]}</span>
                  <Text span size="xs" opacity={0.85}>
                    จ่าย ×{formatRate(rates[t]!.rate)}
                  </Text>
                </Button>
              ))}
            </SimpleGrid>

            <NumberDisplay
              digits={digits}
              width={width}
              tone={currentRate?.closed ? "closed" : currentRate?.changed ? "changed" : undefined}
            />
            {currentRate?.closed && (
              <Text ta="center" c="red" size="sm" fw={600} data-testid="current-closed">
                เลข {digits} ปิดรับแทงในงวดนี้
              </Text>
            )}
            {currentRate && !currentRate.closed && currentRate.changed && (
              <Text ta="center" c="orange.8" size="sm" data-testid="current-changed">
                เลขอั้น: จ่าย ×{formatRate(currentRate.rate)} (ปกติ ×{formatRate(currentRate.configRate)})
              </Text>
            )}

            {companions.length > 0 && (
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  แทงเลขเดียวกันพร้อมกันใน
                </Text>
                <SimpleGrid cols={Math.min(companions.length, 3)} spacing={6} role="group" aria-label="แทงพร้อมกัน">
                  {companions.map((t) => {
                    const on = also.includes(t);
                    return (
                      <Button
                        key={t}
                        h={48}
                        px={4}
                        variant={on ? "filled" : "outline"}
                        color="indigo.9"
                        onClick={() => toggleAlso(t)}
                        aria-pressed={on}
                        // The tod companion keeps the name the form's tod checkbox had.
                        data-testid={t === "ThreeDigitToad" ? "tod-check" : `also-${t}`}
                        data-selected={on}
                        styles={{ label: { flexDirection: "column", lineHeight: 1.2 } }}
                      >
                        <span>
                          {on ? "✓ " : "+ "}
                          {BET_TYPE_LABELS[t]}
                        </span>
                        <Text span size="xs">
                          จ่าย ×{formatRate(rates[t]!.rate)}
                        </Text>
                      </Button>
                    );
                  })}
                </SimpleGrid>
              </Stack>
            )}
            {withTod && toad.data && (
              <Text size="xs" c="dimmed" data-testid="toad-list">
                โต๊ดถูกเมื่อออก: {toad.data.join(", ")}
              </Text>
            )}

            {/* Below the number, the form is drawn in parts, each a task of its own (components/in-turn.tsx: under
                Preact one render is one task, docs/decisions/063). */}
            <InTurn>
              <NumberPad digits={digits} width={width} onChange={setDigits} onEnter={addCurrent} />

              <Group grow gap="xs">
                <Button
                  variant="light"
                  color="orange"
                  h={48}
                  disabled={!complete || width < 2}
                  onClick={addReversed}
                  data-testid="reverse-number"
                >
                  กลับเลข
                </Button>
                <Button h={48} disabled={!complete} onClick={addCurrent} data-testid="add-line">
                  เพิ่มเลข
                </Button>
              </Group>
            </InTurn>

            <InTurn>
              <StakePanel
                stakes={chosen}
                lineCount={lines.length}
                onStake={setStakeOf}
                onQuick={(a) => {
                  setDefaultStake(a);
                  setAlsoStakes({});
                }}
                onApplyAll={(stake) => slip.setAllStakes(stake)}
              />
            </InTurn>

            <InTurn>
              <BetShortcuts
                width={width}
                digits={digits}
                onNumbers={(label, numbers) => addNumbers(numbers, label)}
                onPaste={() => openPaste("")}
              />
            </InTurn>
          </Stack>
        </Card>
      )}

      <InTurn>
        {notice && (
          <Alert
            color={notice.color}
            withCloseButton
            closeButtonLabel="ปิดข้อความ"
            onClose={() => setNotice(null)}
            py={6}
            styles={ALERT_CLOSE}
            data-testid="form-notice"
            data-merged={notice.merged ?? 0}
            aria-live="polite"
          >
            <Text size="sm" fw={600}>
              {notice.text}
            </Text>
            {notice.details?.map((d) => (
              <Text key={d} size="xs">
                {d}
              </Text>
            ))}
          </Alert>
        )}
        {result && (
          // The server's answer is the title ("ส่งโพยสำเร็จ", or "โพยนี้ส่งไปแล้ว" for a resend): said once, not twice.
          <Alert color="teal" title={result.message || "ส่งโพยสำเร็จ"} data-testid="slip-result" data-master-id={result.masterId}>
            <Stack gap={4}>
              <Text size="sm">เลขที่โพย #{result.masterId}</Text>
              <Anchor component={Link} to={PATHS.reviewPostList} size="sm">
                ดูโพยของฉัน
              </Anchor>
            </Stack>
          </Alert>
        )}

        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text fw={600} style={{ flexShrink: 0 }}>
            รายการแทง ({lines.length})
          </Text>
          <Group gap={0} wrap="nowrap">
            <Button h={44} px={8} variant="subtle" onClick={() => setDraftsOpen(true)} data-testid="open-drafts">
              ชุดเลขที่บันทึก
            </Button>
            <Button
              h={44}
              px={8}
              variant="subtle"
              disabled={lines.length === 0}
              loading={saveDraft.isPending}
              onClick={keepDraft}
              data-testid="save-draft"
            >
              บันทึกชุดเลข
            </Button>
          </Group>
        </Group>
        {closedCount > 0 && (
          <Button h={44} variant="light" color="red" onClick={removeClosed} data-testid="remove-closed">
            ลบเลขที่ปิดรับออก ({closedCount})
          </Button>
        )}

        {lines.length === 0 && (
          <Text size="sm" c="dimmed" ta="center">
            ยังไม่มีเลขในโพย เลือกประเภท กดเลข แล้วกด "เพิ่มเลข" หรือเลือกเลขชุด
          </Text>
        )}
        {lines.length > 0 && (
          <Group gap={8} wrap="nowrap" px={9} aria-hidden>
            <Text size="xs" c="dimmed" w={76} style={{ flexShrink: 0 }}>
              เลข
            </Text>
            <Text size="xs" c="dimmed" w={80} style={{ flexShrink: 0 }}>
              ราคาแทง
            </Text>
            <Text size="xs" c="dimmed" ta="right" style={{ flex: 1 }}>
              อัตราจ่าย / ถูกได้
            </Text>
            <span style={{ width: 44, flexShrink: 0 }} />
          </Group>
        )}
        <Stack gap={4}>
          {view.map(({ line, rate, problem, win }) => (
            <BetLineCard
              key={line.key}
              line={line}
              rate={rate}
              problem={problem}
              win={win}
              onStake={(stake) => slip.setStake(line.key, stake)}
              onRemove={() => slip.remove(line.key)}
            />
          ))}
        </Stack>

        {lines.length > 0 && (
          <Button h={44} variant="subtle" color="gray" onClick={slip.clear} data-testid="clear-lines">
            ล้างรายการทั้งหมด
          </Button>
        )}

        <SlipSummary
          count={lines.length}
          total={total}
          paid={paid}
          credit={credit}
          blocker={blocker}
          checking={checking}
          problem={sendProblem}
          onSubmit={() => void openConfirmation()}
        />

        {mySlips.length > 0 && (
          <Card withBorder radius="lg" padding="sm" data-testid="round-slips">
            <Group justify="space-between">
              <Text size="sm">
                โพยของคุณในงวดนี้ {mySlips.length} ใบ รวม{" "}
                {formatMoney(baht(mySlips.filter((s) => s.status === "active").reduce((a, s) => a + s.totalPaid, 0)))} ฿
              </Text>
              <Anchor component={Link} to={PATHS.reviewPostList} size="sm">
                ดูโพย
              </Anchor>
            </Group>
          </Card>
        )}
      </InTurn>

      <OnceOpened opened={confirmation !== null}>
        <ConfirmSlip.Dialog
          confirmation={confirmation}
          title={`${title} · ${subtitle}`}
          credit={credit}
          error={post.error ?? null}
          pending={post.isPending}
          onConfirm={() => confirmation && send(confirmation)}
          onClose={() => setConfirmation(null)}
        />
      </OnceOpened>
      <OnceOpened opened={draftsOpen}>
        <Drafts.Dialog
          opened={draftsOpen}
          onClose={() => setDraftsOpen(false)}
          rates={rates}
          defaultStake={defaultStake}
          onLoad={(l) => commit(l, "ชุดเลขที่บันทึก")}
        />
      </OnceOpened>
      <OnceOpened opened={paste !== null}>
        <PasteNumbers.Dialog
          key={pasteOpenings}
          opened={paste !== null}
          width={width}
          initialText={paste?.text ?? ""}
          typeNames={typeNames}
          onClose={() => setPaste(null)}
          onAdd={addPasted}
        />
      </OnceOpened>
    </Stack>
  );
}

/** `work`'s answer, or "offline" as soon as the browser says the connection is gone. */
function untilOffline<T>(work: Promise<T>): Promise<T | "offline"> {
  let stop = () => {};
  const offline = new Promise<"offline">((resolve) => {
    stop = onlineManager.subscribe((online) => {
      if (!online) resolve("offline");
    });
  });
  return Promise.race([work, offline]).finally(stop);
}
