import { SubsidyConfig } from "../../contract/referral";
import { DEFAULT_LEVEL_BP, REFERRAL_LEVELS, type CommissionRate } from "../../domain/referral";
import type { Executor } from "../db/client";
import { siteConfig } from "../db/schema";
import { readSiteConfig, seedSiteConfigKey } from "../db/site-config";

export const DEFAULT_SUBSIDY_CONFIG: SubsidyConfig = {
  rates: REFERRAL_LEVELS.map((level) => ({ level, lottery_id: null, bet_type: null, bp: DEFAULT_LEVEL_BP[level] })),
  min_withdrawal: 100,
};

export const seedSubsidyConfig = (db: Executor) => seedSiteConfigKey(db, "subsidy", DEFAULT_SUBSIDY_CONFIG);

export const readSubsidyConfig = (db: Executor): Promise<SubsidyConfig> => readSiteConfig(db, "subsidy", SubsidyConfig, DEFAULT_SUBSIDY_CONFIG);

export async function writeSubsidyConfig(db: Executor, config: SubsidyConfig): Promise<void> {
  await db
    .insert(siteConfig)
    .values({ key: "subsidy", value: config })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: config, updatedAt: new Date() } });
}

/** The rates with each level's site default spelled out, so SQL needs no fallback of its own. */
export function completeRates(rates: readonly CommissionRate[]): CommissionRate[] {
  const defaults = REFERRAL_LEVELS.filter((level) => !rates.some((r) => r.level === level && r.lottery_id === null && r.bet_type === null)).map(
    (level) => ({ level, lottery_id: null, bet_type: null, bp: DEFAULT_LEVEL_BP[level] }),
  );
  return [...rates, ...defaults];
}
