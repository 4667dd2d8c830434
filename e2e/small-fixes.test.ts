import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { wallet } from "../src/contract";
import { baht, formatMoneyExact } from "../src/domain/money";
import { formatThaiShortDate, formatTime } from "../src/domain/thai-date";
import { betPagePath } from "../src/web/lib/paths";
import { call } from "../tests/support/call";
import { createPlayer, distinctHolder, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, fund } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useSite } from "./support/site";

/**
 * Small things a walkthrough at 360 × 740 found, one site for all: separators in the deposit amount, one
 * "ส่งโพยสำเร็จ", slip numbers without a gap after a refused send, front and back three on the pay-rate
 * page, a stock lottery's next opening when it has no round, a full "เล่นอย่างรับผิดชอบ" label on the home page,
 * and Thai drawn (not boxes) in the games' code text.
 */
const site = useSite();
let admin: string;

beforeAll(async () => {
  admin = await adminToken(site);
});

describe("at 360 × 740", () => {
  it("the deposit amount to transfer is printed with thousands separators", async () => {
    await post(
      site.app,
      "/api/admin/save-mybank",
      { bankname: "kbank", bankno: "0011223344", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
      admin,
    );
    const player = await createPlayer(site);
    const { page, context } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
    await page.goto("/mainCredit");
    await page.locator('input[name="deposit-amount"]').fill("1000");
    await page.getByRole("button", { name: "ขอยอดโอน" }).click();
    const shown = page.getByTestId("deposit-exact-amount");
    await shown.waitFor();
    const open = await call(site.app, wallet.readOpenDepositRequest, {}, player.token);
    if (!open.ok || !open.body.request) throw new Error("no open deposit request on the server");
    const amount = baht(open.body.request.amount);
    expect(amount).toBeGreaterThanOrEqual(1000);
    expect(await shown.textContent()).toBe(`${formatMoneyExact(amount)} ฿`);
    expect(await shown.textContent()).toMatch(/^\d{1,3}(,\d{3})+\.\d{2} ฿$/);
    await screenshot(page, "490-deposit-amount-separators");
    await context.close();
  });

  describe("sending slips on the bet page", () => {
    let page: Page;
    let player: Awaited<ReturnType<typeof createPlayer>>;
    let roundId: number;

    beforeAll(async () => {
      player = await createPlayer(site);
      await fund(site, admin, player.uuid, 100);
      roundId = await makeRound(site.db, "hanoi", 10 * 60_000);
      ({ page } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT));
    });

    async function sendLine(number: string, stake: string) {
      await page.getByTestId("bet-type-TwoDigit").click();
      for (const d of number) await page.getByTestId(`numpad-${d}`).click();
      await page.getByTestId("add-line").click();
      const line = page.locator(`[data-testid="bet-line"][data-number="${number}"]`);
      await line.getByTestId("line-stake").fill(stake);
      await page.getByTestId("submit-slip").click();
      await page.getByTestId("confirm-dialog").waitFor();
      await page.getByTestId("confirm-slip").click();
    }

    let firstSlip = 0;
    it('says "ส่งโพยสำเร็จ" once after a slip is sent', async () => {
      await page.goto(betPagePath("hanoi", roundId));
      await sendLine("12", "10");
      const result = page.getByTestId("slip-result");
      await result.waitFor();
      firstSlip = Number(await result.getAttribute("data-master-id"));
      expect(firstSlip).toBeGreaterThan(0);
      expect(await page.getByText("ส่งโพยสำเร็จ").count()).toBe(1);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, "491-slip-sent-once");
    });

    it("a slip refused for too little credit takes no slip number: the next one sent follows on", async () => {
      await sendLine("34", "500");
      await page.getByTestId("confirm-error").waitFor();
      await screenshot(page, "492-slip-refused");
      await fund(site, admin, player.uuid, 1000);
      await page.keyboard.press("Escape");
      await page.getByTestId("confirm-dialog").waitFor({ state: "detached" });
      await page.getByTestId("submit-slip").click();
      await page.getByTestId("confirm-dialog").waitFor();
      await page.getByTestId("confirm-slip").click();
      const result = page.locator(`[data-testid="slip-result"]:not([data-master-id="${firstSlip}"])`);
      await result.waitFor();
      expect(Number(await result.getAttribute("data-master-id"))).toBe(firstSlip + 1);
      await expect(result.textContent()).resolves.toContain(`เลขที่โพย #${firstSlip + 1}`);
      await screenshot(page, "493-slip-number-follows");
    });
  });

  it("the pay-rate page lists สามตัวหน้า and สามตัวหลัง for the Thai state lottery", async () => {
    const player = await createPlayer(site);
    const { page, context } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
    await page.goto("/payRatePage?lotto=thai-gov");
    const table = page.getByTestId("rates-table");
    await table.locator('[data-bet-type="ThreeDigit"]').waitFor();
    await table.locator('[data-bet-type="LotteryThreeDigit_front"]').filter({ hasText: "สามตัวหน้า" }).waitFor();
    await table.locator('[data-bet-type="LotteryThreeDigit_rear"]').filter({ hasText: "สามตัวหลัง" }).waitFor();
    await screenshot(page, "494-pay-rates-front-back-three");
    await context.close();
  });

  it("a stock lottery with no round (Friday's close to Monday's round) shows when its next round opens", async () => {
    // As from Friday's close until the Monday round is planned: the lottery has no round to show.
    await site.owner.$client.query("delete from rounds where lottery_id = 'nikkei-morning' and close_at > now()");
    const player = await createPlayer(site);
    const listed = await post(site.app, "/api/lottolist", {}, player.token);
    const item = (listed.body.lottoList as Array<{ configID: string; nextRound: unknown; nextOpenAt: string | null }>).find(
      (i) => i.configID === "nikkei-morning",
    )!;
    expect(item.nextRound).toBeNull();
    expect(Date.parse(item.nextOpenAt!)).toBeGreaterThan(Date.now());
    const { page, context } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
    const card = page.locator('[data-testid="lotto-card"][data-config-id="nikkei-morning"]');
    const next = card.getByTestId("next-open");
    await next.waitFor();
    expect(await next.getAttribute("data-at")).toBe(item.nextOpenAt);
    expect(await next.textContent()).toContain(`${formatThaiShortDate(item.nextOpenAt!)} ${formatTime(item.nextOpenAt!).slice(0, 5)} น.`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "495-stock-lottery-next-opening");
    // The bet page's list of lotteries says the same.
    await page.goto("/homeAllLotto");
    const choice = page.locator('[data-testid="lottery-choice"][data-config-id="nikkei-morning"]').getByTestId("lottery-next-open");
    await choice.waitFor();
    expect(await choice.getAttribute("data-at")).toBe(item.nextOpenAt);
    expect(await choice.textContent()).toBe(`เปิด ${formatThaiShortDate(item.nextOpenAt!)} ${formatTime(item.nextOpenAt!).slice(0, 5)} น.`);
    await choice.scrollIntoViewIfNeeded();
    await screenshot(page, "498-bet-page-next-opening");
    await context.close();
  });

  it('the home page shows "เล่นอย่างรับผิดชอบ" whole at 360 px', async () => {
    const player = await createPlayer(site);
    const { page, context } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
    const link = page.getByTestId("responsible-link");
    await link.waitFor();
    // Every span of the button (its inner and its label) holds its text without cutting it.
    const cut = await link.evaluate((el) =>
      [el, ...el.querySelectorAll("span")]
        .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
        .map((e) => `${e.className}: ${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight}`),
    );
    expect(cut).toEqual([]);
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await screenshot(page, "496-home-responsible-label");
    await context.close();
  });

  it("หัว in a finished huakoi game's revealed text is drawn with a font that has Thai glyphs", async () => {
    const creator = await createPlayer(site, { bankaccounts: distinctHolder("ผู้สร้าง เกม") });
    const challenger = await createPlayer(site, { bankaccounts: distinctHolder("ผู้ท้า เกม") });
    await fund(site, admin, creator.uuid, 100);
    await fund(site, admin, challenger.uuid, 100);
    const made = await post(
      site.app,
      "/api/add-huakoi-hilow",
      { uuid: creator.uuid, price: 10, gametype: "huakoi", bet: "หัว" },
      creator.token,
    );
    expect(made.statusCode, JSON.stringify(made.body)).toBe(200);
    const id = (made.body.game as { id: number }).id;
    const guessed = await post(
      site.app,
      "/api/guess-huakoi-hilow",
      { id, guess: "ก้อย", uuid: challenger.uuid, gametype: "huakoi" },
      challenger.token,
    );
    expect(guessed.statusCode, JSON.stringify(guessed.body)).toBe(200);

    const { page, context } = await signedInPage(site, creator, SMALL_PHONE_VIEWPORT);
    await page.goto("/gamePage?type=huakoi");
    await page.getByTestId("tab-mine").click();
    const text = page.getByTestId("verify-text").filter({ hasText: "choice:หัว" }).first();
    await text.waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // The fonts Chromium actually drew the element's text with: Thai needs a face with Thai glyphs (Kanit);
    // a face that lacks them draws boxes (this machine has no system Thai font to fall back on).
    const cdp = await context.newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: '[data-testid="verify-text"]' });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    expect(fonts.map((f) => f.familyName)).toContain("Kanit");
    await text.scrollIntoViewIfNeeded();
    await screenshot(page, "497-huakoi-thai-glyphs");
    await context.close();
  });
});
