import type { z } from "zod";
import type { site } from "../../contract";
import { SiteConfig } from "../../contract/site";
import { writeAudit } from "../admin/audit";
import type { Db, Executor } from "../db/client";
import { readSiteConfig, seedSiteConfigKey, writeSiteConfig } from "../db/site-config";
import type { AuthUser } from "../http/register-route";
import type { OpenSiteState } from "./open-site";
import * as repo from "./repository";

const DEFAULT_SITE: SiteConfig = {
  openSite: true,
  siteName: "หวยออนไลน์",
  closedMessage: "ปิดปรับปรุงระบบชั่วคราว กรุณากลับมาใหม่ภายหลัง",
};

/** Inserts defaults only where a key is missing, so a restart never overwrites an operator's edit. */
export const seedSiteConfig = (db: Executor) => seedSiteConfigKey(db, "site", DEFAULT_SITE);

export const readSite = (db: Executor): Promise<SiteConfig> => readSiteConfig(db, "site", SiteConfig, DEFAULT_SITE);

export function siteService(db: Db, openSite: OpenSiteState) {
  return {
    /** The database's time. */
    async timeNow(): Promise<Date> {
      // The database's clock is the one every instance shares; rounds close by it.
      return repo.databaseNow(db);
    },

    /** Public and polled by every browser each minute: answered from the instance's memory of the switch. */
    openSiteConfig: () => openSite.current(),

    /**
     * The operator opens or closes the site. Closing takes the message for players (the standard one when
     * none is given); opening keeps the last message. The row is locked so two operators' changes apply
     * one after the other, each audited with its before and after.
     */
    async setOpenSite(admin: AuthUser, body: z.output<typeof site.adminSetOpenSite.body>) {
      const config = await db.transaction(async (tx) => {
        await repo.lockSiteConfigRow(tx, "site");
        const before = await readSite(tx);
        const after: SiteConfig = body.openSite
          ? { ...before, openSite: true }
          : { ...before, openSite: false, closedMessage: body.closedMessage || DEFAULT_SITE.closedMessage };
        await writeSiteConfig(tx, "site", after);
        await writeAudit(tx, {
          actorId: admin.uuid,
          action: body.openSite ? "site.open" : "site.close",
          target: "site_config:site",
          before,
          after: { ...after, reason: body.reason },
        });
        return after;
      });
      openSite.remember(config);
      return config;
    },
  };
}
