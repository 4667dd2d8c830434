import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baht, formatMoney } from "../src/domain/money";
import { formatTime } from "../src/domain/thai-date";
import { TEST_ADMIN } from "../tests/support/app";
import { placeSlip } from "../tests/support/betting";
import { createPlayer, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, fund } from "../tests/support/wallet";
import { pickThaiDate, screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { useSite } from "./support/site";

const site = useSite();
let admin: string;

beforeAll(async () => {
  admin = await adminToken(site);
});

const q = async (text: string, params: unknown[] = []) => (await site.db.$client.query(text, params)).rows;

async function adminTab(tab: string) {
  const { page } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await page.goto(`/admin?tab=${tab}`);
  return page;
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole("textbox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The page is no wider than the phone: nothing to scroll sideways at 360 px. */
async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE_VIEWPORT.width);
}

describe("back office at 360 × 740", () => {
  it("the operator sets a payout rate and restricted numbers; the player sees them on the bet page", async () => {
    const roundId = await makeRound(site.db, "laos", 30 * 60_000);
    const page = await adminTab("rates");
    await pick(page, "หวย", "หวยลาว");
    const card = page.locator('[data-testid="rate-card"][data-bet-type="TwoDigit"]');
    await card.waitFor();
    // Bad input: the server's Thai message, nothing saved.
    await card.locator('input[name="rate-TwoDigit-maxStake"]').fill("0");
    await card.getByTestId("rate-save").click();
    await card.getByTestId("rate-error").waitFor();
    expect(await card.getByTestId("rate-error").textContent()).toMatch(/[\u0E00-\u0E7F]/);
    await fitsWidth(page);
    await screenshot(page, "140-admin-rate-refused");
    expect(
      (await q(`select max_stake from lotto_config where lottery_id = 'laos' and bet_type = 'TwoDigit' and user_type = 'member'`))[0]
        .max_stake,
    ).toBeGreaterThan(0);

    await card.locator('input[name="rate-TwoDigit-maxStake"]').fill("5000");
    await card.locator('input[name="rate-TwoDigit-rate"]').fill("95");
    await card.getByTestId("rate-save").click();
    await card.getByTestId("rate-saved").waitFor();
    await screenshot(page, "141-admin-rate-saved");
    expect(
      (await q(`select rate_x100 from lotto_config where lottery_id = 'laos' and bet_type = 'TwoDigit' and user_type = 'member'`))[0]
        .rate_x100,
    ).toBe(9500);

    await page.getByRole("tab", { name: "เลขอั้น" }).click();
    await pick(page, "หวย", "หวยลาว");
    await page.getByRole("textbox", { name: "งวด", exact: true }).click();
    // The test's round by its close time: on the days the lottery draws, the day's own round is open too, and
    // from half an hour before its close it is listed first.
    const closeAt = (await q(`select close_at from rounds where id = $1`, [roundId]))[0].close_at as Date;
    await page.getByRole("option", { name: `ปิดรับ ${formatTime(closeAt)}` }).click();
    // Bad input (docs/decisions/050): a piece of the wrong width is named in Thai before saving and cannot be
    // saved; a price not below the normal rate is refused by the server in Thai; nothing is written.
    const numbers = page.getByRole("textbox", { name: "รายการเลข" });
    await page.locator('[data-testid="digit-mode"]').getByText("ลดราคา", { exact: true }).click();
    await numbers.fill("2x");
    await page
      .getByTestId("digit-invalid")
      .filter({ hasText: /[\u0E00-\u0E7F].*2x/ })
      .waitFor();
    await expect(page.getByTestId("digit-price-save").isDisabled()).resolves.toBe(true);
    await numbers.fill("27");
    await page.locator('input[name="digit-price"]').fill("95");
    await page.getByTestId("digit-price-save").click();
    await page.getByTestId("digit-price-error").waitFor();
    expect(await page.getByTestId("digit-price-error").textContent()).toMatch(/[\u0E00-\u0E7F]/);
    expect((await q(`select count(*)::int as n from digit_prices where round_id = $1`, [roundId]))[0].n).toBe(0);
    await page.locator('input[name="digit-price"]').fill("45");
    await page.getByTestId("digit-price-save").click();
    // The row of 27 by its number, not by "27" anywhere in a row's text.
    await page.locator('[data-testid="digit-price-row"][data-number="27"]').waitFor();
    await page.locator('[data-testid="digit-mode"]').getByText("ปิดรับ", { exact: true }).click();
    await numbers.fill("99");
    await page.getByTestId("digit-price-save").click();
    // The row of 99 by its number: "ปิดรับ" is also inside every row's "เปิดรับ" button.
    await page.locator('[data-testid="digit-price-row"][data-number="99"]').getByText("ปิดรับ", { exact: true }).waitFor();
    await fitsWidth(page);
    await screenshot(page, "142-admin-restricted-numbers");

    const player = await createPlayer(site);
    const { page: bet } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
    await bet.goto(`/homeAllLotto?lotto=laos&activity=${roundId}`);
    await bet.getByTestId("bet-type-TwoDigit").filter({ hasText: "×95" }).waitFor();
    await bet.getByTestId("toggle-restricted").click();
    const restricted = bet.getByTestId("restricted-list");
    await restricted.getByText("สองตัวล่าง 27 จ่าย ×45").waitFor();
    await restricted.getByText("สองตัวล่าง 99 ปิดรับ").waitFor();
    await screenshot(bet, "143-player-sees-rate-and-restricted");
  });

  it("deposit and withdrawal limits: a bad pair refused in Thai, a good one saved", async () => {
    const page = await adminTab("wallet-limits");
    await page.locator('input[name="limit-depositMin"]').fill("90000");
    await page.locator('input[name="limit-depositMax"]').fill("50000");
    await page.getByTestId("limits-save").click();
    await page.getByTestId("limits-error").filter({ hasText: "ยอดฝากขั้นต่ำต้องไม่เกินยอดฝากสูงสุด" }).waitFor();
    await screenshot(page, "144-admin-limits-refused");
    await page.locator('input[name="limit-depositMin"]').fill("200");
    await page.getByTestId("limits-save").click();
    await page.getByTestId("limits-saved").waitFor();
    await fitsWidth(page);
    const read = await post(site.app, "/api/read-wallet-config", {}, admin);
    expect(read.body.config).toMatchObject({ depositMin: 200, depositMax: 50_000 });
  });

  it("closing early and a result ask a second confirmation naming the round; the preview's total is what is paid; a correction's notice reaches the player", async () => {
    const roundId = await makeRound(site.db, "hanoi", 30 * 60_000);
    const player = await createPlayer(site);
    await fund(site, admin, player.uuid, 1_000);
    const slip = await placeSlip(site, player, roundId, [
      { award_type: "TwoDigit", number: "42", amount: 10 },
      { award_type: "ThreeDigit", number: "157", amount: 1 },
      { award_type: "TwoDigit", number: "11", amount: 20 },
    ]);
    expect(slip.statusCode).toBe(200);
    const date = (await q("select to_char(draw_date, 'YYYY-MM-DD') as d from rounds where id = $1", [roundId]))[0].d as string;

    const page = await adminTab("results");
    await pickThaiDate(page, "result-date", date);
    await pick(page, "หวย", "หวยฮานอย");
    const row = page.locator(`[data-testid="admin-round"][data-activity-id="${roundId}"]`);
    await row.getByRole("button", { name: "จัดการ" }).click();
    await page.getByTestId("close-round").click();
    const second = page.getByTestId("second-confirm");
    expect(await second.getByTestId("second-confirm-round").textContent()).toMatch(/^หวยฮานอย งวดวันที่ .+ รอบที่ 1$/);
    await expectNoSeriousA11yViolations(page, "the operator's second confirmation");
    await screenshot(page, "145-admin-close-second-confirm");
    await second.getByTestId("second-confirm-yes").click();
    await row.filter({ hasText: "ปิดรับแล้ว" }).waitFor();

    await row.getByRole("button", { name: "จัดการ" }).click();
    await page.locator('input[name="result-threeTop"]').fill("157");
    await page.locator('input[name="result-twoBottom"]').fill("42");
    await page.getByTestId("preview-award").click();
    const preview = page.getByTestId("payout-preview");
    await preview.waitFor();
    const total = 10 * 90 + 1 * 900;
    expect(await preview.getByTestId("payout-total").textContent()).toBe(`${formatMoney(baht(total))} ฿`);
    expect(await preview.getByTestId("payout-lines").textContent()).toBe("2 รายการ");
    expect(await preview.getByTestId("house-result").textContent()).toBe(`${formatMoney(baht(31 - total))} ฿`);
    await fitsWidth(page);
    await screenshot(page, "146-admin-result-payout-preview");
    expect((await q("select status from rounds where id = $1", [roundId]))[0].status).toBe("closed");
    await page.getByTestId("confirm-award").click();
    expect(await page.getByTestId("second-confirm-round").textContent()).toContain("หวยฮานอย งวดวันที่");
    // The last step repeats what the result will pay, the preview's figure.
    expect(await page.getByTestId("second-confirm-total").textContent()).toBe(`จ่ายรางวัลรวม ${formatMoney(baht(total))} ฿ (2 รายการ)`);
    // It opens at the foot of the dialog's scrolling content, and brings itself into view: ยืนยัน is on screen,
    // inside what the dialog shows, without the operator scrolling.
    await expect
      .poll(() =>
        page.getByTestId("second-confirm-yes").evaluate((button) => {
          const box = button.getBoundingClientRect();
          const body = button.closest(".mantine-Modal-content")?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
          return box.top >= Math.max(0, body.top) && box.bottom <= Math.min(window.innerHeight, body.bottom);
        }),
      )
      .toBe(true);
    await screenshot(page, "147-admin-result-second-confirm");
    await page.getByTestId("second-confirm-yes").click();
    await row.filter({ hasText: "ออกผลแล้ว" }).waitFor();
    const paid = await q(`select coalesce(sum(payout), 0)::bigint as total from slip_lines where round_id = $1 and result = 'win'`, [
      roundId,
    ]);
    expect(Number(paid[0].total) / 100).toBe(total);

    // The correction: the bottom two were 24, not 42; the player's 900 ฿ on 42 is taken back.
    await row.getByRole("button", { name: "จัดการ" }).click();
    await page.locator('input[name="result-threeTop"]').fill("157");
    await page.locator('input[name="result-twoBottom"]').fill("24");
    await page.locator('input[name="correction-reason"]').fill("ลงเลขท้ายสลับกัน");
    await page.getByTestId("preview-award").click();
    const change = page.getByTestId("correction-player").filter({ hasText: player.username });
    await change.waitFor();
    expect(await change.textContent()).toContain(formatMoney(baht(-900)));
    await screenshot(page, "148-admin-correction-preview");
    await page.getByTestId("confirm-award").click();
    await page.getByTestId("second-confirm-yes").click();
    await row.filter({ hasText: "ออกผลแล้ว" }).waitFor();
    await expect
      .poll(async () => (await q(`select count(*)::int as n from player_notices where user_id = $1`, [player.uuid]))[0].n)
      .toBe(1);

    const { page: mine } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
    // By its count, not by "1" in its text (which 10, 11 or 21 also hold).
    await mine.locator('[data-testid="unread-notices"][data-count="1"]').first().waitFor();
    await screenshot(mine, "149-player-unread-notice");
    await mine.getByTestId("user-menu").click();
    await mine.getByTestId("menu-notices").click();
    const notice = mine.getByTestId("notice");
    await notice.waitFor();
    const text = await notice.textContent();
    expect(text).toContain("หวยฮานอย");
    expect(text).toContain("2 ตัวล่าง 42");
    expect(text).toContain("2 ตัวล่าง 24");
    expect(await notice.getByTestId("notice-amount").textContent()).toBe(`หักเงินรางวัลคืน ${formatMoney(baht(900))} ฿`);
    await fitsWidth(mine);
    await screenshot(mine, "150-player-correction-notice");
    // Read: the count leaves the header.
    await expect
      .poll(
        async () => (await q(`select count(*)::int as n from player_notices where user_id = $1 and read_at is null`, [player.uuid]))[0].n,
      )
      .toBe(0);
    await mine.getByTestId("unread-notices").waitFor({ state: "detached" });
  });
});
