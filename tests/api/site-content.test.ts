import { expect, it } from "vitest";
import { site } from "../../src/contract";
import { THAI } from "../support/app";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, post } from "../support/players";

const app = useTestApp();
const q = async (text: string, params: unknown[] = []) => (await app.t.owner.$client.query(text, params)).rows;
const auditCount = async () => Number((await q("select count(*) as n from audit_log where action = 'site.content'"))[0].n);

// The smallest valid PNG (1 × 1) and a "PNG" that is really text.
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const FAKE_PNG = `data:image/png;base64,${Buffer.from("not an image at all").toString("base64")}`;
const good = { announcement: "ฝากถอนออโต้ 24 ชม.", lineId: "@lotto", lineUrl: "https://line.me/R/ti/p/@lotto", phone: "081-234-5678" };

it("anyone reads the site content; it starts empty with the standard banner", async () => {
  const res = await call(app.t.app, site.readSiteContent, undefined);
  expect(res.ok).toBe(true);
  if (res.ok) expect(res.body.content).toEqual({ announcement: "", lineId: "", lineUrl: "", phone: "", bannerUrl: null });
});

it("only the operator edits it; bad input is refused in Thai and writes nothing; an edit is audited and players read it at once", async () => {
  const { t, admin } = app;
  const p = await createPlayer(t);
  expect((await call(t.app, site.adminSetSiteContent, good, p.token)).statusCode).toBe(403);
  expect((await call(t.app, site.adminSetSiteContent, good)).statusCode).toBe(401);
  const audits = await auditCount();
  for (const bad of [
    { ...good, announcement: "ก".repeat(201) },
    { ...good, announcement: "<script>alert(1)</script>" },
    { ...good, lineUrl: "https://evil.example/line" },
    { ...good, lineUrl: "javascript:alert(1)" },
    { ...good, lineId: "มีช่องว่าง ไทย" },
    { ...good, phone: "12345" },
    { ...good, banner: FAKE_PNG },
    { ...good, banner: "data:image/svg+xml;base64,PHN2Zy8+" },
    { ...good, banner: `data:image/png;base64,${"A".repeat(1_500_000)}` },
  ]) {
    const res = await post(t.app, "/api/admin/site-content", bad, admin);
    expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    expect(res.body.message).toMatch(THAI);
  }
  expect(await auditCount()).toBe(audits);
  expect((await q("select count(*)::int as n from site_images"))[0].n).toBe(0);
  expect((await q("select count(*)::int as n from site_config where key = 'content'"))[0].n).toBe(0);

  const saved = await call(t.app, site.adminSetSiteContent, { ...good, banner: PNG }, admin);
  expect(saved.ok).toBe(true);
  expect(await auditCount()).toBe(audits + 1);
  const read = await call(t.app, site.readSiteContent, undefined);
  if (!read.ok) return expect.fail("read refused");
  expect(read.body.content).toMatchObject({ ...good, phone: "0812345678" });
  const bannerUrl = read.body.content.bannerUrl!;
  expect(bannerUrl).toMatch(/^\/site-image\/\d+$/);

  // The image is served as uploaded, cacheable for ever (a new upload gets a new address).
  const image = await t.app.inject({ method: "GET", url: bannerUrl });
  expect(image.statusCode).toBe(200);
  expect(image.headers["content-type"]).toBe("image/png");
  expect(image.headers["cache-control"]).toContain("immutable");
  expect(image.rawPayload.equals(Buffer.from(PNG.split(",")[1]!, "base64"))).toBe(true);
  expect((await t.app.inject({ method: "GET", url: "/site-image/999999" })).statusCode).toBe(404);

  // Editing the words keeps the banner; null goes back to the standard banner.
  const kept = await call(t.app, site.adminSetSiteContent, { ...good, announcement: "ประกาศใหม่" }, admin);
  if (kept.ok) expect(kept.body.content).toMatchObject({ announcement: "ประกาศใหม่", bannerUrl });
  const removed = await call(t.app, site.adminSetSiteContent, { ...good, banner: null }, admin);
  if (removed.ok) expect(removed.body.content.bannerUrl).toBeNull();
  const rows = await q("select before, after from audit_log where action = 'site.content' order by id");
  expect(rows).toHaveLength(audits + 3);
  expect(rows[1].before).toMatchObject({ announcement: good.announcement });
  expect(rows[1].after).toMatchObject({ announcement: "ประกาศใหม่" });
});
