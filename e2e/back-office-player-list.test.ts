import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { baht, formatCredit } from "../src/domain/money";
import { TEST_ADMIN } from "../tests/support/app";
import { createPlayer, distinctHolder } from "../tests/support/players";
import { adminToken, fund } from "../tests/support/wallet";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useSite } from "./support/site";

/**
 * At 360 × 740: the back office's ผู้เล่น tab lists the players without a search, newest first; the operator
 * sorts them by credit; two players same_person() ties by their bank holder's name are flagged, each with a
 * link to the other.
 */

const site = useSite();
type Player = Awaited<ReturnType<typeof createPlayer>>;
const players: Player[] = [];
let twins: [Player, Player];
const credits = new Map<string, number>();

beforeAll(async () => {
  const admin = await adminToken(site);
  for (const amount of [500, 1500, 50, 0, 1500]) {
    const p = await createPlayer(site, { bankaccounts: distinctHolder() });
    if (amount > 0) await fund(site, admin, p.uuid, amount);
    credits.set(p.username, amount);
    players.push(p);
  }
  const shared = distinctHolder("สมปอง บัญชีคู่");
  // The same holder's name, written with other spacing: same_person() ignores spaces.
  twins = [await createPlayer(site, { bankaccounts: shared }), await createPlayer(site, { bankaccounts: shared.replace(" ", "  ") })];
  await fund(site, admin, twins[0].uuid, 700);
  credits.set(twins[0].username, 700);
  credits.set(twins[1].username, 0);
});

/** The usernames in the list as the page shows them, once the list in `sort` order has come. */
async function listed(page: Page, sort: string) {
  await page.locator(`[data-testid="player-list"][data-sort="${sort}"][data-loaded="true"]`).waitFor();
  await page.getByTestId("player-row").first().waitFor();
  return page.getByTestId("player-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-username")!));
}

/** The players in the database's order for `orderBy` (the list's own key, ending on the unique id). */
async function expectedOrder(orderBy: string) {
  const r = await site.owner.$client.query(
    `select u.username from users u left join accounts a on a.owner_id = u.id and a.kind = 'credit'
      where u.role = 'player' order by ${orderBy}`,
  );
  return r.rows.map((x: { username: string }) => x.username);
}

it("lists players newest first without a search, sorts them by credit, and flags accounts that look like one person", async () => {
  const { page, context } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await page.goto("/admin?tab=players");

  const newest = await listed(page, "newest");
  expect(newest).toEqual(await expectedOrder("u.created_at desc, u.id desc"));
  expect(newest[0]).toBe(twins[1].username);
  expect(newest).toHaveLength(players.length + 2);
  await screenshot(page, "620-admin-players-newest");

  await page.getByTestId("player-list").getByText("ยอดเงิน", { exact: true }).click();
  const byBalance = await listed(page, "balance");
  expect(byBalance).toEqual(await expectedOrder("coalesce(a.balance, 0) desc, u.id asc"));
  // What each row shows is the player's credit, in that order.
  const shown = await page.getByTestId("player-row-credit").allTextContents();
  expect(shown).toEqual(byBalance.map((u) => formatCredit(baht(credits.get(u)!))));
  expect(byBalance.slice(0, 2).sort()).toEqual(
    players
      .filter((p) => credits.get(p.username) === 1500)
      .map((p) => p.username)
      .sort(),
  );
  await expectNoSeriousA11yViolations(page, "the back office's player list");
  await screenshot(page, "621-admin-players-by-balance");

  // The two players sharing a holder's name are flagged, each linking to the other; no one else is.
  const rowOf = (p: Player) => page.locator(`[data-testid="player-row"][data-username="${p.username}"]`);
  for (const [me, other] of [twins, [twins[1], twins[0]]] as const) {
    const links = rowOf(me).getByTestId("duplicate-link");
    expect(await links.evaluateAll((ls) => ls.map((l) => l.getAttribute("data-uuid")))).toEqual([other.uuid]);
    expect(await links.textContent()).toContain(other.username);
    expect(await links.textContent()).toContain("ชื่อบัญชีเดียวกัน");
  }
  expect(await page.getByTestId("duplicate-flag").count()).toBe(2);
  await screenshot(page, "622-admin-players-duplicate-flag");

  await rowOf(twins[0]).getByTestId("duplicate-link").click();
  const view = page.getByTestId("player-view");
  await view.getByText(twins[1].username, { exact: true }).waitFor();
  await screenshot(page, "623-admin-player-opened-from-flag");
  await context.close();
});
