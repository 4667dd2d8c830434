import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { baht, bahtToSatang, formatCredit, formatMoney } from "../src/domain/money";
import { createPlayer, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, creditOf, fund, reportDeposit, saveReceivingBank } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT, wholeText } from "./support/harness";
import { useSite } from "./support/site";

// Privilege points (docs/decisions/015) in the browser: a player deposits (points pending), bets in the browser until the deposit is
// staked (points usable), the round settles (bet points), redeems a slot, and the header credit rises.

const site = useSite();
let admin: string;
let player: Awaited<ReturnType<typeof createPlayer>>;
let page: Page;

beforeAll(async () => {
  admin = await adminToken(site);
  await saveReceivingBank(site, admin);
  player = await createPlayer(site);
  page = (await signedInPage(site, player, SMALL_PHONE_VIEWPORT)).page;
});

async function typeNumber(digits: string) {
  for (const d of digits) await page.getByTestId(`numpad-${d}`).click();
}

it("deposit points wait for the stake, bets earn more, a slot is redeemed and the header credit rises", async () => {
  // A 10,000 ฿ deposit: 100 points, pending until 10,000 ฿ are staked.
  const deposit = await reportDeposit(site, player, 10_000);
  expect((await post(site.app, "/api/admin/approve-paynow", { id: deposit.id, status: "Approve" }, admin)).statusCode).toBe(200);
  await page.goto("/");
  await page.getByTestId("privilege-link").click();
  await page
    .getByTestId("points-pending")
    .filter({ hasText: wholeText("100.00") })
    .waitFor();
  await expect(page.getByTestId("points-usable").textContent()).resolves.toBe("0.00");
  await expect(page.getByTestId("member-level").getAttribute("data-level")).resolves.toBe("Bronze");
  await screenshot(page, "70-privilege-pending");

  // The stake in the browser: 10,001 ฿ covers the deposit and its satang fraction (10 ฿ more credit from
  // the operator, which earns no points).
  await fund(site, admin, player.uuid, 10);
  const round = await makeRound(site.db, "laos", 10 * 60_000);
  await page.goto(`/homeAllLotto?lotto=laos&activity=${round}`);
  for (const [number, stake] of [
    ["12", 5000],
    ["34", 5000],
    ["56", 1],
  ] as const) {
    await page.getByTestId("bet-type-TwoDigit").click();
    await page.locator('input[name="default-stake"]').fill(String(stake));
    await typeNumber(number);
    await page.getByTestId("add-line").click();
    await page.locator(`[data-testid="bet-line"][data-number="${number}"]`).waitFor();
  }
  await page.getByTestId("submit-slip").click();
  await page.getByTestId("confirm-slip").click();
  await page.getByTestId("slip-result").waitFor();

  // Stake counts once settled: the deposit's points still wait.
  await page.goto("/privilegePage");
  await page
    .getByTestId("points-pending")
    .filter({ hasText: wholeText("100.00") })
    .waitFor();
  await expect(page.getByTestId("points-usable").textContent()).resolves.toBe("0.00");

  // The round settles (no winner): the deposit's 100 points vest, and 10,001 ฿ of stake earns 100.01
  // points at ×1.0.
  await site.owner.$client.query(
    `update rounds set close_at = now() - interval '1 second', open_at = now() - interval '2 hours' where id = $1`,
    [round],
  );
  expect((await post(site.app, "/api/admin/add-award", { activityid: round, threeTop: "999", twoBottom: "99" }, admin)).statusCode).toBe(
    200,
  );
  await page.reload();
  await page
    .getByTestId("points-usable")
    .filter({ hasText: wholeText("200.01") })
    .waitFor();
  await page.getByTestId("tab-points-log").click();
  await page.getByTestId("points-log-row").nth(2).waitFor();
  const kinds = await page.getByTestId("points-log-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind")));
  expect(kinds).toEqual(["vest", "bet", "deposit"]);

  // Slot 1: 100 points for 10 ฿.
  const credit = await creditOf(site, player.token);
  await page.getByTestId("tab-redeem").click();
  const slot = page.locator('[data-testid="redeem-slot"][data-slot-id="1"]');
  await slot.getByTestId("redeem-button").click();
  await page.getByTestId("redeem-message").waitFor();
  await page
    .getByTestId("points-usable")
    .filter({ hasText: wholeText("100.01") })
    .waitFor();
  // The deposit carried a satang fraction: compare in satang.
  const after = (bahtToSatang(credit) + 1000) / 100;
  await page
    .getByTestId("credit")
    .filter({ hasText: wholeText(formatCredit(baht(after))) })
    .waitFor();
  expect(bahtToSatang(await creditOf(site, player.token))).toBe(bahtToSatang(credit) + 1000);
  await expect(page.getByTestId("redeem-message").textContent()).resolves.toContain(formatMoney(baht(10)));
  await screenshot(page, "71-privilege-redeemed");
  const check = await post(site.app, "/api/admin/ledger-check", {}, admin);
  expect(check.body.ok).toBe(true);
});
