import { GameConfig } from "../../contract/games";
import type { Executor } from "../db/client";
import { readSiteConfig, seedSiteConfigKey, writeSiteConfig } from "../db/site-config";

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

export const writeGameConfig = (db: Executor, config: GameConfig): Promise<void> => writeSiteConfig(db, "games", config);
