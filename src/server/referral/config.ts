import { SubsidyConfig } from "../../contract/referral";
import { DEFAULT_LEVEL_BP, REFERRAL_LEVELS } from "../../domain/referral";
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
