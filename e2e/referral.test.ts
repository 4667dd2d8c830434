import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import QRCode from "qrcode";
import type { BetType } from "../src/domain/bet-types";
import { baht, bahtToSatang, formatCredit, formatMoney } from "../src/domain/money";
import { commissionBp, type CommissionRate, lineCommission, maskUsername } from "../src/domain/referral";
import { formatThaiDrawDate } from "../src/domain/thai-date";
import { TEST_ADMIN } from "../tests/support/app";
import { createPlayer, playerData, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, creditOf, fund, reportDeposit } from "../tests/support/wallet";
import { closeWelcomeBanner, phoneContext, screenshot, signedInPage, SMALL_PHONE_VIEWPORT, wholeText } from "./support/harness";
import { useSite } from "./support/site";

// The referral system (docs/decisions/014) in the browser: A's link brings B in, B deposits and bets, the round's result pays A the
// commission on B's stake, and A moves it to the credit — all on a 360 × 740 phone.

const site = useSite();
let admin: string;
let a: Awaited<ReturnType<typeof createPlayer>>;
let aPage: Page;
let bPage: Page;
let b: ReturnType<typeof playerData> & { uuid: string; token: string };
let roundId: number;
let bCredit: number;
/** What A earns from B's slip, in satang. */
let commission: number;

const A_START_CREDIT = 250;
/** B's lines on a hanoi round (no discount: the paid stake is the stake). 113, 213 and 313 baht make the
 * per-line rounding visible: 90 + 170 + 250 satang, where the slip's total rounded once would give 527. */
const LINES = [
  { betType: "ThreeDigit", number: "123", stake: 113 },
  { betType: "ThreeDigit", number: "456", stake: 213 },
  { betType: "TwoDigit", number: "45", stake: 313 },
] as const satisfies ReadonlyArray<{ betType: BetType; number: string; stake: number }>;
const TOTAL_STAKE = LINES.reduce((s, l) => s + l.stake, 0);
const MOVE = 3.5;
/** The pages log every failed call; none is expected on A's referral page. */
const aConsoleErrors: string[] = [];

beforeAll(async () => {
  admin = await adminToken(site);
  const bank = await post(
    site.app,
    "/api/admin/save-mybank",
    { bankname: "kbank", bankno: "0011223344", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
    admin,
  );
  expect(bank.statusCode, JSON.stringify(bank.body)).toBe(200);
  a = await createPlayer(site, { bankaccounts: "สมชาย ใจดี" });
  await fund(site, admin, a.uuid, A_START_CREDIT);
  roundId = await makeRound(site.db, "hanoi", 10 * 60_000);
  aPage = (await signedInPage(site, a, SMALL_PHONE_VIEWPORT)).page;
  aPage.on("console", (m) => {
    if (m.type() === "error") aConsoleErrors.push(m.text());
  });
});

async function typeNumber(page: Page, digits: string) {
  for (const d of digits) await page.getByTestId(`numpad-${d}`).click();
}

/** The page is laid out for the phone: nothing sticks out sideways. */
async function fitsWidth(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(SMALL_PHONE_VIEWPORT.width);
}

describe("a player's referral link earns commission on a friend's settled stake", () => {
  it("A's /yourselfPage shows the referral link, its QR code and a LINE share link, and no friends yet", async () => {
    await aPage.locator("nav").getByRole("link", { name: "ระบบแนะนำ" }).click();
    await aPage.waitForURL((u) => u.pathname === "/yourselfPage");
    const link = `${site.url}/register/${a.uuid}`;
    await expect(aPage.getByTestId("referral-link").inputValue()).resolves.toBe(link);
    const qr = aPage.getByTestId("referral-qr");
    await qr.waitFor();
    await expect(qr.getAttribute("src")).resolves.toMatch(/^data:image\/png;base64,/);
    // The image decoded (a broken data URL has no natural size).
    await expect(qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    // It is the link's code: the centre of each module, read from the image, is dark where the library's code for the
    // link is (one module of margin around it).
    const { modules } = QRCode.create(link);
    const drawn = await qr.evaluate((img: HTMLImageElement, size: number) => {
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const g = canvas.getContext("2d")!;
      g.drawImage(img, 0, 0);
      const module = img.naturalWidth / (size + 2);
      let bits = "";
      for (let row = 0; row < size; row++)
        for (let col = 0; col < size; col++) {
          const [r] = g.getImageData(Math.floor((col + 1.5) * module), Math.floor((row + 1.5) * module), 1, 1).data;
          bits += r! < 128 ? "1" : "0";
        }
      return bits;
    }, modules.size);
    expect(drawn).toBe(Array.from(modules.data, (b) => (b ? "1" : "0")).join(""));
    expect(drawn).toMatch(/^1111111/);
    await expect(aPage.getByTestId("line-share").getAttribute("href")).resolves.toBe(
      `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(link)}`,
    );
    await expect(aPage.getByTestId("affiliate-credit").textContent()).resolves.toBe(`${formatMoney(baht(0))} ฿`);
    // A new site's minimum move of commission to the credit is 1 ฿ (src/server/referral/config.ts).
    await aPage.getByText(`ขั้นต่ำ ${formatMoney(baht(1))} บาท`).waitFor();
    await aPage.getByTestId("tab-friends").click();
    await aPage.getByTestId("friends-empty").waitFor();
    await fitsWidth(aPage);
    await aPage.evaluate(() => window.scrollTo(0, 0));
    await screenshot(aPage, "60-referral-link");
  });

  it("B registers through A's link with an OTP and a bank account of B's own name", async () => {
    const context = await phoneContext(site.browser, site.url, SMALL_PHONE_VIEWPORT);
    context.setDefaultTimeout(10_000);
    bPage = await context.newPage();
    const data = playerData({ bankname: "kbank", bankaccounts: "มาลี ศรีสุข" });
    await bPage.goto(`/register/${a.uuid}`);
    await bPage
      .getByTestId("referrer")
      .filter({ hasText: `ผู้แนะนำ: ${a.username}` })
      .waitFor();
    await bPage.locator('input[name="phonenumber"]').fill(data.phonenumber);
    await bPage.getByRole("button", { name: "ขอรหัส OTP" }).click();
    await bPage.locator('input[name="otp"]').fill(await site.sms.codeFor(data.phonenumber));
    await bPage.getByRole("button", { name: "ยืนยัน OTP" }).click();
    await bPage.locator('input[name="username"]').fill(data.username);
    await bPage.locator('input[name="password"]').fill(data.password);
    await bPage.locator('input[name="confirm"]').fill(data.password);
    await bPage.getByRole("textbox", { name: "ธนาคาร", exact: true }).click();
    await bPage.getByRole("option", { name: "ธนาคารกสิกรไทย" }).click();
    await bPage.locator('input[name="bankno"]').fill(data.bankno);
    await bPage.locator('input[name="bankaccounts"]').fill(data.bankaccounts);
    await screenshot(bPage, "61-referral-register");
    await bPage.getByRole("button", { name: "สมัครสมาชิก" }).click();
    // Registered and signed in at once.
    await bPage.waitForURL((u) => u.pathname === "/");
    await bPage.getByTestId("username").filter({ hasText: data.username }).waitFor();

    const row = await site.owner.$client.query("select u.referrer_id, u.bank_account_name from users u where u.username = $1", [
      data.username,
    ]);
    expect(row.rows[0]).toEqual({ referrer_id: a.uuid, bank_account_name: "มาลี ศรีสุข" });
    const login = await post(site.app, "/login", { username: data.username, password: data.password });
    expect(login.statusCode, JSON.stringify(login.body)).toBe(200);
    b = { ...data, uuid: login.body.uuid as string, token: login.body.jwt as string };
    await closeWelcomeBanner(bPage);
  });

  it("B's deposit is approved; B bets on the hanoi round in the browser; A earns nothing before the result", async () => {
    const deposit = await reportDeposit(site, b, 1000);
    const approved = await post(site.app, "/api/admin/approve-paynow", { id: deposit.id, status: "Approve" }, admin);
    expect(approved.statusCode, JSON.stringify(approved.body)).toBe(200);
    bCredit = deposit.amount;
    await bPage.getByTestId("refresh-credit").click();
    await bPage
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(bCredit))) })
      .waitFor();

    await bPage.goto(`/homeAllLotto?lotto=hanoi&activity=${roundId}`);
    for (const line of LINES) {
      await bPage.getByTestId(`bet-type-${line.betType}`).click();
      await bPage.locator('input[name="default-stake"]').fill(String(line.stake));
      await typeNumber(bPage, line.number);
      await bPage.getByTestId("add-line").click();
      await bPage.locator(`[data-testid="bet-line"][data-bet-type="${line.betType}"][data-number="${line.number}"]`).waitFor();
    }
    await expect(bPage.getByTestId("bet-line").count()).resolves.toBe(LINES.length);
    await expect(bPage.getByTestId("slip-total").textContent()).resolves.toContain(formatMoney(baht(TOTAL_STAKE)));
    await bPage.evaluate(() => window.scrollTo(0, 0));
    await screenshot(bPage, "62-referral-friend-slip");
    await bPage.getByTestId("submit-slip").click();
    await expect(bPage.getByTestId("confirm-total").textContent()).resolves.toBe(`${formatMoney(baht(TOTAL_STAKE))} ฿`);
    await bPage.getByTestId("confirm-slip").click();
    await bPage.getByTestId("slip-result").waitFor();
    bCredit = Math.round((bCredit - TOTAL_STAKE) * 100) / 100;
    await bPage
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(bCredit))) })
      .waitFor();
    expect(await creditOf(site, b.token)).toBe(bCredit);

    // B is A's friend at once; the commission waits for the round's result.
    await aPage.reload();
    await aPage.getByTestId("tab-friends").click();
    await aPage.getByTestId("friend-row").first().waitFor();
    await expect(aPage.getByTestId("affiliate-credit").textContent()).resolves.toBe(`${formatMoney(baht(0))} ฿`);
    // A new site's minimum move of commission to the credit is 1 ฿ (src/server/referral/config.ts).
    await aPage.getByText(`ขั้นต่ำ ${formatMoney(baht(1))} บาท`).waitFor();
    await aPage.getByTestId("tab-subsidy").click();
    await aPage.getByTestId("subsidy-empty").waitFor();
  });

  it("after the result A sees B masked, the day's commission (0.8 % per line, rounded down) and the affiliate balance", async () => {
    const closed = await post(site.app, "/api/admin/close-activity", { activityid: roundId }, admin);
    expect(closed.statusCode, JSON.stringify(closed.body)).toBe(200);
    const added = await post(site.app, "/api/admin/add-award", { activityid: roundId, threeTop: "999", twoBottom: "00" }, admin);
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);

    const config = await post(site.app, "/api/admin/read-subsidy-config", {}, admin);
    expect(config.statusCode, JSON.stringify(config.body)).toBe(200);
    const rates = (config.body.config as { rates: CommissionRate[] }).rates;
    const bp = (t: BetType) => commissionBp(rates, 1, "hanoi", t);
    expect(LINES.map((l) => bp(l.betType))).toEqual([80, 80, 80]);
    commission = LINES.reduce((sum, l) => sum + lineCommission(bahtToSatang(l.stake), bp(l.betType)), 0);
    // The lines are chosen so rounding the slip's total once would give a different amount.
    expect(commission).not.toBe(lineCommission(bahtToSatang(TOTAL_STAKE), 80));
    const commissionBaht = commission / 100;

    await aPage.reload();
    await aPage.getByTestId("tab-friends").click();
    const friend = aPage.getByTestId("friend-row");
    await friend.first().waitFor();
    await expect(friend.count()).resolves.toBe(1);
    const friendText = (await friend.textContent())!;
    expect(friendText).toContain("***");
    expect(friendText).toContain(maskUsername(b.username));
    expect(friendText).toContain(`${formatMoney(baht(TOTAL_STAKE))} ฿`);
    expect(await aPage.locator("body").innerText()).not.toContain(b.username);

    await aPage
      .getByTestId("affiliate-credit")
      .filter({ hasText: wholeText(`${formatMoney(baht(commissionBaht))} ฿`) })
      .waitFor();
    await expect(aPage.getByTestId("referral-total-today").textContent()).resolves.toContain(formatMoney(baht(commissionBaht)));

    const day = (
      await site.owner.$client.query(
        "select to_char(created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as d from referral_commissions where referrer_id = $1",
        [a.uuid],
      )
    ).rows;
    expect(day).toHaveLength(1);
    await aPage.getByTestId("tab-subsidy").click();
    const subsidy = aPage.getByTestId("subsidy-row");
    await subsidy.first().waitFor();
    await expect(subsidy.count()).resolves.toBe(1);
    const subsidyText = (await subsidy.textContent())!;
    expect(subsidyText).toContain(formatThaiDrawDate(day[0].d as string));
    expect(subsidyText).toContain(`ยอดแทง ${formatMoney(baht(TOTAL_STAKE))} ฿`);
    expect(subsidyText).toContain(`+${formatMoney(baht(commissionBaht))} ฿`);
    await fitsWidth(aPage);
    await aPage.evaluate(() => window.scrollTo(0, 0));
    await screenshot(aPage, "63-referral-commission");
  });

  it("A moves part of the commission to the credit: the header credit rises by exactly that and the balance keeps the rest", async () => {
    const saved = await post(
      site.app,
      "/api/admin/save-subsidy-config",
      {
        rates: [
          { level: 1, lottery_id: null, bet_type: null, bp: 80 },
          { level: 2, lottery_id: null, bet_type: null, bp: 0 },
        ],
        min_withdrawal: 0.01,
      },
      admin,
    );
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    expect(commission / 100).toBeGreaterThan(MOVE);
    const left = (commission - bahtToSatang(MOVE)) / 100;

    await aPage.reload();
    await aPage.getByTestId("refresh-credit").click();
    await aPage
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(A_START_CREDIT))) })
      .waitFor();
    await aPage.getByText(`ขั้นต่ำ ${formatMoney(baht(0.01))} บาท`).waitFor();
    // More than the balance is refused and moves nothing.
    await aPage.getByTestId("af-amount").fill(String(commission / 100 + 1));
    await aPage.getByTestId("af-withdraw-submit").click();
    await aPage.getByTestId("af-withdraw-error").filter({ hasText: "ค่าคอมคงเหลือไม่พอ" }).waitFor();
    expect(await creditOf(site, a.token)).toBe(A_START_CREDIT);

    await aPage.getByTestId("af-amount").fill(String(MOVE));
    await aPage.getByTestId("af-withdraw-submit").click();
    await aPage.getByTestId("af-withdraw-done").waitFor();
    // No refresh: the move itself updates the header.
    await aPage
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(baht(A_START_CREDIT + MOVE))) })
      .waitFor();
    await aPage
      .getByTestId("affiliate-credit")
      .filter({ hasText: wholeText(`${formatMoney(baht(left))} ฿`) })
      .waitFor();
    expect(await creditOf(site, a.token)).toBe(A_START_CREDIT + MOVE);

    await aPage.getByTestId("tab-af-history").click();
    const move = aPage.getByTestId("af-withdrawal-row");
    await move.first().waitFor();
    await expect(move.count()).resolves.toBe(1);
    await expect(move.textContent()).resolves.toContain(formatMoney(baht(MOVE)));
    await fitsWidth(aPage);
    await aPage.evaluate(() => window.scrollTo(0, 0));
    await screenshot(aPage, "64-referral-moved");
    expect(aConsoleErrors).toEqual([]);
  });

  it("the operator types the level-1 rate as a percentage; the player's page shows that percentage", async () => {
    const { context, page: office } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
    await office.goto("/admin?tab=referral");
    const rate = office.getByRole("textbox", { name: "อัตราชั้น 1 (%)" }).first();
    await rate.waitFor();
    // The stored 80 bp reads as the 0.8 % the player sees.
    expect(await rate.inputValue()).toBe("0.8%");
    await rate.fill("0.65");
    await office.getByRole("button", { name: "บันทึกอัตราค่าคอม" }).click();
    await office.getByText("บันทึกอัตราค่าคอมแล้ว").waitFor();
    await expect
      .poll(async () => (await site.owner.$client.query("select value from site_config where key = 'subsidy'")).rows[0].value.rates[0].bp)
      .toBe(65);
    await screenshot(office, "65-admin-referral-rate-percent");
    await context.close();

    await aPage.goto("/yourselfPage");
    await aPage.getByTestId("tab-rules").click();
    await aPage.getByTestId("referral-rate-1").filter({ hasText: "0.65% ของยอดแทง" }).waitFor();
    await screenshot(aPage, "66-referral-rate-percent");
  });
});

it("the referral page draws its cards where they stay: the invite card does not move when the totals come", async () => {
  const player = await createPlayer(site);
  const { page, context } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
  // The totals are held back until the page has drawn without them, as on a slow phone network.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/get-tottalpostdigitpricechildren", async (route) => {
    await held;
    await route.continue();
  });
  // Two frames drawn, then a task: what changed before is laid out and painted.
  const painted = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))));
  // Where the invite card's link is on the page (not the screen: a scroll does not count).
  const linkTop = () => page.getByTestId("referral-link").evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
  await page.goto("/yourselfPage");
  await page.getByTestId("referral-link").waitFor();
  await painted();
  const before = await linkTop();
  release();
  // The totals come in: the table's cells hold figures (0 for a player with no friends yet), not "–".
  await page
    .getByTestId("referral-total-all")
    .filter({ hasText: formatMoney(baht(0)) })
    .waitFor();
  await painted();
  expect(await linkTop()).toBe(before);
  await context.close();
});
