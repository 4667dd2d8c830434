import type { Activity, AwardLine, LottoListItem } from "../../contract/lottery";
import { AWARD_TYPES, type AwardType, BET_TYPE_LABELS } from "../../domain/bet-types";
import { isYeekeeGroup } from "../../contract/lottery";

/**
 * Where a round stands for the player at `nowMs` (the server-calibrated clock). The server's
 * `isOpen` is a snapshot taken when the list was read; the times decide between reads.
 */
export type RoundPhase = "none" | "waiting" | "open" | "closed" | "awarded" | "cancelled";

export function roundPhase(round: Pick<Activity, "status" | "open_at" | "timestop"> | null | undefined, nowMs: number): RoundPhase {
  if (!round) return "none";
  switch (round.status) {
    case "cancel activity":
      return "cancelled";
    case "add award":
      return "awarded";
    case "closed":
      return "closed";
    case "open":
      if (nowMs >= Date.parse(round.timestop)) return "closed";
      if (nowMs < Date.parse(round.open_at)) return "waiting";
      return "open";
  }
}

const pad = (n: number) => String(n).padStart(2, "0");

/** hh:mm:ss until the target; past a day, "N วัน hh:mm:ss". Never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const clock = `${pad(h)}:${pad(m)}:${pad(s)}`;
  return days > 0 ? `${days} วัน ${clock}` : clock;
}

export { isYeekeeGroup };

/** "รอบที่ 15" for yeekee rounds, "งวด 16 มีนาคม 2569" for the others. */
export function roundLabel(round: Pick<Activity, "group" | "round_no" | "date_th">): string {
  return isYeekeeGroup(round.group) ? `รอบที่ ${round.round_no}` : `งวด ${round.date_th}`;
}

/** Thai labels for every award type: the specification's, plus the two it leaves unnamed. */
export const AWARD_LABELS: Readonly<Record<AwardType, string>> = {
  ...BET_TYPE_LABELS,
  Predicttotal: "ผลรวม",
  OneHundredRecord: "ลำดับที่ 100",
};

/** The prize numbers shown large; the rest are listed below them. */
export const MAIN_AWARD_TYPES: readonly AwardType[] = [
  "ThreeDigit",
  "TwoDigit",
  "TwoDigitOn",
  "LotteryThreeDigit_front",
  "LotteryThreeDigit_rear",
];

export interface AwardGroup {
  type: AwardType;
  label: string;
  numbers: string[];
  main: boolean;
}

/** A round's award lines grouped by bet type, in the order of AWARD_TYPES, duplicates dropped. */
export function groupAwardLines(lines: readonly Pick<AwardLine, "award_type" | "number">[]): AwardGroup[] {
  const byType = new Map<AwardType, string[]>();
  for (const l of lines) {
    const list = byType.get(l.award_type) ?? [];
    if (!list.includes(l.number)) list.push(l.number);
    byType.set(l.award_type, list);
  }
  return AWARD_TYPES.filter((t) => byType.has(t)).map((type) => ({
    type,
    label: AWARD_LABELS[type],
    numbers: byType.get(type)!,
    main: MAIN_AWARD_TYPES.includes(type),
  }));
}

/** Award lines indexed by round. */
export function linesByActivity(lines: readonly AwardLine[]): Map<number, AwardLine[]> {
  const map = new Map<number, AwardLine[]>();
  for (const l of lines) {
    const list = map.get(l.activity_id);
    if (list) list.push(l);
    else map.set(l.activity_id, [l]);
  }
  return map;
}

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD that names a real day, or null. */
export function validDateKey(s: string | null | undefined): string | null {
  if (!s || !DATE_KEY.test(s)) return null;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s ? s : null;
}

/** The calendar day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(dateKey: string, days: number): string {
  const d = new Date(`${dateKey}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The bet form's lottery: the one the query string names (`lotto`), or the one whose next round is the
 * chosen round (`activity`).
 */
export function chosenLottery(
  items: readonly LottoListItem[],
  activityid: number | null,
  lottoParam: string | null,
): LottoListItem | undefined {
  return (
    items.find((i) => i.configID === lottoParam) ??
    (activityid !== null ? items.find((i) => i.nextRound?.activityid === activityid) : undefined)
  );
}

/**
 * Where the chosen round's details (name, number, close time) are read from when the lotto list's next
 * round is not it: the lottery's round list, yeekee or not. Null when no list is needed.
 */
export function roundListOf(lotto: LottoListItem | undefined, activityid: number | null): { configID: string; yeekee: boolean } | null {
  if (activityid === null || lotto === undefined || lotto.nextRound?.activityid === activityid) return null;
  return { configID: lotto.configID, yeekee: isYeekeeGroup(lotto.group) };
}
