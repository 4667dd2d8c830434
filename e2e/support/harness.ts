import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Locator, type Page } from "playwright-core";
import { auth } from "../../src/contract";
import type { Config } from "../../src/server/config";
import { COOKIE, type CookieName } from "../../src/web/lib/cookies";
import { createTestApp } from "../../tests/support/app";

export const SCREENSHOTS = resolve("e2e/screenshots");

/**
 * The built app served by the real server on loopback, on a fresh database. E2E_WEB_DIR names another build
 * (`npx vite build --outDir /tmp/web-x --emptyOutDir`) so one person's build does not replace the files under
 * another's running browser test.
 */
export async function startSite(overrides: Partial<Config> = {}) {
  const t = await createTestApp({ webDir: resolve(process.env.E2E_WEB_DIR ?? "dist/web"), ...overrides });
  const url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { ...t, url };
}

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same engine without the desktop
 * browser's own pages, about a third less CPU per browser test; docs/decisions/061), with the flags this closed
 * network needs. axe checks pages where a test asks (e2e/support/a11y.ts): every route in
 * e2e/a11y-routes-*.test.ts, and each dialog a test opens (docs/decisions/039-browser-test-fixture.md).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return browser;
}

/** The phone the tests use unless one asks for another size. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };
/** A small Android phone (360 × 740), for the pages that must fit the narrowest common screen. */
export const SMALL_PHONE_VIEWPORT = { width: 360, height: 740 };

/** A phone-sized page in Thai, on Bangkok time. */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  viewport = PHONE_VIEWPORT,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    ...options,
    baseURL,
    viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "th-TH",
    timezoneId: "Asia/Bangkok",
  });
}

/**
 * Screenshots are for people reading a change; CI's clean checkout is thrown away with them, so under `CI` they
 * are not taken unless E2E_SCREENSHOTS=1 asks (about half a second each, 176 of them: docs/decisions/056).
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1" || (process.env.E2E_SCREENSHOTS !== "0" && !process.env.CI);

/**
 * The whole page, from its top. A full-page shot draws the fixed header and tab bar where the scroll left
 * them, so a page scrolled down showed its header across the middle of the content: it is scrolled to the
 * top first, where the header sits over the top of the page as the player sees it.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Signs the page in through the sign-in form, as a player does: for the tests of signing in. Other tests
 * get a signed-in page from `signedInPage`.
 */
export async function signInThroughPage(page: Page, player: { username: string; password: string }) {
  await page.goto("/singInPage");
  await page.locator('input[name="username"]').fill(player.username);
  await page.locator('input[name="password"]').fill(player.password);
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  await page.getByTestId("username").waitFor();
}

/** The session cookies' lifetime, as the page sets them (src/web/lib/cookies.ts, spec §9). */
const SESSION_COOKIE_SECONDS = 2_678_400;

/**
 * What the browser holds after a sign-in through the form with the welcome banner closed
 * (src/web/lib/session.tsx's `signIn`, src/web/app/shell.tsx's banner): the jwt, uuid, username and
 * userType cookies, bannerStatus "shown" (the banner opened once and was closed), and the role in local
 * storage. The player is signed in through the API's /login, from the same address the page's form would
 * use, so the server sees the same sign-in (its session row, its reality clock).
 */
export async function signedInState(
  baseURL: string,
  player: { username: string; password: string },
): Promise<NonNullable<BrowserContextOptions["storageState"]>> {
  const res = await fetch(new URL("/login", baseURL), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: player.username, password: player.password }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok || typeof body.jwt !== "string")
    throw new Error(`sign-in of ${player.username} through /login failed: ${res.status} ${JSON.stringify(body)}`);
  const signedIn = auth.SignedIn.parse(body);
  const { hostname, origin } = new URL(baseURL);
  const expires = Math.floor(Date.now() / 1000) + SESSION_COOKIE_SECONDS;
  const cookie = (name: CookieName, value: string) => ({
    name,
    value: encodeURIComponent(value),
    domain: hostname,
    path: "/",
    expires,
    httpOnly: false,
    secure: false,
    sameSite: "Strict" as const,
  });
  return {
    cookies: [
      cookie(COOKIE.jwt, signedIn.jwt),
      cookie(COOKIE.uuid, signedIn.uuid),
      cookie(COOKIE.username, signedIn.username),
      cookie(COOKIE.userType, signedIn.userType),
      cookie(COOKIE.bannerStatus, "shown"),
    ],
    origins: [{ origin, localStorage: [{ name: "role", value: signedIn.role }] }],
  };
}

/**
 * A fresh phone-sized browser context, signed in as the player, on the home page with the welcome banner
 * closed — as after `signInThroughPage` and `closeWelcomeBanner`, without the form: the session is put into
 * the context before its first page opens (docs/decisions/039-browser-test-fixture.md).
 */
export async function signedInPage(
  site: { browser: Browser; url: string },
  player: { username: string; password: string },
  viewport = PHONE_VIEWPORT,
  options: BrowserContextOptions = {},
) {
  const context = await phoneContext(site.browser, site.url, viewport, { ...options, storageState: await signedInState(site.url, player) });
  // A page action waits up to 20 s: on a 2-core machine busy with the server and PostgreSQL, 10 s was sometimes short.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto("/");
  await page.getByTestId("username").waitFor();
  return { context, page };
}

/**
 * Closes the welcome banner that opens once after sign-in. It opens in an effect after the page shows, so a
 * key pressed at once can come before its listener and do nothing (the banner then covers the header): its
 * close button is clicked once it is there (waiting up to 5 s), and its going is awaited.
 */
export async function closeWelcomeBanner(page: Page) {
  const banner = page.getByTestId("banner");
  if (
    await banner.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await banner.getByRole("button", { name: "ปิด" }).click();
    await banner.waitFor({ state: "detached" });
  }
}

/**
 * An element's whole text, for `filter({ hasText })`: a string there is a case-insensitive substring, so
 * "100 ฿" also matches a credit of "1,100 ฿" and "ปิดรับ" the "เปิดรับ" button (Thai leading vowels come before
 * the consonant), and a wait could pass on the wrong value or the wrong row. Spaces at either end are allowed.
 */
export function wholeText(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
}

/**
 * Resolves after the page has painted twice more: by then the effects of what it showed have run and what
 * they set has been drawn. For checking that something does NOT appear, after waiting for the state that
 * would have brought it (a fixed sleep says nothing about where the page got to).
 */
export async function framesPainted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))));
}

/**
 * Resolves once no finite animation or transition runs in `locator`'s element (e.g. a modal's fade-in or a
 * panel opening), for a screenshot or a check of what it shows; endless ones (spinners, a marquee) are left.
 */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const running = () =>
          el
            .getAnimations({ subtree: true })
            .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
        // Idle on two frames in a row: a transition started from a frame callback (as Mantine's are) has begun by then.
        let idleFrames = 0;
        const check = () => {
          const left = running();
          if (left.length > 0) {
            idleFrames = 0;
            void Promise.all(left.map((a) => a.finished.catch(() => undefined))).then(() => requestAnimationFrame(check));
          } else if (++idleFrames >= 2) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/**
 * Picks a date in a ThaiDateField (src/web/components/thai-date-field.tsx) as the operator does — the
 * Buddhist-era year, the month by name, the day — and waits until the field holds it.
 */
export async function pickThaiDate(page: Page, name: string, isoDate: string): Promise<void> {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  await page.locator(`select[name="${name}-year"]`).selectOption(String(year));
  await page.locator(`select[name="${name}-month"]`).selectOption(String(month));
  await page.locator(`select[name="${name}-day"]`).selectOption(String(day));
  await page.locator(`[data-testid="date-${name}"][data-date="${isoDate}"]`).waitFor();
}

/**
 * Whether each of a ThaiDateField's three selects is wide enough to show its choice whole (the day, the
 * month's name, the Buddhist-era year): the text of the chosen option, measured in the select's own font,
 * against the room inside its padding. Squeezed beside another field at 360 px they showed nothing.
 */
export async function thaiDateReadable(page: Page, name: string): Promise<Record<string, boolean>> {
  const shown: Record<string, boolean> = {};
  for (const part of ["day", "month", "year"]) {
    shown[part] = await page.locator(`select[name="${name}-${part}"]`).evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.selectedOptions[0]?.textContent ?? "";
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return text.length > 0 && ctx.measureText(text).width <= room;
    });
  }
  return shown;
}
