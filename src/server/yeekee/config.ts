import { eq } from "drizzle-orm";
import { YeekeeConfig } from "../../contract/yeekee";
import type { Executor } from "../db/client";
import { siteConfig } from "../db/schema";

export const DEFAULT_YEEKEE_CONFIG: YeekeeConfig = {
  minShots: 20,
  shotIntervalSeconds: 3,
  rewardOne: 100,
  rewardSixteen: 50,
  minStakeForReward: 100,
};

export async function seedYeekeeConfig(db: Executor): Promise<void> {
  await db.insert(siteConfig).values({ key: "yeekee", value: DEFAULT_YEEKEE_CONFIG }).onConflictDoNothing();
}

export async function readYeekeeConfig(db: Executor): Promise<YeekeeConfig> {
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, "yeekee"));
  const parsed = YeekeeConfig.safeParse({ ...DEFAULT_YEEKEE_CONFIG, ...(row?.value as object | undefined) });
  return parsed.success ? parsed.data : DEFAULT_YEEKEE_CONFIG;
}
