import { YeekeeConfig } from "../../contract/yeekee";
import { YEEKEE_MIN_SHOTS_DEFAULT } from "../../domain/yeekee";
import type { Executor } from "../db/client";
import { readSiteConfig, seedSiteConfigKey } from "../db/site-config";

export const DEFAULT_YEEKEE_CONFIG: YeekeeConfig = {
  minShots: YEEKEE_MIN_SHOTS_DEFAULT,
  shotIntervalSeconds: 3,
  rewardOne: 100,
  rewardSixteen: 50,
  minStakeForReward: 100,
};

export const seedYeekeeConfig = (db: Executor) => seedSiteConfigKey(db, "yeekee", DEFAULT_YEEKEE_CONFIG);

export const readYeekeeConfig = (db: Executor): Promise<YeekeeConfig> => readSiteConfig(db, "yeekee", YeekeeConfig, DEFAULT_YEEKEE_CONFIG);
