import { BET_TYPES, type BetType } from "./bet-types";

// The referral rules (docs/decisions/014): commission in basis points of the stake a friend
// actually paid, looked up lottery × bet type, then lottery, then the site default, for two levels.
// The server settles with the same rules in SQL (src/server/settlement/commission.ts); these are
// the oracle of its tests and what the pages show.

export const REFERRAL_LEVELS = [1, 2] as const;
export type ReferralLevel = (typeof REFERRAL_LEVELS)[number];

/** One rate: `lottery_id` and `bet_type` both null is the level's site default; a bet type needs a lottery. */
export interface CommissionRate {
  level: ReferralLevel;
  lottery_id: string | null;
  bet_type: BetType | null;
  /** Basis points of the paid stake: 80 is 0.8 %. */
  bp: number;
}

/** The site's defaults when the operator has set nothing: 0.8 % on the first level, nothing on the second. */
export const DEFAULT_LEVEL_BP: Readonly<Record<ReferralLevel, number>> = { 1: 80, 2: 0 };

/** The rate of a line: lottery × bet type, then lottery, then the level's site default. */
export function commissionBp(rates: readonly CommissionRate[], level: ReferralLevel, lotteryId: string, betType: BetType): number {
  const ofLevel = rates.filter((r) => r.level === level);
  return (
    ofLevel.find((r) => r.lottery_id === lotteryId && r.bet_type === betType)?.bp ??
    ofLevel.find((r) => r.lottery_id === lotteryId && r.bet_type === null)?.bp ??
    ofLevel.find((r) => r.lottery_id === null && r.bet_type === null)?.bp ??
    DEFAULT_LEVEL_BP[level]
  );
}

/** A line's commission in satang, rounded down: the remainder stays with the house. */
export function lineCommission(paidSatang: number, bp: number): number {
  if (!Number.isSafeInteger(paidSatang) || paidSatang < 0) throw new RangeError(`Paid stake must be whole satang: ${paidSatang}`);
  if (!Number.isInteger(bp) || bp < 0 || bp > 10_000) throw new RangeError(`Rate must be 0-10000 basis points: ${bp}`);
  return Math.floor((paidSatang * bp) / 10_000);
}

/**
 * The most a single number of a bet type can win with, as a fraction of all equally likely results:
 * a toad number of three different digits wins on 6 of the 1,000 tops, a วิ่งบน digit on the 271 tops
 * that contain it, a front or rear three on either of two independent draws. referral.test.ts checks
 * each against lineWins over every result.
 */
export const WIN_CHANCE: Readonly<Record<BetType, { wins: number; of: number }>> = {
  ThreeDigit: { wins: 1, of: 1000 },
  ThreeDigitToad: { wins: 6, of: 1000 },
  TwoDigitOn: { wins: 1, of: 100 },
  TwoDigit: { wins: 1, of: 100 },
  OneDigitOn: { wins: 271, of: 1000 },
  OneDigit: { wins: 19, of: 100 },
  LotteryThreeDigit_front: { wins: 1999, of: 1_000_000 },
  LotteryThreeDigit_rear: { wins: 1999, of: 1_000_000 },
};

/**
 * The house edge of a bet type in basis points of what the player pays: 1 − rate × chance of winning,
 * where a percent-lotto player pays the stake less the discount. Negative when the rates favour players
 * (and −Infinity for a 100 % discount, which the stake limits never allow).
 */
export function houseEdgeBp(betType: BetType, rateX100: number, discountPercent: number): number {
  const { wins, of } = WIN_CHANCE[betType];
  // Expected return per baht paid = (rateX100 / 100) × wins / of ÷ ((100 − discount) / 100).
  const expectedReturn = (rateX100 * wins) / (of * (100 - discountPercent));
  return (1 - expectedReturn) * 10_000;
}

/** The highest sum of the levels' rates a bet type allows: half its house edge, never below zero. */
export function maxCommissionBp(betType: BetType, rateX100: number, discountPercent: number): number {
  return Math.max(0, Math.floor(houseEdgeBp(betType, rateX100, discountPercent) / 2 + 1e-9));
}

export interface PayoutTier {
  lotteryId: string;
  lotteryName: string;
  betType: BetType;
  rateX100: number;
  discountPercent: number;
}

export interface EdgeBreach {
  lotteryId: string;
  lotteryName: string;
  betType: BetType;
  /** The levels' rates together for this lottery and bet type. */
  totalBp: number;
  maxBp: number;
}

/**
 * The first lottery and bet type whose rates, all levels together, exceed half the house edge under
 * its most generous payout tier; null when every one is within. A ring of accounts referring each
 * other must never bet with positive expectation.
 */
// Lotteries are taken in the order of their ids compared as strings by code unit (not by locale), so the
// same breach is named whatever the server's or the browser's language.
export function edgeBreach(rates: readonly CommissionRate[], tiers: readonly PayoutTier[]): EdgeBreach | null {
  const generous = new Map<string, PayoutTier & { maxBp: number }>();
  for (const tier of tiers) {
    const key = `${tier.lotteryId}:${tier.betType}`;
    const maxBp = maxCommissionBp(tier.betType, tier.rateX100, tier.discountPercent);
    const seen = generous.get(key);
    if (!seen || maxBp < seen.maxBp) generous.set(key, { ...tier, maxBp });
  }
  const ordered = [...generous.values()].sort(
    (a, b) =>
      (a.lotteryId < b.lotteryId ? -1 : a.lotteryId > b.lotteryId ? 1 : 0) || BET_TYPES.indexOf(a.betType) - BET_TYPES.indexOf(b.betType),
  );
  for (const t of ordered) {
    const totalBp = REFERRAL_LEVELS.reduce((sum, level) => sum + commissionBp(rates, level, t.lotteryId, t.betType), 0);
    if (totalBp > t.maxBp) return { lotteryId: t.lotteryId, lotteryName: t.lotteryName, betType: t.betType, totalBp, maxBp: t.maxBp };
  }
  return null;
}

/**
 * A friend's username as the referrer sees it: at most the first three and last two characters, and
 * never half of a short name ("somchaian" → "som***an", "abcdef" → "ab***f").
 */
export function maskUsername(username: string): string {
  const chars = [...username];
  const head = Math.max(1, Math.min(3, Math.floor(chars.length / 3)));
  const tail = Math.min(2, Math.floor(chars.length / 4));
  return `${chars.slice(0, head).join("")}***${tail > 0 ? chars.slice(-tail).join("") : ""}`;
}

/** Basis points as a Thai reader reads a percentage: 80 → "0.8%". */
export function formatBp(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}

/** Basis points as the percentage an operator types: 65 → 0.65. */
export function bpToPercent(bp: number): number {
  return Number((bp / 100).toFixed(2));
}

/** A percentage as typed (at most two decimals are kept) in basis points: 0.65 → 65, 0.29 → 29 (not 28.999…). */
export function percentToBp(percent: number): number {
  return Math.round(percent * 100);
}
