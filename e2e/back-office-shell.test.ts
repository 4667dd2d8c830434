import { describe, expect, it } from "vitest";
import { account, auth, rg } from "../src/contract";
import { COOKIE } from "../src/web/lib/cookies";
import { TEST_ADMIN } from "../tests/support/app";
import { framesPainted, phoneContext, screenshot, signedInState, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useSite } from "./support/site";

/**
 * The back office is the operator's, not a player's page with a tab more: no credit, no welcome banner, no
 * bottom navigation, and none of the calls only a player's shell makes (an operator has no credit account, no
 * slips and no responsible-play clock, so the server answers them with errors the operator can do nothing about).
 */

const site = useSite();

/** Calls only a player's shell makes; an operator's page must make none of them. */
const PLAYER_ONLY_PATHS = [
  auth.getCredit.path,
  account.readWinNotice.path,
  account.seenWinNotice.path,
  rg.readSettings.path,
  rg.answerRealityCheck.path,
] as const;

describe("the back office at 360 × 740", () => {
  it("an operator just signed in sees the back office without the player's shell, and the page makes no player calls", async () => {
    const state = await signedInState(site.url, TEST_ADMIN);
    if (typeof state === "string") throw new Error("signedInState gives the state itself");
    // As just after the sign-in form: the welcome banner has not been shown yet.
    const fresh = { ...state, cookies: state.cookies.filter((c) => c.name !== COOKIE.bannerStatus) };
    const context = await phoneContext(site.browser, site.url, SMALL_PHONE_VIEWPORT, { storageState: fresh });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const asked: string[] = [];
    const answered: { path: string; status: number }[] = [];
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith("/api/")) asked.push(pathname);
    });
    page.on("response", (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith("/api/")) answered.push({ path: pathname, status: r.status() });
    });

    await page.goto("/admin");
    await page.getByRole("tab", { name: "ฝากรอตรวจ" }).waitFor();
    await page.getByTestId("username").filter({ hasText: TEST_ADMIN.username }).waitFor();
    // Another page view inside the app: the player's shell asked for wins on every one.
    await page.getByRole("tab", { name: "ผู้เล่น" }).click();
    await page.getByRole("tab", { name: "ฝากรอตรวจ" }).click();
    await page.goto("/admin?tab=players");
    await page.getByRole("tab", { name: "ผู้เล่น", selected: true }).waitFor();
    await framesPainted(page);

    expect(await page.getByTestId("credit").count()).toBe(0);
    expect(await page.getByTestId("refresh-credit").count()).toBe(0);
    expect(await page.getByText("0 ฿").count()).toBe(0);
    expect(await page.getByTestId("banner").count()).toBe(0);
    expect(await page.locator("nav.shell-nav").count()).toBe(0);
    expect(await page.getByRole("link", { name: "แทงหวย" }).count()).toBe(0);
    // The operator can still sign out.
    expect(await page.getByTestId("logout").count()).toBe(1);

    expect(asked.filter((p) => (PLAYER_ONLY_PATHS as readonly string[]).includes(p))).toEqual([]);
    expect(answered.filter((a) => a.status >= 400)).toEqual([]);
    await screenshot(page, "600-back-office-operator-shell");
    await context.close();
  });
});
