// Responsible play (docs/decisions/017): limits a player sets on themselves, the reality check,
// time-out and self-exclusion, and the player's own statement. Pure rules shared by the server and the page.

import { toCsv } from "./csv";

export const LIMIT_KINDS = ["deposit", "stake", "loss"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ["day", "week", "month"] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export const LIMIT_KIND_LABELS: Readonly<Record<LimitKind, string>> = { deposit: "ยอดฝาก", stake: "ยอดแทง", loss: "ยอดเสีย" };
export const LIMIT_PERIOD_LABELS: Readonly<Record<LimitPeriod, string>> = { day: "ต่อวัน", week: "ต่อสัปดาห์", month: "ต่อเดือน" };

/** A raise or removal waits this long, then must be confirmed within CONFIRM_WINDOW_MS or it lapses. */
export const RAISE_COOLING_MS = 24 * 3600_000;
export const CONFIRM_WINDOW_MS = 7 * 24 * 3600_000;
/** After an exclusion ends and the player asks to return, the account opens this much later. */
export const RETURN_DELAY_MS = 24 * 3600_000;

/** Reality-check intervals in minutes; null is off. */
export const REALITY_INTERVALS = [15, 30, 60, 120] as const;
export type RealityMinutes = (typeof REALITY_INTERVALS)[number] | null;
export const DEFAULT_REALITY_MINUTES = 60;

export const TIMEOUTS = ["24h", "7d", "30d", "6w"] as const;
export const EXCLUSIONS = ["6m", "1y", "2y", "5y"] as const;
export type BreakLength = (typeof TIMEOUTS)[number] | (typeof EXCLUSIONS)[number];
export const BREAK_LABELS: Readonly<Record<BreakLength, string>> = {
  "24h": "24 ชั่วโมง",
  "7d": "7 วัน",
  "30d": "30 วัน",
  "6w": "6 สัปดาห์",
  "6m": "6 เดือน",
  "1y": "1 ปี",
  "2y": "2 ปี",
  "5y": "5 ปี",
};

/** When a time-out or self-exclusion started at `from` ends (months and years by the calendar, in UTC). */
export function breakEnd(from: Date, length: BreakLength): Date {
  const end = new Date(from.getTime());
  const n = Number.parseInt(length, 10);
  switch (length.slice(-1)) {
    case "h":
      return new Date(from.getTime() + n * 3600_000);
    case "d":
      return new Date(from.getTime() + n * 86_400_000);
    case "w":
      return new Date(from.getTime() + n * 7 * 86_400_000);
    case "m":
      end.setUTCMonth(end.getUTCMonth() + n);
      return end;
    default:
      end.setUTCFullYear(end.getUTCFullYear() + n);
      return end;
  }
}

/** A limit per period in satang; null is no limit. */
export type PeriodLimits = Readonly<Record<LimitPeriod, bigint | null>>;

/** Daily ≤ weekly ≤ monthly among the periods that have a limit; the Thai reason when not. */
export function limitOrderProblem(kind: LimitKind, limits: PeriodLimits): string | null {
  const set = LIMIT_PERIODS.filter((p) => limits[p] !== null);
  for (let i = 1; i < set.length; i += 1) {
    const shorter = set[i - 1]!;
    const longer = set[i]!;
    if (limits[shorter]! > limits[longer]!) {
      return `วงเงิน${LIMIT_KIND_LABELS[kind]}${LIMIT_PERIOD_LABELS[shorter]}ต้องไม่เกินวงเงิน${LIMIT_PERIOD_LABELS[longer]}`;
    }
  }
  return null;
}

/** Setting a limit where there was none, or lowering one, applies at once; raising or removing one waits. */
export function appliesAtOnce(current: bigint | null, next: bigint | null): boolean {
  if (next === null) return current === null;
  return current === null || next <= current;
}

/** Where a pending raise stands at `now`: cooling (not yet confirmable), confirmable, or lapsed. */
export function pendingState(requestedAt: Date, now: Date): "cooling" | "confirmable" | "lapsed" {
  const waited = now.getTime() - requestedAt.getTime();
  if (waited < RAISE_COOLING_MS) return "cooling";
  return waited <= RAISE_COOLING_MS + CONFIRM_WINDOW_MS ? "confirmable" : "lapsed";
}

/** Room left under a limit (never negative). */
export function roomLeft(limit: bigint, used: bigint): bigint {
  return used >= limit ? 0n : limit - used;
}

export interface StatementRow {
  /** "YYYY-MM" or "YYYY-MM-DD" (Bangkok). */
  period: string;
  deposits: number;
  withdrawals: number;
  stakes: number;
  wins: number;
  commission: number;
  points: number;
}

export const STATEMENT_COLUMNS: ReadonlyArray<[keyof StatementRow, string]> = [
  ["period", "ช่วงเวลา"],
  ["deposits", "ฝาก (บาท)"],
  ["withdrawals", "ถอน (บาท)"],
  ["stakes", "แทง (บาท)"],
  ["wins", "ได้รับรางวัล (บาท)"],
  ["commission", "ค่าแนะนำ (บาท)"],
  ["points", "แต้มที่ได้"],
];

/** The statement as CSV (csv.ts: a BOM first so spreadsheet programs read the Thai headings as UTF-8). */
export function statementCsv(rows: readonly StatementRow[]): string {
  return toCsv(STATEMENT_COLUMNS, rows);
}
