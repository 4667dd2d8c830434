import { GameConfig } from "../../contract/games";
import type { Executor } from "../db/client";
import { siteConfig } from "../db/schema";
import { readSiteConfig, seedSiteConfigKey } from "../db/site-config";

export const DEFAULT_GAME_CONFIG: GameConfig = {
  fee_bp: 500,
  min_price: 10,
  max_price: 10_000,
  max_open_per_creator: 10,
  max_daily_between: 20,
  expiry_hours: 24,
};

export const seedGameConfig = (db: Executor) => seedSiteConfigKey(db, "games", DEFAULT_GAME_CONFIG);

export const readGameConfig = (db: Executor): Promise<GameConfig> => readSiteConfig(db, "games", GameConfig, DEFAULT_GAME_CONFIG);

export async function writeGameConfig(db: Executor, config: GameConfig): Promise<void> {
  await db
    .insert(siteConfig)
    .values({ key: "games", value: config })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: config, updatedAt: new Date() } });
}
