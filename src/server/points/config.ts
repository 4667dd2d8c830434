import { PrivilegeConfig } from "../../contract/points";
import type { Executor } from "../db/client";
import { readSiteConfig, seedSiteConfigKey, writeSiteConfig } from "../db/site-config";

export const DEFAULT_PRIVILEGE_CONFIG: PrivilegeConfig = {
  bet_points_per_100: 1,
  deposit_points_per_100: 1,
  deposit_daily_max: 500,
  vest_days: 30,
  expiry_days: 365,
  levels: [
    { name: "Bronze", threshold: 0, multiplier_x100: 100 },
    { name: "Silver", threshold: 10_000, multiplier_x100: 125 },
    { name: "Gold", threshold: 50_000, multiplier_x100: 150 },
    { name: "Platinum", threshold: 200_000, multiplier_x100: 175 },
    { name: "Diamond", threshold: 1_000_000, multiplier_x100: 200 },
  ],
  redeembonuslist: [
    { id: 1, score: 100, bonus: 10, per_day_limit: 3 },
    { id: 2, score: 500, bonus: 60, per_day_limit: 1 },
    { id: 3, score: 1000, bonus: 130, per_day_limit: 1 },
  ],
};

export const seedPrivilegeConfig = (db: Executor) => seedSiteConfigKey(db, "privilege", DEFAULT_PRIVILEGE_CONFIG);

export const readPrivilegeConfig = (db: Executor): Promise<PrivilegeConfig> =>
  readSiteConfig(db, "privilege", PrivilegeConfig, DEFAULT_PRIVILEGE_CONFIG);

export const writePrivilegeConfig = (db: Executor, config: PrivilegeConfig): Promise<void> => writeSiteConfig(db, "privilege", config);
