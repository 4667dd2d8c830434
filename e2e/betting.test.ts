import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { betting } from "../src/contract";
import { baht, bahtToSatang, formatCredit, formatFigure, formatMoney, satangToBaht } from "../src/domain/money";
import { linePayout } from "../src/domain/slip";
import { call } from "../tests/support/call";
import { createPlayer, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, creditOf, fund } from "../tests/support/wallet";
import { betPagePath } from "../src/web/lib/paths";
import { screenshot, signedInPage, wholeText } from "./support/harness";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { useSite } from "./support/site";

const site = useSite();
let page: Page;
let admin: string;
let player: Awaited<ReturnType<typeof createPlayer>>;
let roundId: number;
let threeDigitRate: number;
let masterId: string;
const START_CREDIT = 1000;
/** The pages log every failed call (spec §8); none is expected here. */
const consoleErrors: string[] = [];

beforeAll(async () => {
  admin = await adminToken(site);
  player = await createPlayer(site);
  await fund(site, admin, player.uuid, START_CREDIT);
  // A round of a "simple" lottery (3 top, 2 bottom) that closes in 10 minutes.
  roundId = await makeRound(site.db, "hanoi", 10 * 60_000);
  const config = await post(site.app, "/api/get-lotto-config-ByActivityID", { activity_id: roundId }, player.token);
  expect(config.statusCode, JSON.stringify(config.body)).toBe(200);
  const rates = Object.values(config.body.configLotto as Record<string, { betType: string; rate: number }>);
  threeDigitRate = rates.find((r) => r.betType === "ThreeDigit")!.rate;
  expect(threeDigitRate).toBeGreaterThan(0);
  page = (await signedInPage(site, player)).page;
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
});

async function typeNumber(digits: string) {
  for (const d of digits) await page.getByTestId(`numpad-${d}`).click();
}

/** Waits for the open modal's entrance transition to end, so the screenshot shows it fully. */
async function modalSettled() {
  await page.waitForFunction(() => {
    const el = document.querySelector(".mantine-Modal-content");
    return el !== null && getComputedStyle(el).opacity === "1" && el.getAnimations().length === 0;
  });
}

describe("placing a slip and seeing it won", () => {
  it("the player chooses the lottery and its open round; the choice survives a reload", async () => {
    await page
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(START_CREDIT))) })
      .waitFor();
    await page.locator("nav").getByRole("link", { name: "แทงหวย" }).click();
    await page.waitForURL((u) => u.pathname === "/homeAllLotto");
    await page.locator('[data-testid="lottery-choice"][data-config-id="hanoi"]').click();
    const round = page.locator(`[data-testid="round-choice"][data-activity-id="${roundId}"]`);
    await expect(round.getAttribute("data-open")).resolves.toBe("true");
    await round.click();
    await page.waitForURL((u) => u.searchParams.get("activity") === String(roundId));
    await page.getByTestId("bet-type-ThreeDigit").waitFor();
    await page.reload();
    await page.getByTestId("bet-type-ThreeDigit").waitFor();
    await expect(page.getByTestId("round-header").getAttribute("data-activity-id")).resolves.toBe(String(roundId));
    // The countdown runs on the server's clock towards the close in about 10 minutes.
    await expect(page.getByTestId("round-countdown").textContent()).resolves.toMatch(/^00:(09|10):\d{2}$/);
    // The config is cached as the specification keeps it: `{betType}_{usertype}`.
    const cached = await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem("configLottoObj") ?? "{}") as object));
    expect(cached.some((k) => k.startsWith("ThreeDigit_"))).toBe(true);
  });

  it("adds a three-digit and a two-digit line through the pad and sees the rate and potential win", async () => {
    await page.getByTestId("quick-amount-10").click();
    await page.getByTestId("bet-type-ThreeDigit").click();
    await typeNumber("1234"); // the fourth digit does not fit
    await expect(page.getByTestId("number-display").getAttribute("data-number")).resolves.toBe("123");
    await page.getByTestId("add-line").click();
    await page.getByTestId("bet-type-TwoDigit").click();
    await typeNumber("4");
    await page.getByTestId("numpad-delete").click();
    await typeNumber("45");
    await page.getByTestId("add-line").click();

    const lines = page.getByTestId("bet-line");
    await expect(lines.count()).resolves.toBe(2);
    const three = page.locator('[data-testid="bet-line"][data-bet-type="ThreeDigit"][data-number="123"]');
    await expect(three.textContent()).resolves.toContain("สามตัวบน");
    await expect(three.getByTestId("line-rate").textContent()).resolves.toContain(formatMoney(baht(threeDigitRate)));
    await expect(three.getByTestId("line-win").textContent()).resolves.toBe(formatMoney(baht(10 * threeDigitRate)));
    const two = page.locator('[data-testid="bet-line"][data-bet-type="TwoDigit"][data-number="45"]');
    await expect(two.textContent()).resolves.toContain("สองตัวล่าง");
    // The total is the sum of the stakes the lines hold (10 each), as the summary prints money.
    const stakes = await page.getByTestId("line-stake").evaluateAll((inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)));
    expect(stakes).toEqual([10, 10]);
    await expect(page.getByTestId("slip-total").textContent()).resolves.toBe(`${formatMoney(baht(stakes[0]! + stakes[1]!))} ฿`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "40-bet-form");
  });

  it("confirms the slip with its total; the header credit drops by 20", async () => {
    await page.getByTestId("submit-slip").click();
    await page.getByTestId("confirm-dialog").waitFor();
    await expect(page.getByTestId("confirm-total").textContent()).resolves.toBe(`${formatMoney(baht(20))} ฿`);
    await modalSettled();
    await expectNoSeriousA11yViolations(page, "the bet confirm dialog");
    await screenshot(page, "41-confirm");
    await page.getByTestId("confirm-slip").click();
    const result = page.getByTestId("slip-result");
    await result.waitFor();
    masterId = (await result.getAttribute("data-master-id"))!;
    expect(Number(masterId)).toBeGreaterThan(0);
    await expect(page.getByTestId("bet-line").count()).resolves.toBe(0);
    await page
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(START_CREDIT - 20))) })
      .waitFor();
    expect(await creditOf(site, player.token)).toBe(START_CREDIT - 20);
  });

  it("the open slip's detail shows each line's stake, rate and potential win as the API's figures", async () => {
    const api = await call(site.app, betting.getRefMasterId, { ref_masterID: Number(masterId) }, player.token);
    if (!api.ok) throw new Error(JSON.stringify(api.body));
    await page.locator("nav").getByRole("link", { name: "โพยหวย" }).click();
    await page.waitForURL((u) => u.pathname === "/reviewPostList");
    await page.locator(`[data-testid="slip-row"][data-master-id="${masterId}"]`).click();
    const detail = page.getByTestId("slip-detail");
    await detail.waitFor();
    const lines = api.body.postDigitMasterObj.lines;
    expect(lines.length).toBe(2);
    for (const l of lines) {
      const shown = detail.locator(`[data-testid="slip-line"][data-bet-type="${l.award_type}"][data-number="${l.number}"]`);
      // A potential win is the line's stake × its fixed rate, in baht (a 10 ฿ three-digit line at 900: 9,000 ฿).
      const win = satangToBaht(linePayout(bahtToSatang(l.amount), bahtToSatang(l.priceReturn)));
      expect(win).toBe(l.amount * l.priceReturn);
      await expect(shown.getByTestId("slip-line-win").textContent()).resolves.toBe(`ถูกได้ ${formatMoney(win)} ฿`);
      await expect(shown.textContent()).resolves.toContain(`แทง ${formatMoney(baht(l.amount))} ฿ × ${formatFigure(l.priceReturn)}`);
    }
    await modalSettled();
    await expectNoSeriousA11yViolations(page, "an open slip's detail");
    await screenshot(page, "42-slip-detail-open");
    // A new load of home: the list below is read afresh after the result, not from this visit's answers.
    await page.goto("/");
    await page.getByTestId("username").waitFor();
  });

  it("after the result and the 2-minute grace, the slip shows won with its amount and the credit includes the win", async () => {
    const closed = await post(site.app, "/api/admin/close-activity", { activityid: roundId }, admin);
    expect(closed.statusCode, JSON.stringify(closed.body)).toBe(200);
    const added = await post(site.app, "/api/admin/add-award", { activityid: roundId, threeTop: "123", twoBottom: "99" }, admin);
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
    await site.owner.$client.query(
      "update rounds set close_at = now() - interval '3 minutes', open_at = now() - interval '1 hour' where id = $1",
      [roundId],
    );

    const win = 10 * threeDigitRate;
    await page.locator("nav").getByRole("link", { name: "โพยหวย" }).click();
    await page.waitForURL((u) => u.pathname === "/reviewPostList");
    const row = page.locator(`[data-testid="slip-row"][data-master-id="${masterId}"]`);
    await row.waitFor();
    await expect(row.getAttribute("data-status")).resolves.toBe("won");
    await expect(row.getByTestId("slip-status").textContent()).resolves.toBe("ชนะ");
    await expect(row.getByTestId("slip-win").textContent()).resolves.toContain(formatMoney(baht(win)));
    await expect(row.textContent()).resolves.toContain("ฮานอย");
    await expect(page.getByTestId("total-staked").textContent()).resolves.toBe(`${formatMoney(baht(20))} ฿`);
    await expect(page.getByTestId("total-won").textContent()).resolves.toBe(`${formatMoney(baht(win))} ฿`);
    await page.getByTestId("refresh-credit").click();
    await page
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(START_CREDIT - 20 + win))) })
      .waitFor();
    await screenshot(page, "42-slip-list");

    await row.click();
    const detail = page.getByTestId("slip-detail");
    await detail.waitFor();
    await expect(detail.getByTestId("slip-line").count()).resolves.toBe(2);
    const three = detail.locator('[data-testid="slip-line"][data-bet-type="ThreeDigit"]');
    await expect(three.getAttribute("data-result")).resolves.toBe("win");
    await expect(three.textContent()).resolves.toContain("สามตัวบน");
    await expect(three.getByTestId("slip-line-win").textContent()).resolves.toContain(formatMoney(baht(win)));
    const two = detail.locator('[data-testid="slip-line"][data-bet-type="TwoDigit"]');
    await expect(two.getAttribute("data-result")).resolves.toBe("lose");
    await expect(detail.getByTestId("detail-win").textContent()).resolves.toContain(formatMoney(baht(win)));
    await modalSettled();
    await screenshot(page, "43-slip-detail");
    expect(await creditOf(site, player.token)).toBe(START_CREDIT - 20 + win);
    expect(consoleErrors).toEqual([]);
  });
});

describe("restricted numbers, reverse, tod and the yeekee rounds", () => {
  it("a closed number is marked red and blocks the slip; a restricted price shows the changed rate", async () => {
    const id = await makeRound(site.db, "laos", 10 * 60_000);
    for (const [award_type, number, new_price] of [
      ["TwoDigit", "77", 0],
      ["TwoDigit", "78", 50],
    ] as const) {
      const res = await post(site.app, "/api/admin/add-digit-price", { activity_id: id, award_type, number, new_price }, admin);
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    }
    await page.goto(`/homeAllLotto?lotto=laos&activity=${id}`);
    await page.getByTestId("bet-type-TwoDigit").click();
    await typeNumber("87");
    await page.getByTestId("reverse-number").click();
    const lines = page.getByTestId("bet-line");
    await expect(lines.evaluateAll((els) => els.map((e) => e.getAttribute("data-number")))).resolves.toEqual(["87", "78"]);
    await expect(page.locator('[data-testid="bet-line"][data-number="78"] [data-testid="line-rate"]').textContent()).resolves.toContain(
      "×50",
    );
    await expect(page.locator('[data-testid="bet-line"][data-number="78"] [data-testid="line-win"]').textContent()).resolves.toBe(
      formatMoney(baht(10 * 50)),
    );

    await typeNumber("77");
    await page.getByTestId("current-closed").waitFor();
    await page.getByTestId("add-line").click();
    const closed = page.locator('[data-testid="bet-line"][data-number="77"]');
    await expect(closed.getAttribute("data-closed")).resolves.toBe("true");
    await expect(page.getByTestId("submit-slip").isDisabled()).resolves.toBe(true);
    await closed.getByTestId("remove-line").click();
    await expect(page.getByTestId("submit-slip").isEnabled()).resolves.toBe(true);

    // Three digits with tod: the ThreeDigitToad line comes too; reverse gives the distinct orderings.
    await page.getByTestId("clear-lines").click();
    await page.getByTestId("bet-type-ThreeDigit").click();
    await page.getByTestId("tod-check").click();
    await typeNumber("112");
    await page.getByTestId("reverse-number").click();
    const kinds = await lines.evaluateAll((els) => els.map((e) => `${e.getAttribute("data-bet-type")}:${e.getAttribute("data-number")}`));
    expect(kinds.sort()).toEqual(["ThreeDigit:112", "ThreeDigit:121", "ThreeDigit:211", "ThreeDigitToad:112"]);
    await page.getByTestId("clear-lines").click();
  });

  it("a saved draft loads back onto the form; a slip of an open round can be cancelled and refunded", async () => {
    const id = await makeRound(site.db, "laos", 10 * 60_000);
    await page.goto(`/homeAllLotto?lotto=laos&activity=${id}`);
    await page.getByTestId("bet-type-TwoDigit").click();
    await typeNumber("12");
    await page.getByTestId("add-line").click();
    await page.getByTestId("save-draft").click();
    // The success notice: /บันทึก/ also matched the refusal "บันทึกชุดเลขได้ไม่เกิน … ชุด".
    await page.getByTestId("form-notice").filter({ hasText: "บันทึกชุดเลขแล้ว" }).waitFor();
    await page.getByTestId("clear-lines").click();
    await page.getByTestId("open-drafts").click();
    await page.getByTestId("draft-row").first().waitFor();
    await expectNoSeriousA11yViolations(page, "the drafts dialog");
    await page.getByTestId("load-draft").first().click();
    await page.locator('[data-testid="bet-line"][data-bet-type="TwoDigit"][data-number="12"]').waitFor();

    const before = await creditOf(site, player.token);
    await page.getByTestId("submit-slip").click();
    await page.getByTestId("confirm-slip").click();
    await page.getByTestId("slip-result").waitFor();
    const slipId = await page.getByTestId("slip-result").getAttribute("data-master-id");
    expect(await creditOf(site, player.token)).toBe(before - 10);

    await page.goto("/reviewPostList");
    const row = page.locator(`[data-testid="slip-row"][data-master-id="${slipId}"]`);
    await expect(row.getAttribute("data-status")).resolves.toBe("accepting");
    await row.click();
    await page.getByTestId("cancel-slip").click();
    await page.getByTestId("confirm-cancel-slip").click();
    await page.getByTestId("cancel-result").waitFor();
    await page.keyboard.press("Escape");
    await page.locator(`[data-testid="slip-row"][data-master-id="${slipId}"][data-status="cancelled"]`).waitFor();
    expect(await creditOf(site, player.token)).toBe(before);
    await page
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(before))) })
      .waitFor();
  });

  it("the yeekee lottery lists the day's rounds by number; only open rounds can be chosen", async () => {
    await page.goto("/homeAllLotto");
    await page.locator('[data-testid="lottery-choice"][data-config-id="yeekee"]').click();
    const rounds = page.getByTestId("round-choice");
    await rounds.first().waitFor();
    await expect(rounds.first().textContent()).resolves.toMatch(/รอบที่ \d+/);
    const open = page.locator('[data-testid="round-choice"][data-open="true"]');
    if ((await open.count()) > 0) {
      const id = await open.first().getAttribute("data-activity-id");
      await open.first().click();
      await page.waitForURL((u) => u.searchParams.get("activity") === id);
      await page.getByTestId("bet-type-ThreeDigit").waitFor();
    }
    const closedRounds = page.locator('[data-testid="round-choice"][data-open="false"]');
    for (const el of await closedRounds.all()) expect(await el.isDisabled()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});

describe("the stake fields", () => {
  it("take whole baht as typed, shown with separators, the caret kept beside its digit; a stake below 1 becomes 1", async () => {
    await page.goto(betPagePath("hanoi", roundId));
    const stake = page.locator('input[name="default-stake"]');
    await stake.fill("");
    await stake.pressSequentially("1250");
    await expect(stake.inputValue()).resolves.toBe("1,250");
    // Inside the number: the separators move, the caret stays before the 0.
    await stake.press("ArrowLeft");
    await stake.pressSequentially("97");
    await expect(stake.inputValue()).resolves.toBe("125,970");
    // Letters and signs change nothing.
    await stake.press("End");
    await stake.pressSequentially("a-.");
    await expect(stake.inputValue()).resolves.toBe("125,970");
    await stake.fill("0");
    await stake.blur();
    await expect(stake.inputValue()).resolves.toBe("1");

    // A line's own stake: its potential win follows it.
    await stake.fill("10");
    await page.getByTestId("bet-type-ThreeDigit").click();
    await typeNumber("987");
    await page.getByTestId("add-line").click();
    const line = page.locator('[data-testid="bet-line"][data-bet-type="ThreeDigit"][data-number="987"]');
    await expect(line.getByTestId("line-stake").inputValue()).resolves.toBe("10");
    await line.getByTestId("line-stake").fill("2000");
    await expect(line.getByTestId("line-stake").inputValue()).resolves.toBe("2,000");
    await expect(line.getByTestId("line-win").textContent()).resolves.toBe(formatMoney(baht(2000 * threeDigitRate)));
    await page.getByTestId("clear-lines").click();
    expect(consoleErrors).toEqual([]);
  });
});
