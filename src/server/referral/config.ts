import { SubsidyConfig } from "../../contract/referral";
import { DEFAULT_LEVEL_BP, REFERRAL_LEVELS } from "../../domain/referral";
import type { Executor } from "../db/client";
import { readSiteConfig, seedSiteConfigKey, writeSiteConfig } from "../db/site-config";

export const DEFAULT_SUBSIDY_CONFIG: SubsidyConfig = {
  rates: REFERRAL_LEVELS.map((level) => ({ level, lottery_id: null, bet_type: null, bp: DEFAULT_LEVEL_BP[level] })),
  // Moving commission to the credit keeps the money on the site: a new site lets any amount from 1 ฿ move.
  min_withdrawal: 1,
};

export const seedSubsidyConfig = (db: Executor) => seedSiteConfigKey(db, "subsidy", DEFAULT_SUBSIDY_CONFIG);

export const readSubsidyConfig = (db: Executor): Promise<SubsidyConfig> =>
  readSiteConfig(db, "subsidy", SubsidyConfig, DEFAULT_SUBSIDY_CONFIG);

export const writeSubsidyConfig = (db: Executor, config: SubsidyConfig): Promise<void> => writeSiteConfig(db, "subsidy", config);
