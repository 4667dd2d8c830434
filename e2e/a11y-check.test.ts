import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seriousA11yViolations } from "./support/a11y";
import { launchBrowser } from "./support/harness";

/**
 * The axe check itself (support/a11y.ts): a violation that stays on the page is reported; one seen only while
 * the page was changing under axe is not.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it("reports text that stays too faint to read, and not a dialog that was closing while axe read it", async () => {
  const page = await browser.newPage();
  try {
    await page.setContent(
      `<html lang="th"><head><title>ทดสอบ</title></head><body><main><h1>หน้าทดสอบ</h1><p id="faint" style="color:#f5f5f5;background:#f9f9f9">ข้อความจาง</p></main></body></html>`,
    );
    const found = await seriousA11yViolations(page);
    expect(found.map((v) => [v.id, v.nodes.map((n) => n.target)])).toEqual([["color-contrast", ["#faint"]]]);

    // A faint dialog that the page takes away as soon as axe has read it once.
    await page.setContent(`<html lang="th"><head><title>ทดสอบ</title></head><body><main><h1>หน้าทดสอบ</h1>
      <div role="dialog" aria-label="ยืนยัน" id="closing"><p style="color:#f5f5f5;background:#f9f9f9">ยืนยันการส่งโพย</p></div></main></body></html>`);
    await page.evaluate(() => {
      const w = window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } };
      const run = w.axe.run.bind(w.axe);
      w.axe.run = async (...a: unknown[]) => {
        const r = await run(...a);
        document.getElementById("closing")?.remove();
        return r;
      };
    });
    expect(await seriousA11yViolations(page)).toEqual([]);
  } finally {
    await page.close();
  }
});
