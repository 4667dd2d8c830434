import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatFigure } from "../src/domain/money";
import { formatTime } from "../src/domain/thai-date";
import { TEST_ADMIN } from "../tests/support/app";
import { createPlayer, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, creditOf, fund } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT, thaiDateReadable } from "./support/harness";
import { useSite } from "./support/site";

// What the operator does with restricted numbers (docs/decisions/050) on a small phone: paste 50 closed
// numbers, see the preview, save; the player sees them on the bet page and the เลขอั้น page; the operator
// reopens one and the player bets on it.

const site = useSite();
let admin: string;

beforeAll(async () => {
  admin = await adminToken(site);
});

const q = async (text: string, params: unknown[] = []) => (await site.db.$client.query(text, params)).rows;

/** "00" … "49", one line of ten at a time, as copied from a chat. */
const FIFTY = Array.from({ length: 50 }, (_, i) => String(i).padStart(2, "0"));
const PASTED = Array.from({ length: 5 }, (_, i) => FIFTY.slice(i * 10, i * 10 + 10).join(" ")).join("\n");

async function pick(page: Page, label: string, option: string, exact = true) {
  await page.getByRole("textbox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact }).click();
}

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE_VIEWPORT.width);
}

describe("restricted numbers as lists at 360 × 740", () => {
  it("the operator pastes 50 closed numbers; the player sees them, and bets on the one reopened", async () => {
    const roundId = await makeRound(site.db, "hanoi", 30 * 60_000);
    const { page } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
    await page.goto("/admin?tab=digit-prices");
    await page.locator('select[name="digit-date-month"]').waitFor();
    expect(await thaiDateReadable(page, "digit-date")).toEqual({ day: true, month: true, year: true });
    await pick(page, "หวย", "หวยฮานอย");
    const closeAt = (await q(`select close_at from rounds where id = $1`, [roundId]))[0].close_at as Date;
    // The test's round by its close time: the day's own round of the lottery may be open too.
    await pick(page, "งวด", `ปิดรับ ${formatTime(closeAt)}`, false);
    // The chosen round's text is whole in its field at 360 px (it was cut before its closing time), and the
    // round is named in full under it.
    const roundField = page.getByRole("textbox", { name: "งวด", exact: true });
    expect(await roundField.inputValue()).toContain(`ปิดรับ ${formatTime(closeAt)}`);
    expect(await roundField.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(page.getByTestId("digit-round-title").textContent()).resolves.toMatch(/^หวยฮานอย งวดวันที่ .+ รอบที่ 1$/);

    // A piece of the wrong width is shown before saving, and the list cannot be saved with it.
    const numbers = page.getByRole("textbox", { name: "รายการเลข" });
    await numbers.fill(`${PASTED}\n123, 07`);
    const preview = page.getByTestId("digit-preview");
    await page.locator('[data-testid="digit-preview"][data-invalid="1"][data-merged="1"][data-count="50"]').waitFor();
    await expect(page.getByTestId("digit-invalid").textContent()).resolves.toContain("123");
    await expect(page.getByTestId("digit-price-save").isDisabled()).resolves.toBe(true);
    await fitsWidth(page);
    await screenshot(page, "470-admin-closed-list-invalid");

    await numbers.fill(`${PASTED}\n07`);
    await page.locator('[data-testid="digit-preview"][data-invalid="0"][data-count="50"]').waitFor();
    await expect(preview.textContent()).resolves.toContain("จะปิดรับ 50 เลข");
    await screenshot(page, "471-admin-closed-list-preview");
    expect((await q(`select count(*)::int as n from digit_prices where round_id = $1`, [roundId]))[0].n).toBe(0);
    await page.getByTestId("digit-price-save").click();
    await page.getByTestId("digit-price-saved").filter({ hasText: "บันทึก 50 เลขแล้ว" }).waitFor();
    await page.getByText("เลขอั้นที่ใช้อยู่ (50)").waitFor();
    await expect(page.getByTestId("digit-price-row").count()).resolves.toBe(50);
    await fitsWidth(page);
    await screenshot(page, "472-admin-closed-list-saved");

    // The player: the bet page lists them, and links to the page of its own.
    const player = await createPlayer(site);
    await fund(site, admin, player.uuid, 1000);
    const { page: bet } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
    await bet.goto(`/homeAllLotto?lotto=hanoi&activity=${roundId}`);
    await bet.getByTestId("toggle-restricted").filter({ hasText: "เลขอั้น (50)" }).click();
    const onBetPage = bet.getByTestId("restricted-list");
    await onBetPage.getByText("สองตัวล่าง 07 ปิดรับ").waitFor();
    await expect(onBetPage.locator(".mantine-Badge-root").count()).resolves.toBe(50);
    await fitsWidth(bet);
    await screenshot(bet, "473-player-bet-page-closed-numbers");
    await bet.getByTestId("restricted-page-link").click();
    await bet.waitForURL((u) => u.pathname === "/closedNumbersPage");
    const group = bet.locator('[data-testid="closed-group"][data-bet-type="TwoDigit"]');
    await group.getByText("ปิดรับ 50 เลข").waitFor();
    expect((await group.getByTestId("closed-number").allTextContents()).sort()).toEqual(FIFTY);
    await fitsWidth(bet);
    await screenshot(bet, "474-player-closed-numbers-page");

    // The operator reopens 07.
    await page.locator('[data-testid="digit-price-row"][data-number="07"]').getByTestId("digit-reopen").click();
    await page.getByText("เลขอั้นที่ใช้อยู่ (49)").waitFor();
    await expect(page.locator('[data-testid="digit-price-row"][data-number="07"]').count()).resolves.toBe(0);
    await screenshot(page, "475-admin-number-reopened");

    // The player bets on 07 at the normal rate; 08 is still closed.
    await bet.goto(`/homeAllLotto?lotto=hanoi&activity=${roundId}`);
    await bet.getByTestId("toggle-restricted").filter({ hasText: "เลขอั้น (49)" }).waitFor();
    await bet.getByTestId("bet-type-TwoDigit").click();
    for (const d of "08") await bet.getByTestId(`numpad-${d}`).click();
    await bet.getByTestId("current-closed").waitFor();
    await bet.getByTestId("numpad-delete").click();
    await bet.getByTestId("numpad-delete").click();
    for (const d of "07") await bet.getByTestId(`numpad-${d}`).click();
    await bet.getByTestId("add-line").click();
    const line = bet.locator('[data-testid="bet-line"][data-bet-type="TwoDigit"][data-number="07"]');
    await expect(line.getAttribute("data-closed")).resolves.not.toBe("true");
    // The normal rate the round's config gives two digits below (what the slip line records below).
    const config = await post(site.app, "/api/get-lotto-config-ByActivityID", { activity_id: roundId }, player.token);
    const rates = Object.values(config.body.configLotto as Record<string, { betType: string; rate: number }>);
    const normalRate = rates.find((r) => r.betType === "TwoDigit")!.rate;
    expect(normalRate).toBe(90);
    await expect(line.getByTestId("line-rate").textContent()).resolves.toBe(`×${formatFigure(normalRate)}`);
    await bet.getByTestId("submit-slip").click();
    await bet.getByTestId("confirm-slip").click();
    const result = bet.getByTestId("slip-result");
    await result.waitFor();
    await screenshot(bet, "476-player-bet-on-reopened-number");
    const masterId = Number(await result.getAttribute("data-master-id"));
    expect(masterId).toBeGreaterThan(0);
    const lines = await q(`select number, rate_x100 from slip_lines where slip_id = $1`, [masterId]);
    expect(lines).toEqual([{ number: "07", rate_x100: 9000 }]);
    expect(await creditOf(site, player.token)).toBeLessThan(1000);
  });
});
