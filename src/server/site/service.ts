import { eq, sql } from "drizzle-orm";
import { SiteConfig } from "../../contract/site";
import type { Db, Executor } from "../db/client";
import { siteConfig } from "../db/schema";

const DEFAULT_SITE: SiteConfig = {
  openSite: true,
  siteName: "หวยออนไลน์",
  closedMessage: "ปิดปรับปรุงระบบชั่วคราว กรุณากลับมาใหม่ภายหลัง",
};

/** Inserts defaults only where a key is missing, so a restart never overwrites an operator's edit. */
export async function seedSiteConfig(db: Executor): Promise<void> {
  await db.insert(siteConfig).values({ key: "site", value: DEFAULT_SITE }).onConflictDoNothing();
}

export function siteService(db: Db) {
  return {
    async timeNow() {
      const [row] = await db.execute<{ now: Date }>(sql`select now() as now`).then((r) => r.rows);
      // The database's clock is the one every instance shares; rounds close by it.
      const now = new Date(row!.now);
      return { status: "Success" as const, timenow: now.toISOString(), timestamp: now.getTime() };
    },
    async openSiteConfig() {
      const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, "site"));
      const parsed = SiteConfig.safeParse({ ...DEFAULT_SITE, ...(row?.value as object | undefined) });
      return { status: "Success" as const, siteconfig: parsed.success ? parsed.data : DEFAULT_SITE };
    },
  };
}
