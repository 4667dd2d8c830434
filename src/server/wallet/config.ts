import { eq } from "drizzle-orm";
import { WalletConfig } from "../../contract/wallet";
import type { Executor } from "../db/client";
import { siteConfig } from "../db/schema";

export const DEFAULT_WALLET_CONFIG: WalletConfig = {
  depositMin: 100,
  depositMax: 100_000,
  withdrawMin: 100,
  withdrawDailyMax: 200_000,
  promptpayId: "",
};

export async function seedWalletConfig(db: Executor): Promise<void> {
  await db.insert(siteConfig).values({ key: "wallet", value: DEFAULT_WALLET_CONFIG }).onConflictDoNothing();
}

export async function readWalletConfig(db: Executor): Promise<WalletConfig> {
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, "wallet"));
  const parsed = WalletConfig.safeParse({ ...DEFAULT_WALLET_CONFIG, ...(row?.value as object | undefined) });
  return parsed.success ? parsed.data : DEFAULT_WALLET_CONFIG;
}

export async function writeWalletConfig(db: Executor, config: WalletConfig): Promise<void> {
  await db
    .insert(siteConfig)
    .values({ key: "wallet", value: config })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: config, updatedAt: new Date() } });
}
