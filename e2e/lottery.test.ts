import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { bangkokDateKey, toBuddhistYear } from "../src/domain/thai-date";
import { planAll } from "../src/server/lottery/planning";
import { createPlayer, post } from "../tests/support/players";
import { adminToken } from "../tests/support/wallet";
import { animationsDone, screenshot, SCREENSHOTS, signedInPage } from "./support/harness";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { useSite } from "./support/site";

const site = useSite();
let page: Page;
let admin: string;

interface AdminRound {
  activityid: number;
  configID: string;
  name: string;
  draw_date: string;
  status: string;
  resultKind: string;
}

let entered: AdminRound;
/** The pages log every failed call (spec §8); none is expected here. */
const consoleErrors: string[] = [];

beforeAll(async () => {
  // The test app runs no ticker: plan the rounds it would have created (idempotent).
  await planAll(site.db);
  admin = await adminToken(site);
  const player = await createPlayer(site);
  page = (await signedInPage(site, player)).page;
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
});

/** A round of a "simple" lottery (3 top, 2 bottom) that is open or closed, today or tomorrow. */
async function simpleRound(): Promise<AdminRound> {
  const now = Date.now();
  for (const date of [bangkokDateKey(now), bangkokDateKey(now + 86_400_000)]) {
    const res = await post(site.app, "/api/admin/rounds", { date }, admin);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const rounds = res.body.activitylist as AdminRound[];
    const pick =
      rounds.find((r) => r.resultKind === "simple" && r.status === "closed") ??
      rounds.find((r) => r.resultKind === "simple" && r.status === "open");
    if (pick) return pick;
  }
  throw new Error("no open or closed round of a simple lottery today or tomorrow");
}

describe("lotteries on the home and results pages", () => {
  it("the home page lists the lottery groups with icons and a running countdown", async () => {
    await page.goto("/");
    // The page draws its groups and cards part by part, a task each (components/in-turn.tsx): polled until they are all there.
    await expect
      .poll(() => page.getByTestId("lotto-group").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label"))))
      .toEqual(expect.arrayContaining(["ยี่กี", "หวยรัฐบาลไทย", "หวยต่างประเทศ", "หวยหุ้น"]));
    await expect.poll(() => page.getByTestId("lotto-card").count()).toBeGreaterThan(20);

    // Icons chosen by Thai name are shown and load; yeekee has none.
    const gov = page.locator('[data-testid="lotto-card"][data-config-id="thai-gov"]');
    await expect(gov.getByTestId("lotto-icon").getAttribute("src")).resolves.toBe("/images/lotto/government.webp");
    // Each icon loads as it nears the screen (loading="lazy"): brought into view one by one, each is drawn.
    const icons = page.getByTestId("lotto-icon");
    expect(await icons.count()).toBeGreaterThan(20);
    for (const icon of await icons.all()) {
      await icon.scrollIntoViewIfNeeded();
      await icon.evaluate((i: HTMLImageElement) =>
        i.complete ? undefined : new Promise((r) => i.addEventListener("load", r, { once: true })),
      );
      expect(await icon.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.locator('[data-testid="lotto-card"][data-config-id="yeekee"] [data-testid="lotto-icon"]').count()).toBe(0);

    // The yeekee round counts down to its close, second by second.
    const countdown = page.locator('[data-testid="lotto-card"][data-config-id="yeekee"] [data-testid="countdown"]');
    // Polled rather than read once after a fixed wait: on a loaded machine the page's one-second timer can
    // fire late, and a fixed 1.5 s wait then read the same second twice.
    const first = await countdown.textContent();
    expect(first).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    await expect.poll(() => countdown.textContent(), { timeout: 10_000 }).not.toBe(first);
    expect(await countdown.textContent()).toMatch(/^\d{2}:\d{2}:\d{2}$/);

    // The list is cached for the next visit (spec §4).
    const cached = await page.evaluate(() => JSON.parse(localStorage.getItem("readLosttoList") ?? "[]") as { configID: string }[]);
    expect(cached.map((c) => c.configID)).toContain("yeekee");
    await screenshot(page, "30-home-lotteries");
  });

  it("a result entered by the admin shows on the results page for its date", async () => {
    entered = await simpleRound();
    if (entered.status === "open") {
      const closed = await post(site.app, "/api/admin/close-activity", { activityid: entered.activityid }, admin);
      expect(closed.statusCode, JSON.stringify(closed.body)).toBe(200);
    }
    const added = await post(site.app, "/api/admin/add-award", { activityid: entered.activityid, threeTop: "123", twoBottom: "45" }, admin);
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);

    await page.getByTestId("results-link").click();
    await page.waitForURL((u) => u.pathname === "/resultsPage");
    // The page first renders today's date; a date typed while it is still settling can be replaced.
    await page.getByTestId("results-date").waitFor();
    const dateInput = page.locator('input[name="result-date"]');
    await expect
      .poll(async () => {
        if ((await dateInput.inputValue()) !== entered.draw_date) await dateInput.fill(entered.draw_date);
        return dateInput.inputValue();
      })
      .toBe(entered.draw_date);
    const year = toBuddhistYear(Number(entered.draw_date.slice(0, 4)));
    await page
      .getByTestId("results-date")
      .filter({ hasText: String(year) })
      .waitFor();

    const row = page.locator(`[data-testid="result-row"][data-activity-id="${entered.activityid}"]`);
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(entered.name);
    await expect(row.locator('[data-award-type="ThreeDigit"]').textContent()).resolves.toContain("123");
    await expect(row.locator('[data-award-type="TwoDigit"]').textContent()).resolves.toContain("45");
    await expect(row.getByTestId("round-status").getAttribute("data-phase")).resolves.toBe("awarded");
    expect(await row.textContent()).toContain(String(year));
    await screenshot(page, "31-results");
  });

  it("the home card shows the latest result; its detail comes from /api/award once, then from the cache", async () => {
    let awardCalls = 0;
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/award") awardCalls += 1;
    });
    await page.goto("/");
    const card = page.locator(`[data-testid="lotto-card"][data-config-id="${entered.configID}"]`);
    const latest = card.locator(`[data-testid="latest-result"][data-activity-id="${entered.activityid}"]`);
    await latest.waitFor();
    await expect(latest.textContent()).resolves.toMatch(/123.*45/);

    for (let i = 0; i < 2; i++) {
      await page.reload();
      await latest.click();
      const detail = page.getByTestId("round-award");
      await detail.locator('[data-award-type="ThreeDigit"]').filter({ hasText: "123" }).waitFor();
      // A viewport shot: the full-page one would stretch the fixed modal over the whole list.
      if (i === 1) await animationsDone(detail); // the modal's fade-in
      if (i === 1) await expectNoSeriousA11yViolations(page, "a round's result dialog");
      if (i === 1) await page.screenshot({ path: join(SCREENSHOTS, "32-home-round-award.png") });
      await page.keyboard.press("Escape");
      await detail.waitFor({ state: "detached" });
    }
    expect(awardCalls).toBe(1);
    const key = `award_${entered.activityid}`;
    const lines = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "[]") as { number: string }[], key);
    expect(lines.map((l) => l.number)).toContain("123");
  });

  it("a malformed cached lotto list counts as a miss and is replaced by the server's", async () => {
    await page.evaluate(() => localStorage.setItem("readLosttoList", '{"not":"a list"}'));
    await page.reload();
    await page.getByTestId("lotto-card").first().waitFor();
    await page.waitForFunction(() => Array.isArray(JSON.parse(localStorage.getItem("readLosttoList") ?? "null")));
    expect(consoleErrors).toEqual([]);
  });
});
