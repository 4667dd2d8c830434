import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { baht, formatCredit } from "../src/domain/money";
import { STATEMENT_COLUMNS } from "../src/domain/rg";
import { bangkokDateKey } from "../src/domain/thai-date";
import { TEST_ADMIN } from "../tests/support/app";
import { createPlayer, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, creditOf, fund, reportDeposit, saveReceivingBank } from "../tests/support/wallet";
import {
  animationsDone,
  closeWelcomeBanner,
  screenshot,
  signedInPage,
  signInThroughPage,
  SMALL_PHONE_VIEWPORT,
  wholeText,
} from "./support/harness";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { useSite } from "./support/site";

// Responsible play (docs/decisions/017) in the browser, on the narrowest common phone: a player sets a daily stake limit and a bet
// beyond it is refused with the room left; the reality check comes when its time passes and holds bets
// until answered; the statement downloads as CSV; the operator sees and lowers the limit; a time-out
// signs the player out and the account shows the break when signed in again.

const site = useSite();
let admin: string;
let player: Awaited<ReturnType<typeof createPlayer>>;
let page: Page;
let round: number;

beforeAll(async () => {
  admin = await adminToken(site);
  await saveReceivingBank(site, admin);
  player = await createPlayer(site);
  // A deposit for the statement, and credit to bet with.
  const deposit = await reportDeposit(site, player, 500);
  expect((await post(site.app, "/api/admin/approve-paynow", { id: deposit.id, status: "Approve" }, admin)).statusCode).toBe(200);
  await fund(site, admin, player.uuid, 500);
  round = await makeRound(site.db, "laos", 30 * 60_000);
  page = (await signedInPage(site, player, SMALL_PHONE_VIEWPORT)).page;
});

/** Moves the player's next reality check, as if its interval had run (the server's clock decides when it is due). */
async function realityDueIn(seconds: number) {
  await site.owner.$client.query(`update rg_state set reality_due_at = now() + make_interval(secs => $2) where user_id = $1`, [
    player.uuid,
    seconds,
  ]);
}

/** One two-digit line on the round's bet form, sent through the confirmation dialog. */
async function betTwoDigit(number: string, stake: number) {
  await page.getByTestId("bet-type-TwoDigit").click();
  await page.locator('input[name="default-stake"]').fill(String(stake));
  for (const d of number) await page.getByTestId(`numpad-${d}`).click();
  await page.getByTestId("add-line").click();
  await page.locator(`[data-testid="bet-line"][data-number="${number}"]`).waitFor();
  await page.getByTestId("submit-slip").click();
  await page.getByTestId("confirm-dialog").waitFor();
  await page.getByTestId("confirm-slip").click();
}

it("a daily stake limit refuses the bet beyond it, the reality check holds bets until answered, and the statement downloads as CSV", async () => {
  // The page from the home page; no limit yet.
  await page.goto("/");
  await page.getByTestId("responsible-link").click();
  await page.waitForURL(/\/responsiblePage$/);
  const stakeDay = page.locator('[data-testid="limit-row"][data-kind="stake"][data-period="day"]');
  await expect(stakeDay.getByTestId("limit-amount").textContent()).resolves.toBe("ไม่จำกัด");
  await expect(page.getByTestId("reality-minutes").locator("input:checked").inputValue()).resolves.toBe("60");
  await screenshot(page, "87-responsible-page");

  // A daily stake limit of 50 ฿: a new limit applies at once, and the server says so.
  await stakeDay.click();
  await page.locator('input[name="limit-amount"]').fill("50");
  await page.getByTestId("limit-save").click();
  await expect(page.getByTestId("limit-message").textContent()).resolves.toContain("มีผลทันที");
  await stakeDay
    .getByTestId("limit-amount")
    .filter({ hasText: wholeText("50 ฿") })
    .waitFor();
  await expect(stakeDay.getByTestId("limit-left").textContent()).resolves.toBe("50 ฿");
  // A raise waits 24 hours: the limit in force stays 50 and the raise shows as waiting.
  await page.locator('input[name="limit-amount"]').fill("80");
  await page.getByTestId("limit-save").click();
  // The first save's message stays until this save's answer replaces it: the new one is waited for.
  await page.getByTestId("limit-message").filter({ hasText: "ยืนยันได้ตั้งแต่" }).waitFor();
  const pending = page.locator('[data-testid="limit-pending"][data-kind="stake"][data-period="day"]');
  await expect(pending.getAttribute("data-state")).resolves.toBe("cooling");
  await expect(pending.textContent()).resolves.toContain("80 ฿");
  await expect(stakeDay.getByTestId("limit-amount").textContent()).resolves.toBe("50 ฿");
  await screenshot(page, "88-responsible-limit-set");

  // 30 ฿ goes through; another 30 ฿ is refused with the 20 ฿ left, in Thai, and nothing is debited.
  await page.goto(`/homeAllLotto?lotto=laos&activity=${round}`);
  await betTwoDigit("12", 30);
  await page.getByTestId("slip-result").waitFor();
  const afterFirst = await creditOf(site, player.token);
  await page
    .getByTestId("credit")
    .filter({ hasText: wholeText(formatCredit(baht(afterFirst))) })
    .waitFor();
  await betTwoDigit("34", 30);
  const refusal = page.getByTestId("confirm-error");
  await refusal.waitFor();
  expect(await refusal.textContent()).toMatch(/^เกินวงเงินยอดแทงต่อวัน.*แทงได้อีก 20 บาท$/);
  expect(await creditOf(site, player.token)).toBe(afterFirst);
  await screenshot(page, "89-bet-over-limit");
  await page.getByRole("button", { name: "แก้ไข", exact: true }).click();
  await page.getByTestId("clear-lines").click();

  // The reality check: its time comes a few seconds after the page has read it, and the page's own timer
  // opens the dialog, which cannot be closed, with the time since sign-in, the stakes and the net result.
  await realityDueIn(4);
  await page.reload();
  await page.getByTestId("bet-type-TwoDigit").waitFor();
  const dialog = page.getByTestId("reality-check");
  await dialog.waitFor({ timeout: 15_000 });
  expect(await page.getByTestId("reality-stakes").textContent()).toBe("30 ฿");
  expect(await page.getByTestId("reality-net").textContent()).toBe("-30 ฿");
  expect(await page.getByTestId("reality-elapsed").textContent()).toMatch(/นาที/);
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  expect(await dialog.isVisible()).toBe(true);
  // Betting waits for the answer (here through the API with the player's other session).
  const held = await post(
    site.app,
    "/api/post-numberdigit-mockdata",
    {
      uuid: player.uuid,
      activityid: round,
      datetime: new Date().toISOString(),
      numberlist: [{ award_type: "TwoDigit", number: "56", amount: 5 }],
    },
    player.token,
  );
  expect(held.statusCode, JSON.stringify(held.body)).toBe(409);
  await expectNoSeriousA11yViolations(page, "the reality check");
  await screenshot(page, "90-reality-check");
  await page.getByTestId("reality-continue").click();
  await dialog.waitFor({ state: "detached" });

  // Due again while the page does not know yet: the bet is refused with 409 and the dialog opens at once;
  // after "เล่นต่อ" the same confirmation goes through.
  await realityDueIn(-1);
  await betTwoDigit("34", 10);
  await dialog.waitFor();
  expect(await refusal.textContent()).toContain("กรุณาตอบการเตือนเวลาเล่น");
  expect(await creditOf(site, player.token)).toBe(afterFirst);
  await screenshot(page, "91-bet-waits-for-reality-check");
  await page.getByTestId("reality-continue").click();
  await dialog.waitFor({ state: "detached" });
  await page.getByTestId("confirm-slip").click();
  await page.getByTestId("slip-result").waitFor();
  expect(await creditOf(site, player.token)).toBe(afterFirst - 10);
  await page
    .getByTestId("credit")
    .filter({ hasText: wholeText(formatCredit(baht(afterFirst - 10))) })
    .waitFor();
  await screenshot(page, "92-bet-after-continue");

  // The statement, from the header menu: this month, its days, and the CSV made in the browser.
  await page.getByTestId("user-menu").click();
  await page.getByTestId("menu-statement").click();
  await page.waitForURL(/\/statementPage$/);
  const today = bangkokDateKey(Date.now());
  const month = page.locator(`[data-testid="statement-month"][data-period="${today.slice(0, 7)}"]`);
  await month.getByRole("button").click();
  await expect(month.getByTestId("statement-stakes").textContent()).resolves.toBe("40.00");
  const day = page.locator(`[data-testid="statement-day"][data-period="${today}"]`);
  await day.waitFor();
  // The panel opens with a short animation: the screenshot waits for it to end.
  await animationsDone(month);
  await screenshot(page, "93-statement");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("statement-csv").click()]);
  expect(download.suggestedFilename()).toBe(`statement-${today}.csv`);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe(STATEMENT_COLUMNS.map(([, heading]) => heading).join(","));
  const stakes = STATEMENT_COLUMNS.findIndex(([key]) => key === "stakes");
  const deposits = STATEMENT_COLUMNS.findIndex(([key]) => key === "deposits");
  const todayRow = lines.find((l) => l.startsWith(`${today},`))?.split(",");
  expect(todayRow?.[stakes]).toBe("40.00");
  expect(Number(todayRow?.[deposits])).toBeGreaterThanOrEqual(500);
  expect(lines.find((l) => l.startsWith(`${today.slice(0, 7)},`))?.split(",")[stakes]).toBe("40.00");
});

it("the operator sees the player's limit and lowers it with a reason, audited", async () => {
  const { page: office } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await office.getByTestId("admin-link").click();
  await office.getByRole("tab", { name: "เล่นอย่างรับผิดชอบ" }).click();
  const row = office.locator(`[data-testid="rg-player"][data-username="${player.username}"]`);
  await expect(row.getByTestId("rg-player-limit").textContent()).resolves.toBe("ยอดแทงต่อวัน 50 ฿");
  await row.getByTestId("rg-player-choose").click();
  const lower = office.getByTestId("rg-lower");
  // Higher than the player's own limit: refused, in Thai.
  await lower.locator('input[name="rg-lower-amount"]').fill("60");
  await lower.locator('textarea[name="rg-lower-reason"]').fill("ผู้เล่นขอผ่านฝ่ายบริการลูกค้า");
  await lower.getByTestId("rg-lower-submit").click();
  await expect(lower.getByTestId("rg-lower-error").textContent()).resolves.toContain("เพิ่มไม่ได้");
  await lower.locator('input[name="rg-lower-amount"]').fill("40");
  await lower.getByTestId("rg-lower-submit").click();
  await row
    .getByTestId("rg-player-limit")
    .filter({ hasText: wholeText("ยอดแทงต่อวัน 40 ฿") })
    .waitFor();
  const lowered = office.getByTestId("rg-audit-line").filter({ hasText: "ผู้ดูแล" });
  await lowered.first().waitFor();
  await expect(lowered.first().textContent()).resolves.toContain("ผู้เล่นขอผ่านฝ่ายบริการลูกค้า");
  await screenshot(office, "94-admin-responsible-play");
  await office.context().close();
});

it("a time-out asked twice signs the player out, and signed in again the account shows the break", async () => {
  await page.goto("/responsiblePage");
  await page.getByTestId("break-24h").click();
  await page.getByTestId("break-open").click();
  await expect(page.getByTestId("break-confirm").isDisabled()).resolves.toBe(true);
  await page.getByTestId("break-sure").click();
  await expectNoSeriousA11yViolations(page, "the confirmation of a break");
  await page.getByTestId("break-confirm").click();
  await page.waitForURL(/\/singInPage/);
  await page.getByTestId("signin-break").waitFor();
  // Every session is revoked, the API's too.
  expect((await post(site.app, "/api/get-credit", {}, player.token)).statusCode).toBe(401);

  await signInThroughPage(page, player);
  await closeWelcomeBanner(page);
  await page.getByTestId("break-notice").getByRole("link").click();
  await page.waitForURL(/\/responsiblePage$/);
  await expect(page.getByTestId("break-status").getAttribute("data-kind")).resolves.toBe("timeout");
  await expect(page.getByTestId("take-break").count()).resolves.toBe(0);
  await screenshot(page, "95-responsible-on-break");
});
