import { Alert, Anchor, Button, Card, Checkbox, Group, NumberInput, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { BET_TYPE_LABELS, betTypeDigits, type BetType } from "../../../domain/bet-types";
import { formatMoney, satangToBaht } from "../../../domain/money";
import { reverseNumbers } from "../../../domain/slip";
import { PATHS } from "../../app/paths";
import { ApiCallError } from "../../lib/api";
import { useSession } from "../../lib/session";
import { useServerNow } from "../../lib/server-clock";
import { usePostSlip } from "./api/post-slip";
import { useSaveDraft } from "./api/save-draft";
import { BetLineCard } from "./bet-line-card";
import { formatRate, lineProblem, linePaid, lineRate, offeredTypes, potentialWin, type Rates } from "./bet-lines";
import { type Confirmation, ConfirmSlipModal } from "./confirm-slip-modal";
import { DraftsModal } from "./drafts-modal";
import { NumberDisplay, NumberPad } from "./number-pad";
import { useDigitPrices, useLottoConfig, useRoundSlips, useRoundTimeout, useToadList } from "./queries";
import { RoundHeader } from "./round-header";
import { SlipSummary } from "./slip-summary";
import { useSlipLines } from "./use-slip-lines";

export const QUICK_AMOUNTS = [5, 10, 20, 50, 100] as const;
const DEFAULT_STAKE = 10;


interface Notice {
  color: "teal" | "yellow" | "red";
  text: string;
}

/** Step 2: the bet form of one round, made for a phone. */
export function BetForm({
  activityid,
  title,
  subtitle,
  fallbackClose,
  onChangeRound,
}: {
  activityid: number;
  title: string;
  subtitle: string;
  /** The round's close time from the list it was chosen from, until the server's check answers. */
  fallbackClose: number | null;
  onChangeRound: () => void;
}) {
  const now = useServerNow();
  const { credit } = useSession();
  const timeout = useRoundTimeout(activityid);
  const config = useLottoConfig(activityid);
  const prices = useDigitPrices(activityid);
  const roundSlips = useRoundSlips(activityid);

  const rates: Rates = useMemo(() => config.data?.rates ?? {}, [config.data]);
  const types = offeredTypes(rates);
  const [chosenType, setChosenType] = useState<BetType | null>(null);
  const betType = chosenType && types.includes(chosenType) ? chosenType : (types[0] ?? null);
  const width = betType ? betTypeDigits(betType) : 3;
  const [digits, setDigits] = useState("");
  const [tod, setTod] = useState(false);
  const [defaultStake, setDefaultStake] = useState<number | "">(DEFAULT_STAKE);
  const slip = useSlipLines(activityid);
  const { lines } = slip;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [result, setResult] = useState<{ message: string; masterId: number } | null>(null);
  const [draftsOpen, setDraftsOpen] = useState(false);

  // ---- the round's clock ----
  const closeAt = timeout.data ? Date.parse(timeout.data.timestop) : fallbackClose;
  const expired = closeAt !== null && now >= closeAt;
  const roundOpen = timeout.data ? timeout.data.isOpen && !expired : fallbackClose !== null ? !expired : null;
  const { refetch: refetchTimeout } = timeout;
  useEffect(() => {
    if (expired) void refetchTimeout();
  }, [expired, refetchTimeout]);

  // ---- adding lines ----
  const priceMap = prices.data?.byKey;
  const todAvailable = betType === "ThreeDigit" && rates.ThreeDigitToad !== undefined;
  const complete = betType !== null && digits.length === width;
  const currentRate = complete ? lineRate(rates, priceMap, betType, digits) : null;
  const toad = useToadList(todAvailable && tod && complete ? digits : null);

  const commit = (add: Array<{ betType: BetType; number: string; stake: number | "" }>) => {
    const r = slip.add(add);
    setResult(null);
    const added = r.added;
    setNotice(
      r.skipped > 0
        ? { color: "yellow", text: `เพิ่ม ${added} รายการ (มีเลขซ้ำในโพยอยู่แล้ว ${r.skipped} รายการ)` }
        : { color: "teal", text: `เพิ่ม ${added} รายการแล้ว` },
    );
    setDigits("");
  };

  const todLine = (): Array<{ betType: BetType; number: string; stake: number | "" }> =>
    todAvailable && tod ? [{ betType: "ThreeDigitToad", number: digits, stake: defaultStake }] : [];

  const addCurrent = () => {
    if (!betType || !complete) return;
    commit([{ betType, number: digits, stake: defaultStake }, ...todLine()]);
  };

  const addReversed = () => {
    if (!betType || !complete || width < 2) return;
    commit([...reverseNumbers(digits).map((n) => ({ betType, number: n, stake: defaultStake })), ...todLine()]);
  };

  const chooseType = (t: BetType) => {
    setChosenType(t);
    setDigits((d) => d.slice(0, betTypeDigits(t)));
  };

  // ---- the lines as they stand ----
  const view = lines.map((l) => {
    const rate = lineRate(rates, priceMap, l.betType, l.number);
    const discount = rates[l.betType]?.discountPercent ?? 0;
    return { line: l, rate, problem: config.data ? lineProblem(rates, priceMap, l) : null, win: satangToBaht(potentialWin(l.stake, rate?.rate ?? 0)), paid: linePaid(l.stake, discount) };
  });
  const total = lines.reduce((s, l) => s + (l.stake === "" ? 0 : l.stake), 0);
  const paid = satangToBaht(view.reduce((s, v) => s + v.paid, 0));
  const closedCount = view.filter((v) => v.rate?.closed).length;
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
  const send = (c: Confirmation) =>
    post.mutate(c, {
      onSuccess: (r) => {
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
  const openConfirmation = async () => {
    if (blocker) return;
    setChecking(true);
    // Restricted numbers can change at any time: check them again before the dialog.
    const fresh = await prices.refetch();
    setChecking(false);
    const freshMap = fresh.data?.byKey ?? priceMap;
    if (lines.some((l) => lineRate(rates, freshMap, l.betType, l.number)?.closed)) {
      setNotice({ color: "red", text: "มีเลขที่เพิ่งปิดรับแทง กรุณาลบออกก่อนส่งโพย" });
      return;
    }
    post.reset();
    setConfirmation({ datetime: new Date().toISOString(), lines, total, paid });
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

  return (
    <Stack gap="sm">
      <RoundHeader
        activityid={activityid}
        title={title}
        subtitle={subtitle}
        roundOpen={roundOpen}
        closeAt={closeAt}
        now={now}
        restricted={restricted}
        onChangeRound={onChangeRound}
      />

      {config.error && <Alert color="red">{config.error.message}</Alert>}
      {config.isPending && <Skeleton h={96} radius="lg" />}
      {config.data && types.length === 0 && <Alert color="yellow">งวดนี้ยังไม่เปิดให้แทงประเภทใด</Alert>}

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

            <NumberDisplay digits={digits} width={width} tone={currentRate?.closed ? "closed" : currentRate?.changed ? "changed" : undefined} />
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

            {todAvailable && (
              <Checkbox
                label={`โต๊ด (แทง${BET_TYPE_LABELS.ThreeDigitToad}ด้วย จ่าย ×${formatRate(rates.ThreeDigitToad!.rate)})`}
                checked={tod}
                onChange={(e) => setTod(e.currentTarget.checked)}
                data-testid="tod-check"
              />
            )}
            {todAvailable && tod && toad.data && (
              <Text size="xs" c="dimmed" data-testid="toad-list">
                โต๊ดถูกเมื่อออก: {toad.data.join(", ")}
              </Text>
            )}

            <NumberPad digits={digits} width={width} onChange={setDigits} onEnter={addCurrent} />

            <Group grow gap="xs">
              <Button variant="light" color="orange" h={48} disabled={!complete || width < 2} onClick={addReversed} data-testid="reverse-number">
                กลับเลข
              </Button>
              <Button h={48} disabled={!complete} onClick={addCurrent} data-testid="add-line">
                เพิ่มเลข
              </Button>
            </Group>

            <Stack gap={6}>
              <NumberInput
                label="ราคาแทงต่อเลข (บาท)"
                value={defaultStake}
                onChange={(v) => setDefaultStake(typeof v === "number" ? v : v === "" ? "" : Number(v))}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=","
                name="default-stake"
                data-testid="default-stake"
              />
              <Group gap={6} grow>
                {QUICK_AMOUNTS.map((a) => (
                  <Button key={a} size="xs" variant={defaultStake === a ? "filled" : "default"} color="red" onClick={() => setDefaultStake(a)} data-testid={`quick-amount-${a}`}>
                    {a}
                  </Button>
                ))}
              </Group>
              {lines.length > 0 && defaultStake !== "" && (
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => slip.setAllStakes(defaultStake)}
                  data-testid="apply-stake-all"
                >
                  ใช้ราคา {formatMoney(defaultStake)} บาท กับทุกเลข
                </Button>
              )}
            </Stack>
          </Stack>
        </Card>
      )}

      {notice && (
        <Alert color={notice.color} withCloseButton onClose={() => setNotice(null)} py={6} data-testid="form-notice">
          {notice.text}
        </Alert>
      )}
      {result && (
        <Alert color="teal" title="ส่งโพยสำเร็จ" data-testid="slip-result" data-master-id={result.masterId}>
          <Stack gap={4}>
            <Text size="sm">{result.message}</Text>
            <Text size="sm">เลขที่โพย #{result.masterId}</Text>
            <Anchor component={Link} to={PATHS.reviewPostList} size="sm">
              ดูโพยของฉัน
            </Anchor>
          </Stack>
        </Alert>
      )}

      <Group justify="space-between">
        <Text fw={600}>รายการแทง ({lines.length})</Text>
        <Group gap={4}>
          <Button size="compact-sm" variant="subtle" onClick={() => setDraftsOpen(true)} data-testid="open-drafts">
            ชุดเลขที่บันทึก
          </Button>
          <Button size="compact-sm" variant="subtle" disabled={lines.length === 0} loading={saveDraft.isPending} onClick={keepDraft} data-testid="save-draft">
            บันทึกชุดเลข
          </Button>
        </Group>
      </Group>

      {lines.length === 0 && (
        <Text size="sm" c="dimmed" ta="center">
          ยังไม่มีเลขในโพย เลือกประเภท กดเลข แล้วกด "เพิ่มเลข"
        </Text>
      )}
      <Stack gap={6}>
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
        <Button size="xs" variant="subtle" color="gray" onClick={slip.clear} data-testid="clear-lines">
          ล้างรายการทั้งหมด
        </Button>
      )}

      <SlipSummary count={lines.length} total={total} paid={paid} credit={credit} blocker={blocker} checking={checking} onSubmit={() => void openConfirmation()} />

      {mySlips.length > 0 && (
        <Card withBorder radius="lg" padding="sm" data-testid="round-slips">
          <Group justify="space-between">
            <Text size="sm">
              โพยของคุณในงวดนี้ {mySlips.length} ใบ รวม {formatMoney(mySlips.filter((s) => s.status === "active").reduce((a, s) => a + s.totalPaid, 0))} ฿
            </Text>
            <Anchor component={Link} to={PATHS.reviewPostList} size="sm">
              ดูโพย
            </Anchor>
          </Group>
        </Card>
      )}

      <ConfirmSlipModal
        confirmation={confirmation}
        title={`${title} · ${subtitle}`}
        credit={credit}
        error={post.error?.message ?? null}
        pending={post.isPending}
        onConfirm={() => confirmation && send(confirmation)}
        onClose={() => setConfirmation(null)}
      />
      <DraftsModal opened={draftsOpen} onClose={() => setDraftsOpen(false)} rates={rates} defaultStake={defaultStake} onLoad={commit} />
    </Stack>
  );
}
