import { sql } from "drizzle-orm";
import { SiteConfig } from "../../contract/site";
import type { Db, Executor } from "../db/client";
import { readSiteConfig, seedSiteConfigKey } from "../db/site-config";

const DEFAULT_SITE: SiteConfig = {
  openSite: true,
  siteName: "หวยออนไลน์",
  closedMessage: "ปิดปรับปรุงระบบชั่วคราว กรุณากลับมาใหม่ภายหลัง",
};

/** Inserts defaults only where a key is missing, so a restart never overwrites an operator's edit. */
export const seedSiteConfig = (db: Executor) => seedSiteConfigKey(db, "site", DEFAULT_SITE);

export function siteService(db: Db) {
  return {
    async timeNow() {
      const [row] = await db.execute<{ now: Date }>(sql`select now() as now`).then((r) => r.rows);
      // The database's clock is the one every instance shares; rounds close by it.
      const now = new Date(row!.now);
      return { status: "Success" as const, timenow: now.toISOString(), timestamp: now.getTime() };
    },
    async openSiteConfig() {
      return { status: "Success" as const, siteconfig: await readSiteConfig(db, "site", SiteConfig, DEFAULT_SITE) };
    },
  };
}
