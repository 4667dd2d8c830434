import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baht, formatCredit, formatMoney } from "../src/domain/money";
import { betPagePath } from "../src/web/lib/paths";
import { placeSlip } from "../tests/support/betting";
import { createPlayer, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, creditOf, fund } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT, wholeText } from "./support/harness";
import { useSite } from "./support/site";

// A slip's state follows its round (spec §4, docs/decisions/036): the list agrees with the detail, the API
// and the ledger after an early close and a result; a slip sent without a connection says so and is
// applied once when sent again.

const site = useSite();
let admin: string;

beforeAll(async () => {
  admin = await adminToken(site);
});

/** The sum of the payouts the ledger credited to the player's credit account for a round. */
async function ledgerPayouts(uuid: string, roundId: number): Promise<number> {
  const r = await site.owner.$client.query(
    `select coalesce(sum(e.amount), 0)::bigint as total from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
     join accounts a on a.id = e.account_id where x.kind = 'payout' and x.reference like $1 and a.owner_id = $2 and a.kind = 'credit'`,
    [`round:${roundId}:%`, uuid],
  );
  return Number(r.rows[0].total) / 100;
}

describe("the slip list after an early close and a result", () => {
  it("shows ชนะ with the payout the API and the ledger give, without leaving the page; the count is the rows listed", async () => {
    const player = await createPlayer(site);
    await fund(site, admin, player.uuid, 1000);
    // Scheduled to close in an hour; the operator closes it early.
    const round = await makeRound(site.db, "hanoi", 60 * 60_000);
    const won = await placeSlip(site, player, round, [{ award_type: "ThreeDigit", number: "123", amount: 2 }]);
    const lost = await placeSlip(site, player, round, [{ award_type: "TwoDigit", number: "45", amount: 10 }]);
    const cancelled = await placeSlip(site, player, round, [{ award_type: "TwoDigit", number: "46", amount: 5 }]);
    for (const s of [won, lost, cancelled]) expect(s.statusCode, JSON.stringify(s.body)).toBe(200);
    const cancel = await post(
      site.app,
      "/api/cancel-allpostnumber-mockdata",
      { uuid: player.uuid, activityid: round, master_id: cancelled.body.master_id },
      player.token,
    );
    expect(cancel.statusCode, JSON.stringify(cancel.body)).toBe(200);

    const { page } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
    await page.goto("/reviewPostList?period=1");
    const rowOf = (id: unknown) => page.locator(`[data-testid="slip-row"][data-master-id="${String(id)}"]`);
    await rowOf(won.body.master_id).waitFor();
    await expect(rowOf(won.body.master_id).getAttribute("data-status")).resolves.toBe("accepting");
    const before = await creditOf(site, player.token);

    // The operator closes the round early and enters its result; the close was 3 minutes ago, past the grace.
    const closed = await post(site.app, "/api/admin/close-activity", { activityid: round }, admin);
    expect(closed.statusCode, JSON.stringify(closed.body)).toBe(200);
    const added = await post(site.app, "/api/admin/add-award", { activityid: round, threeTop: "123", twoBottom: "99" }, admin);
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
    await site.owner.$client.query(
      `update rounds set open_at = open_at - interval '3 minutes', close_at = close_at - interval '3 minutes',
         closed_at = closed_at - interval '3 minutes' where id = $1`,
      [round],
    );

    const after = await creditOf(site, player.token);
    const payout = after - before;
    expect(payout).toBe(2 * 900);
    expect(await ledgerPayouts(player.uuid, round)).toBe(payout);
    const detail = await post(site.app, "/api/get-ref-masterID", { ref_masterID: won.body.master_id }, player.token);
    const detailSlip = detail.body.postDigitMasterObj as { totalWin: number };
    expect(detailSlip.totalWin).toBe(payout);

    // The player sees the credit rise (the header's refresh) while on the list: the list follows.
    await page.getByTestId("refresh-credit").click();
    await page
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(after))) })
      .waitFor();
    await page.locator(`[data-testid="slip-row"][data-master-id="${String(won.body.master_id)}"][data-status="won"]`).waitFor();
    const row = rowOf(won.body.master_id);
    await expect(row.getByTestId("slip-status").textContent()).resolves.toBe("ชนะ");
    await expect(row.getByTestId("slip-win").textContent()).resolves.toContain(formatMoney(baht(payout)));
    await expect(rowOf(lost.body.master_id).getAttribute("data-status")).resolves.toBe("lost");
    await expect(rowOf(cancelled.body.master_id).getAttribute("data-status")).resolves.toBe("cancelled");
    await expect(page.getByTestId("total-won").textContent()).resolves.toBe(`${formatMoney(baht(payout))} ฿`);
    const rows = await page.getByTestId("slip-row").count();
    expect(rows).toBe(3);
    await expect(page.getByTestId("total-count").textContent()).resolves.toBe(String(rows));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "300-slip-list-after-early-close");

    // The detail says the same.
    await row.click();
    const opened = page.getByTestId("slip-detail");
    await opened.waitFor();
    await expect(opened.getAttribute("data-status")).resolves.toBe("won");
    await expect(opened.getByTestId("detail-win").textContent()).resolves.toContain(formatMoney(baht(payout)));
    await page.context().close();
  });
});

describe("sending a slip without a connection", () => {
  let context: BrowserContext;
  let page: Page;
  let player: Awaited<ReturnType<typeof createPlayer>>;

  async function typeNumber(digits: string) {
    for (const d of digits) await page.getByTestId(`numpad-${d}`).click();
  }

  async function slipsOf(roundId: number) {
    const r = await site.owner.$client.query("select id, total_paid from slips where user_id = $1 and round_id = $2 order by id", [
      player.uuid,
      roundId,
    ]);
    return r.rows.map((x: { id: string; total_paid: string }) => ({ id: Number(x.id), paid: Number(x.total_paid) / 100 }));
  }

  beforeAll(async () => {
    player = await createPlayer(site);
    await fund(site, admin, player.uuid, 1000);
    ({ context, page } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT));
  });
  afterAll(async () => {
    await context?.close();
  });

  it("says in Thai that the connection is down and keeps the lines; sent again online, the slip is placed once", async () => {
    const round = await makeRound(site.db, "laos", 10 * 60_000);
    await page.goto(betPagePath("laos", round));
    await page.getByTestId("quick-amount-10").click();
    await page.getByTestId("bet-type-TwoDigit").click();
    await typeNumber("12");
    await page.getByTestId("add-line").click();
    await typeNumber("34");
    await page.getByTestId("add-line").click();
    await expect(page.getByTestId("bet-line").count()).resolves.toBe(2);

    await context.setOffline(true);
    await page.getByTestId("submit-slip").click();
    const problem = page.getByText("ไม่มีการเชื่อมต่ออินเทอร์เน็ต โพยยังไม่ถูกส่ง รายการยังอยู่ครบ");
    await problem.waitFor();
    // Said where the player pressed, within the screen (not in a notice scrolled out of sight).
    const box = (await problem.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(SMALL_PHONE_VIEWPORT.height);
    await expect(page.getByTestId("bet-line").count()).resolves.toBe(2);
    await expect(page.getByTestId("submit-slip").isEnabled()).resolves.toBe(true);
    await screenshot(page, "301-slip-offline");
    expect(await slipsOf(round)).toEqual([]);

    await context.setOffline(false);
    await page.getByTestId("submit-slip").click();
    await page.getByTestId("confirm-slip").click();
    await page.getByTestId("slip-result").waitFor();
    const slips = await slipsOf(round);
    expect(slips).toEqual([{ id: Number(await page.getByTestId("slip-result").getAttribute("data-master-id")), paid: 20 }]);
    expect(await creditOf(site, player.token)).toBe(1000 - 20);
  });

  it("a slip whose answer was lost on the way is sent again with the same key: the server applies it once", async () => {
    await context.setOffline(false);
    const round = await makeRound(site.db, "laos", 10 * 60_000);
    const start = await creditOf(site, player.token);
    await page.goto(betPagePath("laos", round));
    await page.getByTestId("quick-amount-10").click();
    await page.getByTestId("bet-type-TwoDigit").click();
    await typeNumber("56");
    await page.getByTestId("add-line").click();

    // The request reaches the server, its answer never reaches the page.
    let sent = 0;
    await page.route("**/api/post-numberdigit-mockdata", async (route) => {
      sent += 1;
      await route.fetch();
      await route.abort("internetdisconnected");
    });
    await page.getByTestId("submit-slip").click();
    await page.getByTestId("confirm-slip").click();
    await page.getByTestId("confirm-error").waitFor();
    expect(sent).toBe(1);
    expect((await slipsOf(round)).length).toBe(1);
    await page.unroute("**/api/post-numberdigit-mockdata");

    // The player closes the dialog and sends the same lines again.
    await page.getByRole("button", { name: "แก้ไข" }).click();
    await page.getByTestId("confirm-dialog").waitFor({ state: "hidden" });
    await expect(page.getByTestId("bet-line").count()).resolves.toBe(1);
    await page.getByTestId("submit-slip").click();
    await page.getByTestId("confirm-slip").click();
    await page.getByTestId("slip-result").waitFor();
    const slips = await slipsOf(round);
    expect(slips.length).toBe(1);
    expect(Number(await page.getByTestId("slip-result").getAttribute("data-master-id"))).toBe(slips[0]!.id);
    expect(await creditOf(site, player.token)).toBe(start - 10);
  });
});
