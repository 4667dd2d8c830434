import type { Page } from "playwright-core";
import { beforeAll, expect } from "vitest";
import { betPagePath, PATHS } from "../../src/web/lib/paths";
import { placeSlip } from "../../tests/support/betting";
import { createPlayer, post } from "../../tests/support/players";
import { makeRound, openYeekeeRound } from "../../tests/support/rounds";
import { adminToken, fund } from "../../tests/support/wallet";
import { type A11yViolation, formatViolations, seriousA11yViolations } from "./a11y";
import { animationsDone } from "./harness";
import { type Site, useSite } from "./site";

/**
 * The route walk (docs/decisions/025): axe on every page at 360 × 740, every route of lib/paths.ts (read from the
 * code, so a page added there is checked too) signed out, as a player and as the operator, every tab of the back
 * office (read from the page), the welcome banner and the user menu. Any serious or critical violation fails, all
 * of them listed at the end. This is where the routes are checked: other tests check only the dialogs they open
 * (docs/decisions/039-browser-test-fixture.md). The walk is split over three files (e2e/a11y-routes-*.test.ts) so
 * they run beside other browser files instead of one long file ending the run (docs/decisions/056); each file has
 * its own site, made here with the same rows.
 */
export interface RouteWalk {
  site: Site;
  /** The player the pages are seen by (and whose uuid fills `:uuid`). */
  player: Awaited<ReturnType<typeof createPlayer>>;
  /** Every address to visit: each route of PATHS with its parameters filled in, and the bet form of a round. */
  addresses(signedIn: boolean): string[];
  /** Waits for the page to settle and runs axe on it, keeping what it finds for `report`. */
  check(page: Page, what: string): Promise<void>;
  /** Waits for the page's chunk, its first data and its fade-ins. */
  settle(page: Page): Promise<void>;
  /** What axe found in the test, listed (failing it); and the pages it checked, in the log. */
  report(who: string): void;
}

const SIGNED_OUT: readonly string[] = [PATHS.signIn, PATHS.register, PATHS.registerWithReferrer];

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

export function useRouteWalk(): RouteWalk {
  const site = useSite();
  const walk = { site } as RouteWalk;
  let yeekeeId: number;
  let hanoiId: number;

  beforeAll(async () => {
    walk.player = await createPlayer(site);
    yeekeeId = await openYeekeeRound(site.owner);
    hanoiId = await makeRound(site.db, "hanoi", 3_600_000);
    // Rows for the pages that list them (slips with their coloured states, money movements, the statement,
    // result statistics): the other tests' pages had them when axe checked every page they visited.
    const admin = await adminToken(site);
    await fund(site, admin, walk.player.uuid, 500);
    const decided = await makeRound(site.db, "hanoi", 3_600_000);
    for (const [round, number] of [
      [decided, "42"],
      [decided, "43"],
      [hanoiId, "12"],
    ] as const)
      expect((await placeSlip(site, walk.player, round, [{ award_type: "TwoDigit", number, amount: 10 }])).statusCode).toBe(200);
    expect((await post(site.app, "/api/admin/close-activity", { activityid: decided }, admin)).statusCode).toBe(200);
    expect(
      (await post(site.app, "/api/admin/add-award", { activityid: decided, threeTop: "157", twoBottom: "42" }, admin)).statusCode,
    ).toBe(200);
  });

  walk.addresses = (signedIn) => {
    const fill = (path: string) =>
      path.replace(/:(\w+)/g, (_, name: string) => {
        if (name === "activityid") return `${yeekeeId}?lotto=yeekee`;
        if (name === "uuid") return walk.player.uuid;
        throw new Error(`no value for :${name} in ${path}: add one to e2e/support/route-walk.ts`);
      });
    const routes = Object.values(PATHS).filter((p) => SIGNED_OUT.includes(p) !== signedIn);
    const list = routes.map(fill);
    list.push(...(signedIn ? SIGNED_IN_VARIANTS : SIGNED_OUT_VARIANTS));
    if (signedIn) list.push(betPagePath("hanoi", hanoiId));
    return list;
  };

  /**
   * No page loader, no blocking overlay, and no fade-in still running (axe reads the colours of half-faded text
   * as they are at that moment).
   */
  walk.settle = async (page) => {
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
  };

  const found: A11yViolation[] = [];
  const checked: string[] = [];
  walk.check = async (page, what) => {
    await walk.settle(page);
    const v = await seriousA11yViolations(page);
    for (const x of v) found.push({ ...x, url: `${what} (${x.url})` });
    checked.push(what);
  };

  walk.report = (who) => {
    console.log(`axe checked ${checked.length} ${who} pages:\n  ${checked.join("\n  ")}`);
    checked.length = 0;
    const all = found.splice(0);
    if (all.length > 0) throw new Error(`axe: ${all.length} serious or critical violation(s):\n\n${formatViolations(all)}`);
  };
  return walk;
}

/** A whole walk's time, far above what it takes (about 30 s for the longest part on the 2-core machine). */
export const WALK_TIMEOUT = 300_000;
