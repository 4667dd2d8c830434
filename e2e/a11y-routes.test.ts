import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { betPagePath, PATHS } from "../src/web/app/paths";
import { TEST_ADMIN } from "../tests/support/app";
import { createPlayer } from "../tests/support/players";
import { makeRound, openYeekeeRound } from "../tests/support/rounds";
import { type A11yViolation, formatViolations, seriousA11yViolations } from "./support/a11y";
import { animationsDone, closeWelcomeBanner, launchBrowser, phoneContext, screenshot, signedInPage, signInThroughPage, SMALL_PHONE_VIEWPORT, startSite } from "./support/harness";

/**
 * axe on every page at 360 × 740 (docs/decisions/025): every route of app/paths.ts (read from the code, so a page
 * added there is checked too) signed out, as a player and as the operator, every tab of the back office
 * (read from the page), the welcome banner and the user menu. Any serious or critical violation fails,
 * all of them listed at the end.
 */

let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;
let player: Awaited<ReturnType<typeof createPlayer>>;
let yeekeeId: number;
let hanoiId: number;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  player = await createPlayer(site);
  yeekeeId = await openYeekeeRound(site.owner);
  hanoiId = await makeRound(site.db, "hanoi", 3_600_000);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const SIGNED_OUT: readonly string[] = [PATHS.signIn, PATHS.register, PATHS.registerWithReferrer];

/** Every address to visit: each route of PATHS with its parameters filled in, and the bet form of a round. */
function addresses(signedIn: boolean): string[] {
  const fill = (path: string) =>
    path.replace(/:(\w+)/g, (_, name: string) => {
      if (name === "activityid") return `${yeekeeId}?lotto=yeekee`;
      if (name === "uuid") return player.uuid;
      throw new Error(`no value for :${name} in ${path}: add one to e2e/a11y-routes.test.ts`);
    });
  const routes = Object.values(PATHS).filter((p) => SIGNED_OUT.includes(p) !== signedIn);
  const list = routes.map(fill);
  if (signedIn) list.push(betPagePath("hanoi", hanoiId));
  return list;
}

/**
 * Waits for the page's chunk and its first data: no page loader, no blocking overlay, and no fade-in still
 * running (axe reads the colours of half-faded text as they are at that moment).
 */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page.locator('[data-testid="page-loading"]').first().waitFor({ state: "detached", timeout: 15_000 }).catch(() => undefined);
  await page.locator(".mantine-LoadingOverlay-root").first().waitFor({ state: "hidden", timeout: 15_000 }).catch(() => undefined);
  await animationsDone(page.locator("body"));
}

const found: A11yViolation[] = [];
const checked: string[] = [];
async function check(page: Page, what: string) {
  await settle(page);
  const v = await seriousA11yViolations(page);
  for (const x of v) found.push({ ...x, url: `${what} (${x.url})` });
  checked.push(what);
}

/** What axe found in the test, listed; and the pages it checked, in the log. */
function report(who: string) {
  console.log(`axe checked ${checked.length} ${who} pages:\n  ${checked.join("\n  ")}`);
  checked.length = 0;
  const all = found.splice(0);
  if (all.length > 0) throw new Error(`axe: ${all.length} serious or critical violation(s):\n\n${formatViolations(all)}`);
}

const LONG = 300_000;

it("signed out: every route without the shell", { timeout: LONG }, async () => {
  const anon = await phoneContext(browser, site.url, SMALL_PHONE_VIEWPORT);
  anon.setDefaultTimeout(20_000);
  const anonPage = await anon.newPage();
  for (const address of addresses(false)) {
    await anonPage.goto(address);
    await check(anonPage, `signed out ${address}`);
  }
  await anon.close();
  report("signed-out");
});

it("a player at 360 × 740: the welcome banner, the user menu and every route", { timeout: LONG }, async () => {
  const ctx = await phoneContext(browser, site.url, SMALL_PHONE_VIEWPORT);
  ctx.setDefaultTimeout(20_000);
  const page = await ctx.newPage();
  await signInThroughPage(page, player);
  await page.getByTestId("banner").waitFor();
  await check(page, "player: welcome banner");
  await closeWelcomeBanner(page);
  await page.getByTestId("banner").waitFor({ state: "detached" });
  await page.getByTestId("user-menu").click();
  await page.getByRole("menu").waitFor();
  await check(page, "player: user menu");
  await page.keyboard.press("Escape");
  for (const address of addresses(true)) {
    await page.goto(address);
    await check(page, `player ${address}`);
  }
  await screenshot(page, "122-a11y-bet-page-360");
  await ctx.close();
  report("player");
});

it("the operator at 360 × 740: every route, then every tab of the back office as the page lists them", { timeout: LONG }, async () => {
  const { context: adminCtx, page: admin } = await signedInPage(browser, site.url, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  for (const address of addresses(true)) {
    await admin.goto(address);
    await check(admin, `admin ${address}`);
  }
  await admin.goto(PATHS.admin);
  await settle(admin);
  const tabs = admin.getByRole("tab");
  const count = await tabs.count();
  expect(count).toBeGreaterThan(10);
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent())?.trim() ?? `tab ${i}`;
    await tab.click();
    await check(admin, `admin back office: ${name}`);
  }
  await screenshot(admin, "123-a11y-admin-last-tab-360");
  await adminCtx.close();
  report("operator");
});
