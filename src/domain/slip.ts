import { BET_TYPE_LABELS, betTypeDigits, isBetType, type BetType } from "./bet-types";
import { baht, formatMoney, type Satang } from "./money";
import { distinctPermutations } from "./permutations";
import type { RoundStatus } from "./rounds";

// Money is integer satang; payout rates are stored ×100 (a rate of 3.2 is 320), so that both
// payouts and percent-lotto prices come out as exact integers for whole-baht stakes.

function assertNonNegativeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer: ${value}`);
  }
}

// stakeSatang × rate, exactly. Refuses (RangeError) anything that is not an exact integer number
// of satang rather than rounding money; a whole-baht stake always divides out.
export function linePayout(stakeSatang: number, rateX100: number): Satang {
  assertNonNegativeInteger(stakeSatang, "Stake in satang");
  assertNonNegativeInteger(rateX100, "Rate ×100");
  const product = stakeSatang * rateX100;
  if (!Number.isSafeInteger(product)) {
    throw new RangeError(`Payout too large to compute exactly: ${stakeSatang} × ${rateX100}`);
  }
  if (product % 100 !== 0) {
    throw new RangeError(`Payout is not a whole number of satang: ${stakeSatang} × ${rateX100} / 100`);
  }
  return (product / 100) as Satang;
}

// What the player pays for a percent-lotto line: the stake less a whole-percent discount (0–99).
export function linePrice(stakeSatang: number, discountPercent: number): Satang {
  assertNonNegativeInteger(stakeSatang, "Stake in satang");
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 99) {
    throw new RangeError(`Discount must be a whole percent from 0 to 99: ${discountPercent}`);
  }
  const product = stakeSatang * (100 - discountPercent);
  if (!Number.isSafeInteger(product)) {
    throw new RangeError(`Price too large to compute exactly: ${stakeSatang} × ${100 - discountPercent}`);
  }
  if (product % 100 !== 0) {
    throw new RangeError(`Price is not a whole number of satang: ${stakeSatang} less ${discountPercent}%`);
  }
  return (product / 100) as Satang;
}

/**
 * The key a line's number is counted and priced under: a tod number wins on any order of its digits, so
 * its exposure and its restricted price are kept under its digits sorted ("321" and "123" are the same
 * tod number). The server's rule is exposure_number() in SQL; this is the same rule.
 */
export function exposureNumber(betType: string, number: string): string {
  return betType === "ThreeDigitToad" ? [...number].sort().join("") : number;
}

export interface PriceRecord {
  /** null reopens the number: the config rate applies again (docs/decisions/050). */
  newPriceX100: number | null;
  // Epoch milliseconds when the restricted price was set.
  at: number;
}

// The rate fixed on a line placed at betAt: the config rate, unless a restricted-number price
// record was set at or before the bet, in which case the latest such record wins (on equal times,
// the one later in the list). Records set after the bet do not apply. A rate of 0 closes the number;
// a record without a price reopens it at the config rate.
export function effectiveRate(
  configRateX100: number,
  priceRecords: ReadonlyArray<PriceRecord>,
  betAt: number,
): { rateX100: number; closed: boolean } {
  assertNonNegativeInteger(configRateX100, "Config rate ×100");
  if (!Number.isFinite(betAt)) throw new RangeError(`Bet time must be finite: ${betAt}`);
  let latest: PriceRecord | null = null;
  for (const record of priceRecords) {
    if (record.newPriceX100 !== null) assertNonNegativeInteger(record.newPriceX100, "Restricted price ×100");
    if (!Number.isFinite(record.at)) throw new RangeError(`Price record time must be finite: ${record.at}`);
    if (record.at <= betAt && (latest === null || record.at >= latest.at)) latest = record;
  }
  const rateX100 = latest?.newPriceX100 ?? configRateX100;
  return { rateX100, closed: rateX100 === 0 };
}

export const SLIP_STATUS_KEYS = ["accepting", "won", "lost", "returned", "cancelled"] as const;
export type SlipStatusKey = (typeof SLIP_STATUS_KEYS)[number];

export const SLIP_STATUS: Readonly<Record<SlipStatusKey, { readonly label: string; readonly color: string }>> = {
  accepting: { label: "รับแทง", color: "blue" },
  won: { label: "ชนะ", color: "green" },
  lost: { label: "แพ้", color: "red" },
  returned: { label: "คืนโพย", color: "gray" },
  cancelled: { label: "ยกเลิก", color: "orange" },
};

// A slip shows win or loss only this long after the round time.
export const SLIP_GRACE_MS = 120_000;

export interface SlipStatusInput {
  status: "active" | "non reactive" | "cancel activity";
  roundStatus: RoundStatus;
  // Epoch milliseconds: the round's close time.
  roundTime: number;
  now: number;
  hasWinningLine: boolean;
}

export function slipStatus(s: SlipStatusInput): SlipStatusKey {
  switch (s.status) {
    case "non reactive":
      return "returned";
    case "cancel activity":
      return "cancelled";
    case "active":
      if (s.roundStatus === "add award" && s.now >= s.roundTime + SLIP_GRACE_MS) {
        return s.hasWinningLine ? "won" : "lost";
      }
      return "accepting";
  }
}

/** What a slip as the API sends it (contract `Slip`) carries for its state; the wire names are kept. */
export interface SlipForState {
  status: SlipStatusInput["status"];
  roundStatus: RoundStatus;
  /**
   * The round's actual close (ISO 8601): when it stopped taking bets. An operator's early close moves it
   * (the server sends the round's close as it stands, not as it was planned), so the grace runs from it.
   */
  timestop: string;
  // "win" (paid), "lose", or null: not decided, or a winning line the settlement has still to pay.
  lines: ReadonlyArray<{ result: "win" | "lose" | null }>;
}

/**
 * The one rule for the state a player sees of a slip (spec §4, docs/decisions/036), for the list, the detail,
 * the round's slips and the back office alike, on the server and in the browser: the specification's
 * statuses with the 2-minute grace after the round's actual close. A winning line still being paid keeps the
 * slip accepting, so ชนะ is never shown before its payout is in the credit.
 */
export function slipState(slip: SlipForState, now: number): SlipStatusKey {
  const roundTime = Date.parse(slip.timestop);
  if (!Number.isFinite(roundTime)) throw new RangeError(`Round close time is not a date: ${slip.timestop}`);
  if (slip.status === "active" && slip.roundStatus === "add award" && slip.lines.some((l) => l.result === null)) return "accepting";
  return slipStatus({
    status: slip.status,
    roundStatus: slip.roundStatus,
    roundTime,
    now,
    hasWinningLine: slip.lines.some((l) => l.result === "win"),
  });
}

export interface SlipTotals {
  /** The slips listed, whatever their state. */
  count: number;
  /** Baht paid for the slips that stand (a returned or cancelled slip was refunded). */
  staked: number;
  /** Baht paid out on the slips shown won. */
  won: number;
}

/**
 * A list's totals, from the very rows it lists and the same state rule (docs/decisions/036): a win is
 * counted exactly when its row shows ชนะ. Amounts are baht with at most two decimals, summed in satang.
 */
export function slipTotals(slips: ReadonlyArray<SlipForState & { totalPaid: number; totalWin: number }>, now: number): SlipTotals {
  let staked = 0;
  let won = 0;
  for (const s of slips) {
    const state = slipState(s, now);
    if (state === "returned" || state === "cancelled") continue;
    staked += Math.round(s.totalPaid * 100);
    if (state === "won") won += Math.round(s.totalWin * 100);
  }
  return { count: slips.length, staked: staked / 100, won: won / 100 };
}

// กลับเลข: the number as typed first, then its other distinct orderings ascending.
// Throws RangeError unless the number has 2 or 3 digits.
export function reverseNumbers(number: string): string[] {
  return [number, ...distinctPermutations(number).filter((p) => p !== number)];
}

export interface BetLineInput {
  betType: BetType;
  number: string;
  stakeBaht: number;
}

export interface StakeLimits {
  minStakeBaht: number;
  maxStakeBaht: number;
}

// A Thai message for the first problem with the line, or null when it can be placed.
// Throws RangeError for limits that are not whole baht with 0 ≤ min ≤ max (a configuration error).
export function validateBetLine(line: BetLineInput, limits: StakeLimits): string | null {
  const { minStakeBaht, maxStakeBaht } = limits;
  if (!Number.isSafeInteger(minStakeBaht) || !Number.isSafeInteger(maxStakeBaht) || minStakeBaht < 0 || minStakeBaht > maxStakeBaht) {
    throw new RangeError(`Stake limits must be whole baht with 0 ≤ min ≤ max: ${minStakeBaht}–${maxStakeBaht}`);
  }
  if (!isBetType(line.betType)) return "ประเภทการแทงไม่ถูกต้อง";
  const width = betTypeDigits(line.betType);
  if (typeof line.number !== "string" || !new RegExp(`^[0-9]{${width}}$`).test(line.number)) {
    return `เลข${BET_TYPE_LABELS[line.betType]}ต้องเป็นตัวเลข ${width} หลัก`;
  }
  const stake = line.stakeBaht;
  if (typeof stake !== "number" || !Number.isSafeInteger(stake) || stake <= 0) {
    return "ยอดแทงต้องเป็นจำนวนเต็มบาทที่มากกว่า 0";
  }
  if (stake < minStakeBaht) return `ยอดแทงขั้นต่ำ ${formatMoney(baht(minStakeBaht))} บาท`;
  if (stake > maxStakeBaht) return `ยอดแทงสูงสุด ${formatMoney(baht(maxStakeBaht))} บาท`;
  return null;
}
