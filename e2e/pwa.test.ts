import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import type { BrowserContext, Page, Response } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { buildVersion } from "../src/build/sw-version";
import { THEME_CSS } from "../src/build/theme-css";
import type { Db } from "../src/server/db/client";
import { betPagePath } from "../src/web/lib/paths";
import { createPlayer } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, fund } from "../tests/support/wallet";
import { phoneContext, screenshot, signedInPage, startSite } from "./support/harness";
import { useSite } from "./support/site";

const site = useSite();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await phoneContext(site.browser, site.url);
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
});

/**
 * What the page held when its shell was first drawn. The page itself is drawn in the tasks after the shell's, part by
 * part (components/in-turn.tsx, docs/decisions/063): whether it came from data already there is `skeletonSeen`.
 */
type FirstShell = { credit: string; answered: string[]; fonts: boolean; at: number };

/**
 * Holds every open round that would close within `marginMs` open until a minute past it, so none closes while a
 * page loads: the home page asks for the lotto list again 1.5 s after a round it lists as open has closed
 * (home-page.tsx), and the catalogue's 5-minute yeekee closes one every 5 minutes. Through the owner: the serving
 * role may not move a round's result time.
 */
async function holdRoundsOpen(owner: Db, marginMs: number): Promise<void> {
  await owner.$client.query(
    `update rounds r set close_at = now() + make_interval(secs => $1::float / 1000 + 60),
            result_at = greatest(r.result_at, now() + make_interval(secs => $1::float / 1000 + 120))
       from lotteries l
      where l.id = r.lottery_id and l.active and r.status = 'open' and r.close_at > now()
        and r.close_at <= now() + make_interval(secs => $1::float / 1000)`,
    [marginMs],
  );
  const soon = await owner.$client.query(
    `select count(*)::int as n from rounds r join lotteries l on l.id = r.lottery_id
      where l.active and r.status = 'open' and r.close_at > now() and r.close_at <= now() + make_interval(secs => $1::float / 1000)`,
    [marginMs],
  );
  expect(soon.rows[0].n).toBe(0);
}

/** The server calls behind what the shell shows on every signed-in page, and the server clock's offset. */
const SHELL_ASKS = [
  "/get-timenow",
  "/read-openSite-config",
  "/read-site-content",
  "/api/my-notices",
  "/api/rg/settings",
  "/api/read-win-notice",
];

/**
 * Watches, from before the app's scripts run, every component Preact draws (the build's React, docs/decisions/059)
 * through its `options.diffed` hook, which the app hands an automated browser (main.tsx), and lists each Mantine
 * component (by its display name) drawn again with the very props object it was drawn with: its parent did not
 * draw it again (a parent's render makes new props), its own state did. A component that sets its state in an
 * effect as it mounts draws itself, and the page's layout, again just after the first paint (docs/decisions/025).
 * `preactDiffs` counts what the hook saw, so a page the watch never reached fails rather than passes.
 */
function watchMantineSelfUpdates(c: BrowserContext) {
  return c.addInitScript(() => {
    type VNode = { type: unknown; props: object | null };
    const w = window as unknown as { mantineSelfUpdates: string[]; preactDiffs: number };
    w.mantineSelfUpdates = [];
    w.preactDiffs = 0;
    const drawn = new WeakSet<object>();
    const nameOf = (v: VNode) => {
      const t = v.type as { displayName?: unknown } | null;
      return t && (typeof t === "function" || typeof t === "object") && typeof t.displayName === "string" ? t.displayName : "";
    };
    Object.defineProperty(window, "__preactOptions", {
      configurable: true,
      set(options: { diffed?: (v: VNode) => void }) {
        const before = options.diffed;
        options.diffed = (v) => {
          w.preactDiffs += 1;
          const name = nameOf(v);
          if (name.startsWith("@mantine/") && v.props) {
            if (drawn.has(v.props)) w.mantineSelfUpdates.push(name);
            else drawn.add(v.props);
          }
          before?.(v);
        };
      },
    });
  });
}

/**
 * What a signed-in page's first load leaves, checked once it is drawn and idle: no Mantine component drew itself
 * again after it was first drawn (every Mantine Button's transition, the loading overlay's and Collapse's set
 * their reduced-motion state in an effect); the theme's CSS variables came with the app's CSS, not from a style element
 * Mantine's provider made at the first render (docs/decisions/025).
 */
async function expectDrawnOnce(p: Page) {
  const watched = await p.evaluate(() => {
    const w = window as unknown as { mantineSelfUpdates: string[]; preactDiffs: number };
    return { mantineSelfUpdates: w.mantineSelfUpdates, preactDiffs: w.preactDiffs };
  });
  expect(watched.preactDiffs).toBeGreaterThan(100);
  expect(watched.mantineSelfUpdates).toEqual([]);
  const theme = await p.evaluate(() => ({
    providerStyles: document.querySelectorAll('style[data-mantine-styles="true"]').length,
    redFilled: getComputedStyle(document.documentElement).getPropertyValue("--mantine-color-red-filled").trim(),
  }));
  const css = readFileSync(THEME_CSS, "utf8");
  expect(theme).toEqual({
    providerStyles: 0,
    redFilled: /--mantine-color-red-filled: (#[0-9a-f]{6});/.exec(css)?.[1],
  });
}

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

  it("shows the logo as the tab's icon from inside the page, which the browser draws at its size", async () => {
    await page.goto("/singInPage");
    const icon = await page.locator('link[rel="icon"]').getAttribute("href");
    expect(icon).toMatch(/^data:image\/svg\+xml,/);
    const drawn = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, icon!);
    expect(drawn).toBe("50x50");
    const file = await page.request.get("/images/logo.svg");
    expect(decodeURIComponent(icon!.slice("data:image/svg+xml,".length))).toBe((await file.text()).trim().replace(/\s*\n\s*/g, " "));
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

/** Every file of a build but its worker and Vite's manifest, as the build's version step reads them. */
function buildFiles(dir: string, root = dir): { path: string; content: Buffer }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === ".vite" ? [] : buildFiles(full, root);
    const path = relative(root, full);
    return path === "sw.js" || /\.(br|gz)$/.test(path) ? [] : [{ path, content: readFileSync(full) }];
  });
}

describe("a new build", () => {
  it("its worker, once active, has a cache of its own name and has deleted the previous build's cache", async () => {
    // A copy of the build, served by a site of its own, so the test can make the next build in place.
    const dir = mkdtempSync(join(tmpdir(), "lotto-web-next-"));
    cpSync(resolve(process.env.E2E_WEB_DIR ?? "dist/web"), dir, { recursive: true });
    const next = await startSite({ webDir: dir });
    const ctx = await phoneContext(site.browser, next.url);
    ctx.setDefaultTimeout(10_000);
    try {
      const p = await ctx.newPage();
      await p.goto("/singInPage");
      await p.evaluate(async () => void (await navigator.serviceWorker.ready));
      const before = await p.evaluate(() => caches.keys());
      expect(before).toHaveLength(1);
      const oldName = before[0]!;
      expect(oldName).toMatch(/^lotto-shell-[0-9a-f]{12}$/);
      expect(oldName).toBe(`lotto-shell-${buildVersion(buildFiles(dir))}`);

      // The next build: the offline page changed, so the build's version, and the worker's cache name with it.
      writeFileSync(join(dir, "offline.html"), `${readFileSync(join(dir, "offline.html"), "utf8")}\n<!-- the next build -->\n`);
      // (A build writes the compressed copies anew; here the stale ones go, so the new page is what is sent.)
      for (const ext of [".br", ".gz"]) rmSync(join(dir, `offline.html${ext}`), { force: true });
      const newName = `lotto-shell-${buildVersion(buildFiles(dir))}`;
      expect(newName).not.toBe(oldName);
      const sw = readFileSync(join(dir, "sw.js"), "utf8");
      writeFileSync(join(dir, "sw.js"), sw.replace(`"${oldName}"`, `"${newName}"`));

      // The browser checks the worker (as it does on a navigation) and the new one installs and activates.
      await p.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())!.update()));
      // Until the new worker has replaced the old cache, however long that takes (not a fixed count of looks).
      await expect.poll(() => p.evaluate(() => caches.keys()), { timeout: 30_000, interval: 100 }).toEqual([newName]);
      // The new build's shell is in its cache, and the page is controlled by the new worker.
      const offline = await p.evaluate(async () => (await (await caches.match("/offline.html"))?.text()) ?? "");
      expect(offline).toContain("the next build");
      await p.reload();
      expect(await p.evaluate(() => navigator.serviceWorker.controller?.state)).toBe("activated");
    } finally {
      await ctx.close();
      await next.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a first visit", () => {
  it("fetches the page's own chunks beside the entry script: each preloaded file is fetched once, by the page", async () => {
    const signIn = await fetch(`${site.url}/singInPage`);
    // Still a page like any other: HTML, the site's security headers, never kept stale by a cache.
    expect(signIn.headers.get("content-type")).toMatch(/^text\/html/);
    expect(signIn.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(signIn.headers.get("cache-control")).toBe("no-cache");
    const html = await signIn.text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
    const entry = /<script type="module" crossorigin src="([^"]+)">/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-/);
    // The sign-in page's own chunk is among them; the entry is not repeated; another page's is not there.
    expect(preloads.some((p) => /\/assets\/sign-in-page-/.test(p))).toBe(true);
    expect(preloads).not.toContain(entry);
    expect(preloads.some((p) => /\/assets\/(shell|home-page|admin-page)-/.test(p))).toBe(false);
    // A signed-in page preloads the shell and its page; an unknown path only the entry.
    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/shell-[^"]+\.js">/);
    expect(home).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/home-page-[^"]+\.js">/);
    // What the shell shares with the pages is in the shell's chunk (app/signed-in.ts), not a small chunk each:
    // / preloaded 28 files before, 13 after (docs/decisions/025).
    expect(home.match(/<link rel="modulepreload"/g)?.length).toBeLessThanOrEqual(16);
    expect(await (await fetch(`${site.url}/no-such-page`)).text()).not.toContain("modulepreload");

    // In a fresh browser (no service worker, no cache) every preloaded file is requested once and the page works.
    const fresh = await phoneContext(site.browser, site.url);
    try {
      // The page's own requests: the service worker, installing, fetches the shell of / for its cache as well.
      const requested = new Map<string, number>();
      const p = await fresh.newPage();
      p.on("request", (r) => {
        const path = new URL(r.url()).pathname;
        requested.set(path, (requested.get(path) ?? 0) + 1);
      });
      await p.goto("/singInPage");
      await p.locator('input[name="username"]').waitFor();
      for (const file of preloads) expect(requested.get(file), file).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it("the sign-in form is drawn in Kanit from the first, a field keeps the id it was first drawn with, a dialog is drawn from its first opening and its code fetched, once, at the first touch of the page", async () => {
    // Every change of an element's id (or of a label's pointer to one) after it was put on the page, watched from
    // before the app's scripts run. A field drawn with one id and then given another was drawn twice, at once, as
    // it first appeared (docs/decisions/025).
    const watchIds = (c: BrowserContext) =>
      c.addInitScript(() => {
        const w = window as unknown as { idChanges: string[] };
        w.idChanges = [];
        new MutationObserver((records) => {
          for (const r of records)
            if (r.oldValue !== null) w.idChanges.push(`${(r.target as Element).tagName} ${r.attributeName} ${r.oldValue}`);
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ["id", "for"], attributeOldValue: true });
      });
    const idChanges = (p: Page) => p.evaluate(() => (window as unknown as { idChanges: string[] }).idChanges);

    const signedOut = await phoneContext(site.browser, site.url);
    await watchIds(signedOut);
    // And whether the Kanit faces were there when the sign-in form was first drawn.
    await signedOut.addInitScript(() => {
      const w = window as unknown as { fontsAtFirstForm: boolean | null };
      w.fontsAtFirstForm = null;
      new MutationObserver(() => {
        if (w.fontsAtFirstForm === null && document.querySelector("form"))
          w.fontsAtFirstForm = ["400", "500", "600"].every((x) => document.fonts.check(`${x} 1em Kanit`, "กa"));
      }).observe(document, { childList: true, subtree: true });
    });
    const signIn = await signedOut.newPage();
    await signIn.goto("/singInPage");
    const username = signIn.getByLabel("ชื่อผู้ใช้หรือเบอร์โทรศัพท์");
    await username.waitFor();
    await signIn.waitForLoadState("networkidle");
    expect(await idChanges(signIn)).toEqual([]);
    expect(await signIn.evaluate(() => (window as unknown as { fontsAtFirstForm: boolean | null }).fontsAtFirstForm)).toBe(true);
    // The label still names its field.
    expect(await username.getAttribute("id")).toMatch(/^mantine-/);
    await signedOut.close();

    const player = await createPlayer(site);
    const roundId = await makeRound(site.db, "hanoi", 10 * 60_000);
    const signedIn = await signedInPage(site, player);
    try {
      await watchIds(signedIn.context);
      const p = signedIn.page;
      // The dialogs' code (each dialog's own chunk, and the chunk holding Mantine's Modal, which the build may group
      // with other code: docs/decisions/065) is not part of the form's first load.
      const scripts: string[] = [];
      // A file is named `<chunk>-<8-character hash>.js`, and the hash may hold "-" or "_".
      p.on("request", (r) => {
        const m = /^\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(r.url()).pathname);
        if (m) scripts.push(m[1]!);
      });
      const dialogs = ["confirm-slip-modal", "drafts-modal", "paste-numbers-modal", "shortcut-digit-modal"];
      await p.goto(betPagePath("hanoi", roundId));
      await p.getByTestId("add-line").waitFor();
      await p.waitForLoadState("networkidle");
      expect(await idChanges(p)).toEqual([]);
      expect(scripts.filter((s) => dialogs.includes(s))).toEqual([]);
      const firstLoad = scripts.length;
      // The form's dialogs (confirm, drafts, paste, a shortcut's digits) are not drawn closed: Mantine's portal,
      // which the first dialog drawn creates, is not there yet. The paste dialog still opens, and closes.
      const portal = p.locator("[data-mantine-shared-portal-node]");
      expect(await portal.count()).toBe(0);
      await p.getByTestId("open-paste").click();
      await p.getByTestId("paste-dialog").waitFor();
      expect(await portal.count()).toBe(1);
      // The first touch fetched every dialog's code, and the Modal's with it (a chunk the first load had not).
      await expect.poll(() => dialogs.filter((d) => scripts.includes(d))).toEqual(dialogs);
      // zod comes at the first touch too (lib/zod-on-demand.ts): not counted as the Modal's chunk.
      await expect
        .poll(() => scripts.slice(firstLoad).filter((s) => !dialogs.includes(s) && !s.startsWith("zod-")).length)
        .toBeGreaterThan(0);
      await p.keyboard.press("Escape");
      await p.getByTestId("paste-dialog").waitFor({ state: "hidden" });
      await p.getByTestId("open-paste").click();
      await p.getByTestId("paste-dialog").waitFor();
      // Each once: opening again fetched nothing more, and no file was fetched twice.
      expect(scripts.filter((s) => dialogs.includes(s)).sort()).toEqual(dialogs);
      expect(new Set(scripts).size).toBe(scripts.length);
    } finally {
      await signedIn.context.close();
    }
  });

  it("a dialog whose code cannot be fetched says so where it would open, the form keeps what was typed, and it opens on a second try", async () => {
    const player = await createPlayer(site);
    const roundId = await makeRound(site.db, "hanoi", 10 * 60_000);
    // No service worker here: what is tested is the page's own retry, and a worker adds a second path whose
    // interception by the test tool is timing-dependent (a worker stopped when idle and started again for
    // a fetch is attached to anew, and a clean-clone CI run on a loaded machine saw the retried fetch
    // never answered). The worker's own behaviour is tested above; its fetch handler asks the network
    // again on each request, so a failed chunk is asked for again through it as well.
    const signedIn = await signedInPage(site, player, undefined, { serviceWorkers: "block" });
    try {
      const p = signedIn.page;
      // The connection drops just as the paste dialog's code is asked for.
      let reachable = false;
      await signedIn.context.route(/\/assets\/paste-numbers-modal-[\w-]+\.js$/, (r) => (reachable ? r.continue() : r.abort()));
      await p.goto(betPagePath("hanoi", roundId));
      await p.getByTestId("add-line").waitFor();
      await p.getByTestId("bet-type-TwoDigitOn").click();
      for (const d of "27") await p.getByTestId(`numpad-${d}`).click();
      await p.getByTestId("add-line").click();
      await p.getByTestId("bet-line").waitFor();
      await p.getByTestId("open-paste").click();
      await p.getByTestId("dialog-load-failed").waitFor();
      expect(await p.getByTestId("paste-dialog").count()).toBe(0);
      expect(await p.getByTestId("bet-line").evaluateAll((els) => els.map((e) => e.getAttribute("data-number")))).toEqual(["27"]);
      reachable = true;
      await p.getByTestId("dialog-load-retry").click();
      await p.getByTestId("paste-dialog").waitFor();
      expect(await p.getByTestId("dialog-load-failed").count()).toBe(0);
    } finally {
      await signedIn.context.close();
    }
  });

  it("a signed-in load of / or of a round's bet form draws the page from data already there and asks for it once", async () => {
    const player = await createPlayer(site);
    await fund(site, await adminToken(site), player.uuid, 1234);
    const roundId = await makeRound(site.db, "hanoi", 10 * 60_000);
    const signedIn = await signedInPage(site, player);
    try {
      // Whether a page's loading spinner (its Suspense fallback) ever shows, watched from before the app's scripts run;
      // whether the page's main content (the lottery cards, the bet form) was ever a skeleton waiting for its data; and
      // whether the credit was there when the shell first was.
      await watchMantineSelfUpdates(signedIn.context);
      await signedIn.context.addInitScript(() => {
        const seen = window as unknown as {
          pageSpinnerSeen: boolean;
          loadingSeen: boolean;
          skeletonSeen: boolean;
          drawnAbove: string[];
          firstShell: FirstShell | null;
        };
        seen.pageSpinnerSeen = false;
        seen.loadingSeen = false;
        seen.skeletonSeen = false;
        // Each lottery group or card drawn above one drawn before it: drawn part by part, the page must grow
        // downwards only, or what is on screen is pushed down as it draws (a layout shift).
        seen.drawnAbove = [];
        const drawn = new Set<Element>();
        seen.firstShell = null;
        // When the page first asks for its service worker (lib/service-worker.ts).
        const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined;
        if (sw) {
          const register = sw.register.bind(sw);
          sw.register = (...args: Parameters<ServiceWorkerContainer["register"]>) => {
            (window as unknown as { swRegisterAt?: number }).swRegisterAt ??= performance.now();
            return register(...args);
          };
        }
        // Each server answer the app has read, when it read it: a resource-timing entry may be written after the
        // app has already drawn from the answer (Chromium reports it from the network process), so under load
        // it was missing from a first render that did have the data.
        const read: string[] = [];
        const json = window.Response.prototype.json;
        window.Response.prototype.json = function (this: globalThis.Response) {
          const path = new URL(this.url).pathname;
          return json.call(this).then((body: unknown) => {
            read.push(path);
            return body;
          });
        };
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="page-loading"]')) seen.pageSpinnerSeen = true;
          if (document.querySelector('[data-testid="loading"]')) seen.loadingSeen = true;
          // The home list's skeleton, the bet form's.
          if (document.querySelector('main .mantine-Skeleton-root, [data-testid="bet-form-loading"]')) seen.skeletonSeen = true;
          const parts = [...document.querySelectorAll('[data-testid="lotto-group"], [data-testid="lotto-card"]')].filter(
            (e) => !drawn.has(e),
          );
          for (const part of parts) {
            for (const before of drawn)
              if (before.isConnected && part.compareDocumentPosition(before) & Node.DOCUMENT_POSITION_FOLLOWING && !part.contains(before))
                seen.drawnAbove.push(part.getAttribute("data-config-id") ?? part.getAttribute("data-category") ?? "?");
          }
          for (const part of parts) drawn.add(part);
          if (!seen.firstShell && document.querySelector("main.shell-content")) {
            seen.firstShell = {
              credit: document.querySelector('[data-testid="credit"]')?.textContent ?? "",
              // The server calls whose answers the app had read by then.
              answered: [...read],
              fonts: ["400", "500", "600"].every((w) => document.fonts.check(`${w} 1em Kanit`, "กa")),
              at: performance.now(),
            };
          }
        }).observe(document, { childList: true, subtree: true });
      });
      // Counts below are of asks made for the load alone, not of the home page's ask after a round closes.
      await holdRoundsOpen(site.owner, 30_000);
      const p = signedIn.page;
      const asked = new Map<string, number>();
      // When each call was made, for a failure's message: a second ask's time tells a mount's ask from a later one.
      const askedAt: string[] = [];
      p.on("request", (r) => {
        const path = new URL(r.url()).pathname;
        asked.set(path, (asked.get(path) ?? 0) + 1);
        if (!path.startsWith("/assets/") && !path.startsWith("/images/")) askedAt.push(`${path} ${new Date().toISOString()}`);
      });
      const spinnerSeen = () => p.evaluate(() => (window as unknown as { pageSpinnerSeen: boolean }).pageSpinnerSeen);
      const skeletonSeen = () => p.evaluate(() => (window as unknown as { skeletonSeen: boolean }).skeletonSeen);

      // The shell and the page's chunks are fetched before the first render, so neither waits behind a spinner;
      // the lotto list, asked for at start-up, is not asked for again when the page mounts.
      await p.goto("/");
      await p.getByTestId("lotto-card").first().waitFor();
      await p.waitForLoadState("networkidle");
      expect(await spinnerSeen()).toBe(false);
      // The list, the player's data and the credit, asked for at start-up and waited for, are drawn from the first
      // (not a skeleton, then the cards once the list has come), and asked for once.
      const firstShell = () => p.evaluate(() => (window as unknown as { firstShell: FirstShell | null }).firstShell);
      const home = await firstShell();
      expect(await skeletonSeen()).toBe(false);
      expect(await p.evaluate(() => (window as unknown as { drawnAbove: string[] }).drawnAbove)).toEqual([]);
      expect(home?.credit).toBe("1,234 ฿");
      // Drawn in Kanit from the first: the page is not laid out in a fallback font and again as each face comes.
      expect(home?.fonts).toBe(true);
      for (const path of ["/api/lottolist", "/get-username", "/api/get-credit"])
        expect(asked.get(path), `${path}: ${askedAt.join(", ")}`).toBe(1);
      // What the shell shows and the server clock's offset were answered before it was first drawn, so none of
      // them draws its part again after the first paint, and each was asked for once (docs/decisions/025).
      for (const path of SHELL_ASKS) {
        expect(home?.answered, path).toContain(path);
        expect(asked.get(path), path).toBe(1);
      }
      await expectDrawnOnce(p);
      // The service worker is asked for only after the first render is on screen: one that took control while the
      // page drew it had the page's images fetched through it, twice each (docs/decisions/025).
      const swRegisterAt = await (await p.waitForFunction(() => (window as unknown as { swRegisterAt?: number }).swRegisterAt)).jsonValue();
      expect(swRegisterAt).toBeGreaterThan(home!.at);

      asked.clear();
      await p.goto(betPagePath("hanoi", roundId));
      await p.getByTestId("add-line").waitFor();
      await p.waitForLoadState("networkidle");
      expect(await spinnerSeen()).toBe(false);
      const bet = await firstShell();
      expect(await skeletonSeen()).toBe(false);
      expect(bet?.credit).toBe("1,234 ฿");
      expect(bet?.fonts).toBe(true);
      for (const path of [
        "/api/lottolist",
        "/api/get-lotto-config-ByActivityID",
        "/api/read-newDigitPrice-AddLastTime",
        "/api/read-readpostnumberdigit",
        "/post-checktimeout-postnumber",
        "/get-username",
        "/api/get-credit",
      ]) {
        expect(asked.get(path), path).toBe(1);
      }
      for (const path of SHELL_ASKS) {
        expect(bet?.answered, path).toContain(path);
        expect(asked.get(path), path).toBe(1);
      }
      await expectDrawnOnce(p);

      // A round that is not its lottery's next one is named from the lottery's round list: asked for at start-up
      // once the lotto list has come, answered before the first render, and not asked for again by the page (it
      // used to come after the first paint, flash the loading overlay and draw the whole page again).
      const laterRound = await makeRound(site.db, "hanoi", 20 * 60_000);
      asked.clear();
      await p.goto(betPagePath("hanoi", laterRound));
      await p.getByTestId("add-line").waitFor();
      await p.waitForLoadState("networkidle");
      const later = await firstShell();
      expect(await skeletonSeen()).toBe(false);
      expect(later?.answered).toContain("/api/get-activity-other-lotto");
      expect(asked.get("/api/get-activity-other-lotto")).toBe(1);
      expect(await p.evaluate(() => (window as unknown as { loadingSeen: boolean }).loadingSeen)).toBe(false);
    } finally {
      await signedIn.context.close();
    }
  });
});
