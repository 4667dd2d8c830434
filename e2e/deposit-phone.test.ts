import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { bangkokDateKey, THAI_MONTHS, toBuddhistYear } from "../src/domain/thai-date";
import { createPlayer, post } from "../tests/support/players";
import { adminToken } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT, wholeText } from "./support/harness";
import { useSite } from "./support/site";

/** The deposit page on a phone at 360 × 740 (docs/decisions/029): copy the account number, save the QR, a Thai transfer time. */

const site = useSite();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const admin = await adminToken(site);
  await post(
    site.app,
    "/api/admin/save-mybank",
    { bankname: "kbank", bankno: "0011223344", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
    admin,
  );
  const player = await createPlayer(site);
  ({ context, page } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT));
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
  await page.locator("nav").getByRole("link", { name: "ฝาก-ถอน" }).click();
  await page.locator('input[name="deposit-amount"]').fill("300");
  await page.getByRole("button", { name: "ขอยอดโอน" }).click();
  await page.getByTestId("deposit-instructions").waitFor();
});

describe("deposit on a phone", () => {
  it("copies the receiving account number (digits) and says คัดลอกแล้ว", async () => {
    const button = page.getByTestId("copy-account");
    expect(await button.textContent()).toBe("คัดลอกเลขบัญชี");
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(SMALL_PHONE_VIEWPORT.width);
    await button.click();
    await button.filter({ hasText: "คัดลอกแล้ว" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("0011223344");
    await screenshot(page, "210-deposit-copy-account");
  });

  it("saves the PromptPay QR as a PNG named with the amount", async () => {
    const amount = (await page.getByTestId("deposit-exact-amount").textContent())!.replace(/[^\d.]/g, "");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("save-qr").click()]);
    expect(download.suggestedFilename()).toBe(`promptpay-${amount}.png`);
    const png = readFileSync((await download.path())!);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: width and height, big enough for a banking app to read from the gallery.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([720, 720]);
  });

  it("the transfer time reads in Thai (Buddhist era, 24-hour) and is sent as the same ISO instant", async () => {
    const now = Date.now();
    const todayKey = bangkokDateKey(now);
    const [y, m, d] = todayKey.split("-").map(Number) as [number, number, number];
    const text = page.getByTestId("paytime-text");
    expect(await text.textContent()).toMatch(new RegExp(`^${d} ${THAI_MONTHS[m - 1]} ${toBuddhistYear(y)} เวลา \\d{2}:\\d{2} น\\.$`));
    expect(await page.locator('input[type="datetime-local"]').count()).toBe(0);
    // The year list shows Buddhist-era years.
    expect(await page.getByTestId("paytime-year").locator("option").allTextContents()).toEqual([
      String(toBuddhistYear(y - 1)),
      String(toBuddhistYear(y)),
    ]);

    // Yesterday (Bangkok), 14:07: chosen with the selects, year first.
    const yesterday = bangkokDateKey(now - 86_400_000);
    const [yy, ym, yd] = yesterday.split("-").map(Number) as [number, number, number];
    await page.getByTestId("paytime-year").selectOption(String(yy));
    await page.getByTestId("paytime-month").selectOption(String(ym));
    await page.getByTestId("paytime-day").selectOption(String(yd));
    await page.getByTestId("paytime-hours").selectOption("14");
    await page.getByTestId("paytime-minutes").selectOption("7");
    // The whole text: "1 ธันวาคม …" is also inside "11", "21" or "31 ธันวาคม …".
    await text.filter({ hasText: wholeText(`${yd} ${THAI_MONTHS[ym - 1]} ${toBuddhistYear(yy)} เวลา 14:07 น.`) }).waitFor();
    await page.getByTestId("paytime-input").scrollIntoViewIfNeeded();
    await screenshot(page, "211-deposit-thai-paytime");

    const sent = page.waitForRequest((r) => r.url().endsWith("/api/add-paynow"));
    await page.getByRole("button", { name: "แจ้งโอนแล้ว" }).click();
    const body = (await sent).postDataJSON() as { paytime: string };
    // 14:07 in Bangkok is 07:07 UTC: the server gets the ISO instant, as before.
    expect(body.paytime).toBe(`${yesterday}T07:07:00.000Z`);
    await page.getByTestId("deposit-reported").waitFor();
    const row = await site.owner.$client.query("select paytime from pay_records order by id desc limit 1");
    expect((row.rows[0].paytime as Date).toISOString()).toBe(`${yesterday}T07:07:00.000Z`);
    await screenshot(page, "212-deposit-reported");
  });
});
