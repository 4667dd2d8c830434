import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext, screenshot, startSite } from "./support/harness";

let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  context = await phoneContext(browser, site.url);
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** An API call made by the page, and the response it got. */
async function pageFetch(path: string): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path),
    page.evaluate((p) => fetch(p).then((r) => r.status), path),
  ]);
  return response;
}

describe("the site installs on a phone", () => {
  it("links a web app manifest with a Thai name, the logo's icons, the theme colour and standalone display", async () => {
    await page.goto("/singInPage");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      lang: string;
      display: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest.name).toMatch(/[\u0E00-\u0E7F]/);
    expect(manifest.short_name).toMatch(/[\u0E00-\u0E7F]/);
    expect(manifest.lang).toBe("th");
    expect(manifest.display).toBe("standalone");
    expect(manifest.start_url).toBe("/");
    expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute("content"));
    for (const size of ["192x192", "512x512"]) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === "image/png" && i.purpose.includes("any"));
      expect(icon, size).toBeDefined();
      const png = await page.request.get(icon!.src);
      expect(png.status()).toBe(200);
      const body = await png.body();
      // The PNG's own header says its size: width and height at bytes 16-23.
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(size);
    }
    expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
  });

  it("registers the service worker, which takes control of the page", async () => {
    const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(new URL(scriptURL!).pathname).toBe("/sw.js");
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    // The shell was cached at install: the entry script the page loads is in the cache.
    const entry = await page.locator('script[type="module"]').getAttribute("src");
    const cached = await page.evaluate(async (src) => (await caches.match(src!)) !== undefined, entry);
    expect(cached).toBe(true);
  });

  it("never answers API calls from its cache", async () => {
    for (const path of ["/read-openSite-config", "/api/get-activity-yeekee/yeekee"]) {
      for (let i = 0; i < 2; i += 1) {
        const response = await pageFetch(path);
        expect(response.fromServiceWorker(), path).toBe(false);
      }
    }
    const keys = await page.evaluate(async () => {
      const all: string[] = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) all.push(new URL(r.url).pathname);
      return all;
    });
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((p) => !/^\/(assets|images|icons)\/|^\/(offline\.html|manifest\.webmanifest)$/.test(p))).toEqual([]);
  });

  it("offline, a page shows the Thai offline page and an API call fails instead of coming from a cache", async () => {
    await context.setOffline(true);
    try {
      const apiResult = await page.evaluate(() =>
        fetch("/read-openSite-config").then(
          (r) => `answered ${r.status}`,
          () => "failed",
        ),
      );
      expect(apiResult).toBe("failed");
      await page.goto("/homeAllLotto");
      await page.getByRole("heading", { name: "ไม่มีการเชื่อมต่ออินเทอร์เน็ต" }).waitFor();
      await screenshot(page, "120-offline");
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole("link", { name: "ลองใหม่" }).click();
    await page.waitForURL((u) => u.pathname === "/singInPage");
  });
});
