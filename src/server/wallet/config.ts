import { WalletConfig } from "../../contract/wallet";
import type { Executor } from "../db/client";
import { siteConfig } from "../db/schema";
import { readSiteConfig, seedSiteConfigKey } from "../db/site-config";

export const DEFAULT_WALLET_CONFIG: WalletConfig = {
  depositMin: 100,
  depositMax: 100_000,
  withdrawMin: 100,
  withdrawDailyMax: 200_000,
  promptpayId: "",
};

export const seedWalletConfig = (db: Executor) => seedSiteConfigKey(db, "wallet", DEFAULT_WALLET_CONFIG);

export const readWalletConfig = (db: Executor): Promise<WalletConfig> => readSiteConfig(db, "wallet", WalletConfig, DEFAULT_WALLET_CONFIG);

export async function writeWalletConfig(db: Executor, config: WalletConfig): Promise<void> {
  await db
    .insert(siteConfig)
    .values({ key: "wallet", value: config })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: config, updatedAt: new Date() } });
}
