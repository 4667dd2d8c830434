import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { site } from "../../contract";
import type { SiteContent } from "../../contract/site";
import { writeAudit } from "../admin/audit";
import type { Db, Executor } from "../db/client";
import { readSiteConfig, seedSiteConfigKey, writeSiteConfig } from "../db/site-config";
import { badRequest, notFound } from "../http/errors";
import { decodeImageDataUrl } from "../http/image-data-url";
import { type Authenticate, type AuthUser, routesOf } from "../http/register-route";

// The site content the operator edits in the back office (docs/decisions/027): the announcement line
// of the home page, the contact channels shown wherever a message says "ติดต่อเจ้าหน้าที่", and the welcome
// banner's image. Kept in site_config under `content`; uploaded images in site_images.

/** What is stored: the banner as the id of its image (the public answer turns it into an address). */
const StoredContent = z.object({
  announcement: z.string(),
  lineId: z.string(),
  lineUrl: z.string(),
  phone: z.string(),
  bannerImageId: z.number().int().nullable(),
});
type StoredContent = z.infer<typeof StoredContent>;

const DEFAULT_CONTENT: StoredContent = { announcement: "", lineId: "", lineUrl: "", phone: "", bannerImageId: null };

/**
 * How long an instance answers the public read from memory. Every page view asks for the content; an
 * operator's edit shows on the instance that made it at once and on the others within this time.
 */
export const SITE_CONTENT_CACHE_MS = 30_000;

export const imagePath = (id: number) => `/site-image/${id}`;

const publicView = (c: StoredContent): SiteContent => ({
  announcement: c.announcement,
  lineId: c.lineId,
  lineUrl: c.lineUrl,
  phone: c.phone,
  bannerUrl: c.bannerImageId === null ? null : imagePath(c.bannerImageId),
});

export const seedSiteContent = (db: Executor) => seedSiteConfigKey(db, "content", DEFAULT_CONTENT);
const readContent = (db: Executor) => readSiteConfig(db, "content", StoredContent, DEFAULT_CONTENT);

export function siteContentRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const r = routesOf(app, authenticate);
  let cached: { content: SiteContent; at: number } | null = null;

  r(site.readSiteContent, async ({ reply }) => {
    if (!cached || Date.now() - cached.at >= SITE_CONTENT_CACHE_MS) cached = { content: publicView(await readContent(db)), at: Date.now() };
    // Browsers and proxies may keep it a minute; the app itself reads it again when a page comes back into view.
    void reply.header("cache-control", "public, max-age=60");
    return { status: "Success" as const, content: cached.content };
  });

  r(site.adminSetSiteContent, async ({ body, user }) => {
    const content = await setContent(db, user, body);
    cached = { content, at: Date.now() };
    return { status: "Success" as const, message: "บันทึกเนื้อหาเว็บแล้ว", content };
  }, { bodyLimit: 2 * 1024 * 1024 });

  // An image never changes under its id, so it is cached for a year; a new upload gets a new address.
  app.get<{ Params: { id: string } }>("/site-image/:id", async (request, reply) => {
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound("ไม่พบรูปภาพ");
    const rows = await db.execute<{ content_type: string; bytes: Buffer }>(sql`select content_type, bytes from site_images where id = ${id}`);
    const image = rows.rows[0];
    if (!image) throw notFound("ไม่พบรูปภาพ");
    return reply.header("content-type", image.content_type).header("cache-control", "public, max-age=31536000, immutable").send(image.bytes);
  });
}

async function setContent(db: Db, admin: AuthUser, body: z.output<typeof site.adminSetSiteContent.body>): Promise<SiteContent> {
  let image: { bytes: Buffer; type: string } | null = null;
  if (body.banner) {
    // The data URL's label is the client's word; the bytes must really be that kind of image.
    const decoded = decodeImageDataUrl(body.banner);
    if (!decoded) throw badRequest("ไฟล์แบนเนอร์ไม่ใช่รูปภาพที่ถูกต้อง");
    image = { bytes: decoded.bytes, type: `image/${decoded.type}` };
  }
  const after = await db.transaction(async (tx) => {
    await seedSiteContent(tx);
    // Two operators' edits apply one after the other, each audited with what it replaced.
    await tx.execute(sql`select 1 from site_config where key = 'content' for update`);
    const before = await readContent(tx);
    let bannerImageId = before.bannerImageId;
    if (image) {
      const inserted = await tx.execute<{ id: string }>(
        sql`insert into site_images (content_type, bytes, uploaded_by) values (${image.type}, ${image.bytes}, ${admin.uuid}) returning id`,
      );
      bannerImageId = Number(inserted.rows[0]!.id);
    } else if (body.banner === null) bannerImageId = null;
    const next: StoredContent = { announcement: body.announcement, lineId: body.lineId, lineUrl: body.lineUrl, phone: body.phone, bannerImageId };
    await writeSiteConfig(tx, "content", next);
    await writeAudit(tx, {
      actorId: admin.uuid,
      action: "site.content",
      target: "site_config:content",
      before,
      after: { ...next, bannerBytes: image ? image.bytes.length : undefined },
    });
    return next;
  });
  return publicView(after);
}
