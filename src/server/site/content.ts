import { z } from "zod";
import type { site } from "../../contract";
import type { SiteContent } from "../../contract/site";
import { writeAudit } from "../admin/audit";
import type { Db, Executor } from "../db/client";
import { readSiteConfig, seedSiteConfigKey, writeSiteConfig } from "../db/site-config";
import { badRequest, notFound } from "../http/errors";
import { decodeImageDataUrl } from "../http/image-data-url";
import type { AuthUser } from "../http/register-route";
import * as repo from "./repository";

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

/** The content as the public read shows it. */
export const readPublicContent = async (db: Executor): Promise<SiteContent> => publicView(await readContent(db));

/** An uploaded image by the id in its address; 404 for any other id. */
export async function bannerImage(db: Executor, id: number): Promise<{ content_type: string; bytes: Buffer }> {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound("ไม่พบรูปภาพ");
  const image = await repo.siteImage(db, id);
  if (!image) throw notFound("ไม่พบรูปภาพ");
  return image;
}

/** The operator's edit: a new banner image is checked and stored, and the content saved whole under the row's lock. */
export async function setContent(db: Db, admin: AuthUser, body: z.output<typeof site.adminSetSiteContent.body>): Promise<SiteContent> {
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
    await repo.lockSiteConfigRow(tx, "content");
    const before = await readContent(tx);
    let bannerImageId = before.bannerImageId;
    if (image) {
      bannerImageId = await repo.insertSiteImage(tx, image, admin.uuid);
    } else if (body.banner === null) bannerImageId = null;
    const next: StoredContent = {
      announcement: body.announcement,
      lineId: body.lineId,
      lineUrl: body.lineUrl,
      phone: body.phone,
      bannerImageId,
    };
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
