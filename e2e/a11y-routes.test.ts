import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { betPagePath, PATHS } from "../src/web/lib/paths";
import { TEST_ADMIN } from "../tests/support/app";
import { placeSlip } from "../tests/support/betting";
import { createPlayer, post } from "../tests/support/players";
import { makeRound, openYeekeeRound } from "../tests/support/rounds";
import { adminToken, fund } from "../tests/support/wallet";
import { type A11yViolation, formatViolations, seriousA11yViolations } from "./support/a11y";
import {
  animationsDone,
  closeWelcomeBanner,
  phoneContext,
  screenshot,
  signedInPage,
  signInThroughPage,
  SMALL_PHONE_VIEWPORT,
} from "./support/harness";
import { useSite } from "./support/site";

/**
 * axe on every page at 360 × 740 (docs/decisions/025): every route of lib/paths.ts (read from the code, so a page
 * added there is checked too) signed out, as a player and as the operator, every tab of the back office
 * (read from the page), the welcome banner and the user menu. Any serious or critical violation fails,
 * all of them listed at the end. This is where the routes are checked: other tests check only the dialogs
 * they open (docs/decisions/039-browser-test-fixture.md).
 */

const site = useSite();
let player: Awaited<ReturnType<typeof createPlayer>>;
let yeekeeId: number;
let hanoiId: number;

beforeAll(async () => {
  player = await createPlayer(site);
  yeekeeId = await openYeekeeRound(site.owner);
  hanoiId = await makeRound(site.db, "hanoi", 3_600_000);
  // Rows for the pages that list them (slips with their coloured states, money movements, the statement,
  // result statistics): the other tests' pages had them when axe checked every page they visited.
  const admin = await adminToken(site);
  await fund(site, admin, player.uuid, 500);
  const decided = await makeRound(site.db, "hanoi", 3_600_000);
  for (const [round, number] of [
    [decided, "42"],
    [decided, "43"],
    [hanoiId, "12"],
  ] as const)
    expect((await placeSlip(site, player, round, [{ award_type: "TwoDigit", number, amount: 10 }])).statusCode).toBe(200);
  expect((await post(site.app, "/api/admin/close-activity", { activityid: decided }, admin)).statusCode).toBe(200);
  expect((await post(site.app, "/api/admin/add-award", { activityid: decided, threeTop: "157", twoBottom: "42" }, admin)).statusCode).toBe(
    200,
  );
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
  list.push(...(signedIn ? SIGNED_IN_VARIANTS : SIGNED_OUT_VARIANTS));
  if (signedIn) list.push(betPagePath("hanoi", hanoiId));
  return list;
}

/**
 * Addresses whose query shows another part of a route: the notices of the sign-in page, the history tab
 * of ฝาก-ถอน, the hi-low games, a lottery's rates and statistics (the back office's tabs are clicked).
 */
const SIGNED_OUT_VARIANTS = [
  `${PATHS.signIn}?registered=1`,
  `${PATHS.signIn}?ended=expired`,
  `${PATHS.signIn}?reset=1`,
  `${PATHS.signIn}?break=1`,
];
const SIGNED_IN_VARIANTS = [
  `${PATHS.mainCredit}?tab=history`,
  `${PATHS.games}?type=hilow`,
  `${PATHS.payRates}?lotto=hanoi`,
  `${PATHS.resultStats}?lotto=hanoi`,
];

/**
 * Waits for the page's chunk and its first data: no page loader, no blocking overlay, and no fade-in still
 * running (axe reads the colours of half-faded text as they are at that moment).
 */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page
    .locator('[data-testid="page-loading"]')
    .first()
    .waitFor({ state: "detached", timeout: 15_000 })
    .catch(() => undefined);
  await page
    .locator(".mantine-LoadingOverlay-root")
    .first()
    .waitFor({ state: "hidden", timeout: 15_000 })
    .catch(() => undefined);
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
  const anon = await phoneContext(site.browser, site.url, SMALL_PHONE_VIEWPORT);
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
  const ctx = await phoneContext(site.browser, site.url, SMALL_PHONE_VIEWPORT);
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
  const { context: adminCtx, page: admin } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  for (const address of addresses(true)) {
    await admin.goto(address);
    await check(admin, `admin ${address}`);
  }
  await admin.goto(PATHS.admin);
  await settle(admin);
  const tabs = admin.getByRole("tab");
  // The back office draws its tab list once its own data has come back; wait for the list, not a time.
  await tabs.nth(10).waitFor();
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
