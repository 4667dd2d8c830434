import { BET_TYPE_LABELS, type BetType, isBetType } from "../../domain/bet-types";
import { type CommissionRate, edgeBreach, formatBp, type PayoutTier } from "../../domain/referral";
import type { Executor } from "../db/client";
import { badRequest } from "../http/errors";
import { readSubsidyConfig } from "./config";
import * as repo from "./repository";

/** A payout about to be saved: a tier's rate and discount, or a restricted number's price. */
export interface NewPayout {
  lotteryId: string;
  betType: BetType;
  rateX100: number;
  /** The discount the payout is sold at; a restricted price takes its bet type's largest. */
  discountPercent?: number;
}

/**
 * Refuses (400, in Thai) when the commission rates, all levels together, would exceed half the house
 * edge under the most generous payout: on saving the rates (every lottery's tiers), and on saving a
 * payout rate or a restricted number's price (that payout alone), so no later edit opens a ring of
 * accounts referring each other to positive expectation.
 */
export async function assertCommissionWithinEdge(
  db: Executor,
  options: { rates?: readonly CommissionRate[]; payout?: NewPayout; prefix?: string } = {},
): Promise<void> {
  const rates = options.rates ?? (await readSubsidyConfig(db)).rates;
  const all: PayoutTier[] = (await repo.payoutTiers(db)).flatMap((t) =>
    isBetType(t.bet_type)
      ? [{ lotteryId: t.lottery_id, lotteryName: t.name, betType: t.bet_type, rateX100: t.rate_x100, discountPercent: t.discount_percent }]
      : [],
  );
  let tiers = all;
  const p = options.payout;
  if (p) {
    const same = all.filter((t) => t.lotteryId === p.lotteryId && t.betType === p.betType);
    const name = (await repo.lotteryName(db, p.lotteryId)) ?? p.lotteryId;
    tiers = [{ ...p, lotteryName: name, discountPercent: p.discountPercent ?? Math.max(0, ...same.map((t) => t.discountPercent)) }];
  }
  const breach = edgeBreach(rates, tiers);
  if (breach) {
    throw badRequest(
      `${options.prefix ?? ""}อัตราค่าคอมรวมทุกชั้นของ ${BET_TYPE_LABELS[breach.betType]} (${breach.lotteryName}) เป็น ${formatBp(breach.totalBp)} ` +
        `เกินครึ่งหนึ่งของกำไรเจ้ามือ: ตั้งรวมได้สูงสุด ${formatBp(breach.maxBp)}`,
    );
  }
}
