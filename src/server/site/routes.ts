import type { FastifyInstance } from "fastify";
import { site } from "../../contract";
import type { SiteContent } from "../../contract/site";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { enabledBanks, setEnabledBanks } from "./banks";
import { bannerImage, readPublicContent, SITE_CONTENT_CACHE_MS, setContent } from "./content";
import { openSiteState, refuseWhileClosed } from "./open-site";
import { readSite, siteService } from "./service";

/** The site's own calls, and the closed-site check over every route that takes play or money in (decision 021). */
export function siteRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const openSite = openSiteState(() => readSite(db));
  refuseWhileClosed(app, openSite);
  const service = siteService(db, openSite);
  const r = routesOf(app, authenticate);
  r(site.getTimeNow, async () => {
    const now = await service.timeNow();
    return { status: "Success" as const, timenow: now.toISOString(), timestamp: now.getTime() };
  });
  r(site.readOpenSiteConfig, async () => ({ status: "Success" as const, siteconfig: await service.openSiteConfig() }));
  r(site.adminSetOpenSite, async ({ body, user }) => {
    const config = await service.setOpenSite(user, body);
    return {
      status: "Success" as const,
      message: config.openSite ? "เปิดเว็บไซต์แล้ว ผู้เล่นใช้งานได้ตามปกติ" : "ปิดเว็บไซต์แล้ว ผู้เล่นจะเห็นหน้าปิดปรับปรุง",
      siteconfig: config,
    };
  });
  siteContentRoutes(app, authenticate, db);
  r(site.readBankList, async () => ({ status: "Success" as const, enabled: await enabledBanks(db) }));
  r(site.adminSetBankList, async ({ body, user }) => ({
    status: "Success" as const,
    message: "บันทึกรายการธนาคารแล้ว",
    enabled: await setEnabledBanks(db, user, body.enabled),
  }));
}

/** The site content the operator edits (site/content.ts) and its banner images. */
function siteContentRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const r = routesOf(app, authenticate);
  let cached: { content: SiteContent; at: number } | null = null;

  r(site.readSiteContent, async ({ reply }) => {
    if (!cached || Date.now() - cached.at >= SITE_CONTENT_CACHE_MS) cached = { content: await readPublicContent(db), at: Date.now() };
    // Browsers and proxies may keep it a minute; the app itself reads it again when a page comes back into view.
    void reply.header("cache-control", "public, max-age=60");
    return { status: "Success" as const, content: cached.content };
  });

  r(
    site.adminSetSiteContent,
    async ({ body, user }) => {
      const content = await setContent(db, user, body);
      cached = { content, at: Date.now() };
      return { status: "Success" as const, message: "บันทึกเนื้อหาเว็บแล้ว", content };
    },
    { bodyLimit: 2 * 1024 * 1024 },
  );

  // An image never changes under its id, so it is cached for a year; a new upload gets a new address.
  app.get<{ Params: { id: string } }>("/site-image/:id", async (request, reply) => {
    const image = await bannerImage(db, Number(request.params.id));
    return reply
      .header("content-type", image.content_type)
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(image.bytes);
  });
}
