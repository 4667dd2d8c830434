import { sql } from "drizzle-orm";
import type { BetType } from "../../domain/bet-types";
import type { Executor } from "../db/client";
import { CATALOGUE } from "../lottery/catalogue";

interface DefaultRate {
  rateX100: number;
  minStake: number;
  maxStake: number;
  maxPerNumber: number;
  discountPercent: number;
}

// DESIGN.md §7's default rates (×100), with stake limits and per-number exposure in baht.
const STANDARD: Partial<Record<BetType, DefaultRate>> = {
  ThreeDigit: { rateX100: 90_000, minStake: 1, maxStake: 2_000, maxPerNumber: 20_000, discountPercent: 0 },
  ThreeDigitToad: { rateX100: 15_000, minStake: 1, maxStake: 2_000, maxPerNumber: 20_000, discountPercent: 0 },
  TwoDigitOn: { rateX100: 9_000, minStake: 1, maxStake: 5_000, maxPerNumber: 50_000, discountPercent: 0 },
  TwoDigit: { rateX100: 9_000, minStake: 1, maxStake: 5_000, maxPerNumber: 50_000, discountPercent: 0 },
  OneDigitOn: { rateX100: 320, minStake: 1, maxStake: 10_000, maxPerNumber: 200_000, discountPercent: 0 },
  OneDigit: { rateX100: 420, minStake: 1, maxStake: 10_000, maxPerNumber: 200_000, discountPercent: 0 },
};
const STATE_ONLY: Partial<Record<BetType, DefaultRate>> = {
  LotteryThreeDigit_front: { rateX100: 45_000, minStake: 1, maxStake: 2_000, maxPerNumber: 20_000, discountPercent: 0 },
  LotteryThreeDigit_rear: { rateX100: 45_000, minStake: 1, maxStake: 2_000, maxPerNumber: 20_000, discountPercent: 0 },
};
// Percent lotto: lower rates, and the player pays the stake less a discount.
const PERCENT: Partial<Record<BetType, DefaultRate>> = {
  ThreeDigit: { rateX100: 70_000, minStake: 1, maxStake: 2_000, maxPerNumber: 20_000, discountPercent: 25 },
  ThreeDigitToad: { rateX100: 12_000, minStake: 1, maxStake: 2_000, maxPerNumber: 20_000, discountPercent: 25 },
  TwoDigitOn: { rateX100: 7_000, minStake: 1, maxStake: 5_000, maxPerNumber: 50_000, discountPercent: 20 },
  TwoDigit: { rateX100: 7_000, minStake: 1, maxStake: 5_000, maxPerNumber: 50_000, discountPercent: 20 },
  OneDigitOn: { rateX100: 300, minStake: 1, maxStake: 10_000, maxPerNumber: 200_000, discountPercent: 10 },
  OneDigit: { rateX100: 400, minStake: 1, maxStake: 10_000, maxPerNumber: 200_000, discountPercent: 10 },
};

export const DEFAULT_USER_TYPE = "member";

/** Default rates for the seeded catalogue; existing rows (an operator's edits) are kept. */
export async function seedRates(db: Executor): Promise<void> {
  for (const l of CATALOGUE) {
    const table = l.category === "percent" ? PERCENT : l.resultKind === "thai" ? { ...STANDARD, ...STATE_ONLY } : STANDARD;
    for (const [betType, r] of Object.entries(table)) {
      await db.execute(sql`
        insert into lotto_config (lottery_id, bet_type, user_type, rate_x100, min_stake, max_stake, max_per_number, discount_percent)
        values (${l.id}, ${betType}, ${DEFAULT_USER_TYPE}, ${r!.rateX100}, ${r!.minStake}, ${r!.maxStake}, ${r!.maxPerNumber}, ${r!.discountPercent})
        on conflict do nothing`);
    }
  }
}
