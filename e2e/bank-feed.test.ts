import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { auth, bank, wallet } from "../src/contract";
import type { BankRecordInput } from "../src/contract/bank";
import { type Baht, baht, bahtToSatang, formatCredit, formatMoneyExact, satangToBaht } from "../src/domain/money";
import { formatThaiDateTime } from "../src/domain/thai-date";
import { feedSignature } from "../src/server/http/signed-feed";
import { PATHS } from "../src/web/lib/paths";
import { TEST_ADMIN } from "../tests/support/app";
import { BANK_FEED_SECRET } from "../tests/support/bank";
import { call } from "../tests/support/call";
import { createPlayer, post } from "../tests/support/players";
import { adminToken } from "../tests/support/wallet";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT, wholeText } from "./support/harness";
import { useSite } from "./support/site";

/**
 * At 360 × 740 (docs/decisions/045-automatic-deposits.md): the player asks for a deposit, a simulated bank
 * signs the matching transfer into the feed, and the page says the money arrived and the header's credit
 * rises by exactly the amount — no reload, no slip. Then a transfer that cannot credit by itself (an amount
 * nobody asked, and the player's amount from an account that is not theirs) waits in the back office, where
 * the operator matches it with a reason and the player's page follows. Every figure read on a page is the
 * API's and the ledger's.
 */

const RECEIVING = { bankname: "kbank", bankno: "0011223344", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" } as const;

const site = useSite({ bankFeedSecret: BANK_FEED_SECRET });
let admin: string;
let player: Awaited<ReturnType<typeof createPlayer>>;
let page: Page;

beforeAll(async () => {
  admin = await adminToken(site);
  const saved = await post(site.app, "/api/admin/save-mybank", RECEIVING, admin);
  expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
  player = await createPlayer(site);
  ({ page } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT));
  // A reload would start a new document without this mark.
  await page.evaluate(() => ((window as unknown as { bankFeedMark: string }).bankFeedMark = "same document"));
  page.on("request", (r) => {
    if (r.url().endsWith("/api/add-paynow")) slipReports += 1;
  });
});
let slipReports = 0;
/** The amount the feed credited in the first test (the statement brings the same record again). */
let firstCredited: Baht | null = null;

/** The relay's request: the batch signed as the result feed is (HMAC-SHA256 of "timestamp.body"), over real HTTP. */
async function bankSends(records: BankRecordInput[]) {
  const raw = JSON.stringify({ records });
  const timestamp = String(Date.now());
  const signature = feedSignature(BANK_FEED_SECRET, timestamp, raw);
  const res = await fetch(new URL(bank.bankFeed.path, site.url), {
    method: "POST",
    headers: { "content-type": "application/json", "x-feed-timestamp": timestamp, "x-feed-signature": signature },
    body: raw,
  });
  const body = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return bank.bankFeed.response.parse(body).records;
}

/** Now, as a Thai bank writes it: Bangkok's wall clock with its offset. */
function bangkokNow(): string {
  const wall = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 19);
  return `${wall}+07:00`;
}

/** The player's credit account as the ledger keeps it (satang), and its deposits by reference. */
async function ledgerOf(uuid: string) {
  const balance = await site.owner.$client.query("select balance from accounts where owner_id = $1 and kind = 'credit'", [uuid]);
  const deposits = await site.owner.$client.query(
    `select x.reference, e.amount from ledger_entries e
       join ledger_transactions x on x.id = e.transaction_id join accounts a on a.id = e.account_id
     where a.owner_id = $1 and a.kind = 'credit' and x.kind = 'deposit' order by e.id`,
    [uuid],
  );
  return {
    balance: Number(balance.rows[0].balance),
    deposits: new Map(deposits.rows.map((r: { reference: string; amount: string }) => [r.reference, Number(r.amount)])),
  };
}

async function apiCredit(): Promise<Baht> {
  const res = await call(site.app, auth.getCredit, {}, player.token);
  if (!res.ok) throw new Error(JSON.stringify(res.body));
  return baht(res.body.credit);
}

/** The pay record (the approval) the bank record is linked to. */
async function linkOf(recordId: number) {
  const rows = await site.owner.$client.query(
    `select b.state, b.matched_by, p.id as pay_id, p.status, p.transection, p.amount, p.slip is null as no_slip
       from bank_records b left join pay_records p on p.id = b.pay_record_id where b.id = $1`,
    [recordId],
  );
  return rows.rows[0] as {
    state: string;
    matched_by: string | null;
    pay_id: string | null;
    status: string;
    transection: string;
    amount: string;
    no_slip: boolean;
  };
}

/** Asks for `amount` on the deposit tab and returns what the server issued. */
async function askForDeposit(amount: number) {
  await page.locator('input[name="deposit-amount"]').fill(String(amount));
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/gent-amount"));
  await page.getByRole("button", { name: "ขอยอดโอน" }).click();
  const issued = wallet.gentAmount.response.parse(await (await answered).json());
  await page.getByTestId("deposit-instructions").waitFor();
  await page.getByTestId("deposit-auto-note").waitFor();
  return issued;
}

/** The page's success panel for this request, with the exact amount; the header's credit, as the API and the ledger have it. */
async function pageShowsCredited(transection: string, amount: Baht, creditBefore: Baht, slipsReported = 0) {
  const panel = page.locator(`[data-testid="deposit-credited"][data-transection="${transection}"]`);
  await panel.waitFor();
  expect(await panel.textContent()).toContain(`ได้รับเงินแล้ว`);
  expect(await panel.getByTestId("deposit-credited-amount").textContent()).toBe(formatMoneyExact(amount));
  const expected = formatCredit(satangToBaht(bahtToSatang(creditBefore) + bahtToSatang(amount)));
  // The header reads its credit again by itself: no click on its refresh button.
  await page
    .getByTestId("credit")
    .filter({ hasText: wholeText(expected) })
    .waitFor();
  const ledger = await ledgerOf(player.uuid);
  expect(await page.getByTestId("credit").textContent()).toBe(formatCredit(await apiCredit()));
  expect(await page.getByTestId("credit").textContent()).toBe(formatCredit(satangToBaht(ledger.balance)));
  expect(await page.getByTestId("page-credit").textContent()).toBe(expected);
  // Same document, no slip sent.
  expect(await page.evaluate(() => (window as unknown as { bankFeedMark?: string }).bankFeedMark)).toBe("same document");
  expect(slipReports).toBe(slipsReported);
  return ledger;
}

describe("automatic deposits on a phone", () => {
  it("the bank's record credits the request shown: the page says so and the header rises by the exact amount", async () => {
    await page.locator("nav").getByRole("link", { name: "ฝาก-ถอน" }).click();
    const before = await apiCredit();
    const issued = await askForDeposit(500);
    const amount = baht(issued.amount);
    expect(await page.getByTestId("deposit-exact-amount").textContent()).toBe(`${formatMoneyExact(amount)} ฿`);
    await screenshot(page, "450-bank-deposit-asked");

    const [sent] = await bankSends([
      {
        bank_ref: "E2E-FEED-0001",
        account: "001-1-22334-4",
        amount: issued.amount,
        time: bangkokNow(),
        from_bank: "scb",
        from_account: `xxx-x-x${player.bankno.slice(5, 9)}-x`,
        from_name: "นาย สมชาย ใจดี",
      },
    ]);
    expect(sent).toMatchObject({ state: "matched", duplicate: false });

    const ledger = await pageShowsCredited(issued.transection, amount, before);
    // One approval, of this request, with no slip, linked to the record; one deposit in the ledger for it.
    const link = await linkOf(sent!.id);
    expect(link).toMatchObject({
      state: "matched",
      matched_by: "system",
      status: "Approve",
      transection: issued.transection,
      no_slip: true,
    });
    expect(Number(link.amount)).toBe(bahtToSatang(amount));
    expect(ledger.deposits.get(`paynow:${link.pay_id}`)).toBe(bahtToSatang(amount));
    expect(ledger.deposits.size).toBe(1);
    firstCredited = amount;
    await screenshot(page, "451-bank-deposit-credited");
  });

  it("a record that cannot credit by itself waits; the operator matches it with a reason and the player's page follows", async () => {
    const before = await apiCredit();
    await page.getByRole("button", { name: "ฝากรายการใหม่" }).click();
    const issued = await askForDeposit(300);
    const amount = baht(issued.amount);
    const last4 = player.bankno.slice(-4);
    const [nobodys, notTheirs] = await bankSends([
      { bank_ref: "E2E-FEED-0002", account: RECEIVING.bankno, amount: 123.45, time: bangkokNow(), from_account: "x5555" },
      {
        bank_ref: "E2E-FEED-0003",
        account: RECEIVING.bankno,
        amount: issued.amount,
        time: bangkokNow(),
        from_account: `x${last4 === "9999" ? "0000" : "9999"}`,
        from_name: "นาย ผู้อื่น",
      },
    ]);
    expect(nobodys).toMatchObject({ state: "waiting", duplicate: false });
    expect(notTheirs).toMatchObject({ state: "waiting", duplicate: false });
    // Still open for the player: nothing credited.
    expect(await apiCredit()).toBe(before);
    await page.getByTestId("deposit-instructions").waitFor();

    const { page: office } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
    await office.goto("/admin?tab=bank-auto");
    const nobodyCard = office.locator(`[data-testid="bank-record"][data-id="${nobodys!.id}"][data-state="waiting"]`);
    const theirCard = office.locator(`[data-testid="bank-record"][data-id="${notTheirs!.id}"][data-state="waiting"]`);
    await nobodyCard.locator('[data-testid="bank-record-reason"][data-reason="no_request"]').waitFor();
    await theirCard.locator('[data-testid="bank-record-reason"][data-reason="sender_mismatch"]').waitFor();
    expect(await nobodyCard.getByTestId("bank-record-amount").textContent()).toBe(`${formatMoneyExact(baht(123.45))} ฿`);
    expect(await theirCard.getByTestId("bank-record-amount").textContent()).toBe(`${formatMoneyExact(amount)} ฿`);
    const candidate = theirCard.locator(`[data-testid="bank-candidate"][data-transection="${issued.transection}"]`);
    expect(await candidate.textContent()).toContain(player.username);
    expect(await candidate.getByLabel("ผู้โอนตรง: ไม่ตรง").count()).toBe(1);
    await screenshot(office, "452-bank-queue");

    await candidate.getByRole("button", { name: "จับคู่" }).click();
    const dialog = office.getByTestId("bank-record-dialog");
    await dialog.waitFor();
    // Without a reason it cannot be confirmed.
    expect(await office.getByTestId("bank-record-confirm").isDisabled()).toBe(true);
    await dialog.getByLabel("เหตุผล").fill("ผู้เล่นโอนจากบัญชีภรรยา ตรวจสลิปทางไลน์แล้ว");
    await expectNoSeriousA11yViolations(office, "the bank queue's match dialog");
    await screenshot(office, "453-bank-match-dialog");
    await office.getByTestId("bank-record-confirm").click();
    await office.getByTestId("bank-record-decided").waitFor();
    await theirCard.waitFor({ state: "detached" });

    const ledger = await pageShowsCredited(issued.transection, amount, before);
    const link = await linkOf(notTheirs!.id);
    expect(link).toMatchObject({ state: "matched", matched_by: "operator", status: "Approve", transection: issued.transection });
    expect(ledger.deposits.get(`paynow:${link.pay_id}`)).toBe(bahtToSatang(amount));
    expect(ledger.deposits.size).toBe(2);
    // Audited with the operator's reason.
    const audit = await site.owner.$client.query(
      "select after->>'reason' as reason from audit_log where action = 'bank.match' and target = $1",
      [`bank-record:${notTheirs!.id}`],
    );
    expect(audit.rows).toEqual([{ reason: "ผู้เล่นโอนจากบัญชีภรรยา ตรวจสลิปทางไลน์แล้ว" }]);
    await screenshot(page, "454-bank-matched-by-operator");

    // The amount nobody asked for is marked to be returned; with the switch on it is listed as such.
    await nobodyCard.getByRole("button", { name: "คืนเงิน" }).click();
    await office.getByTestId("bank-record-dialog").getByLabel("เหตุผล").fill("ไม่มีผู้เล่นแจ้ง คืนผู้โอน");
    await office.getByTestId("bank-record-confirm").click();
    await nobodyCard.waitFor({ state: "detached" });
    await office.getByRole("switch", { name: "แสดงรายการที่จับคู่แล้วและรอคืนเงินด้วย" }).check();
    await office.locator(`[data-testid="bank-record"][data-id="${nobodys!.id}"][data-state="returned"]`).waitFor();
    await office.locator(`[data-testid="bank-record"][data-id="${notTheirs!.id}"][data-state="matched"]`).waitFor();
    expect(await apiCredit()).toBe(satangToBaht(bahtToSatang(before) + bahtToSatang(amount)));
    await screenshot(office, "455-bank-records-all");
    await office.context().close();
  });

  it("a transfer reported with แจ้งโอน and approved by an operator shows the same panel", async () => {
    await page.goto(PATHS.mainCredit);
    await page.evaluate(() => ((window as unknown as { bankFeedMark: string }).bankFeedMark = "same document"));
    const before = await apiCredit();
    const issued = await askForDeposit(200);
    await page.getByRole("button", { name: "แจ้งโอนแล้ว" }).click();
    await page.getByTestId("deposit-reported").waitFor();
    expect(slipReports).toBe(1);
    const reported = await site.owner.$client.query("select id from pay_records where transection = $1 and status = 'Pending'", [
      issued.transection,
    ]);
    expect(reported.rows.length).toBe(1);
    const approved = await post(site.app, "/api/admin/approve-paynow", { id: Number(reported.rows[0].id), status: "Approve" }, admin);
    expect(approved.statusCode, JSON.stringify(approved.body)).toBe(200);

    const ledger = await pageShowsCredited(issued.transection, baht(issued.amount), before, 1);
    expect(ledger.deposits.get(`paynow:${reported.rows[0].id}`)).toBe(bahtToSatang(baht(issued.amount)));
    await screenshot(page, "456-deposit-approved-by-operator");
  });

  it("the operator imports a CSV statement: columns saved for the account, a preview with the duplicate and the bad row marked, then the counts", async () => {
    const when = formatThaiDateTime(new Date());
    const csv = [
      "รายการเดินบัญชี,001-1-22334-4",
      "วันที่ เวลา,รายการ,ถอนเงิน,ฝากเงิน,ยอดคงเหลือ,รายละเอียด,เลขที่อ้างอิง",
      // The feed brought this one in the first test: the same reference is the same record.
      `${when},รับโอน,,"${formatMoneyExact(firstCredited!)}",,X${player.bankno.slice(-4)},E2E-FEED-0001`,
      `${when},รับโอน,,"4,242.42",,X7777 นาย ไม่มีใคร,E2E-STMT-0001`,
      `${when},รับโอน,,abc,,,E2E-STMT-0002`,
    ].join("\r\n");
    const { page: office } = await signedInPage(site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
    await office.goto("/admin?tab=bank-auto");
    const card = office.getByTestId("bank-statement");
    const accounts = await call(site.app, wallet.adminGetMyBank, {}, admin);
    if (!accounts.ok) throw new Error(JSON.stringify(accounts.body));
    const receiving = accounts.body.bankArr.find((b) => b.bankno === RECEIVING.bankno)!;
    await card.getByLabel("บัญชีรับเงิน").selectOption(String(receiving.id));
    await card.locator('input[name="statement-skip-rows"]').fill("2");
    await card.locator('input[name="statement-column-date"]').fill("1");
    await card.locator('input[name="statement-column-time"]').fill("");
    await card.locator('input[name="statement-column-amount"]').fill("4");
    await card.locator('input[name="statement-column-reference"]').fill("7");
    await card.locator('input[name="statement-column-sender"]').fill("6");
    await card.locator('input[type="file"]').setInputFiles({ name: "kbank.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
    await card.getByTestId("statement-first-lines").waitFor();
    await card.getByTestId("statement-preview").click();

    const row = (line: number, status: string) =>
      card.locator(`[data-testid="statement-row"][data-line="${line}"][data-status="${status}"]`);
    await row(3, "duplicate").waitFor();
    await row(4, "new").waitFor();
    await row(5, "error").waitFor();
    expect(await row(4, "new").textContent()).toContain(formatMoneyExact(baht(4242.42)));
    // The columns are saved for the account.
    const formats = await call(site.app, bank.adminStatementFormats, {}, admin);
    if (!formats.ok) throw new Error(JSON.stringify(formats.body));
    expect(formats.body.formats.map(({ site_bank_id: _id, ...f }) => f)).toEqual([
      { skipRows: 2, columns: { date: 0, time: null, amount: 3, reference: 6, sender: 5 } },
    ]);
    await screenshot(office, "457-bank-statement-preview");

    await card.getByTestId("statement-import").click();
    const counts = await card.getByTestId("statement-imported").textContent();
    expect(counts).toContain("นำเข้า 1 รายการ");
    expect(counts).toContain("ซ้ำ 1");
    expect(counts).toContain("อ่านไม่ได้ 1");
    const stored = await site.owner.$client.query(
      "select channel, amount, state, reason from bank_records where bank_ref = 'E2E-STMT-0001'",
    );
    expect(stored.rows).toEqual([{ channel: "statement", amount: "424242", state: "waiting", reason: "no_request" }]);
    await office.locator('[data-testid="bank-record"][data-state="waiting"]').filter({ hasText: "E2E-STMT-0001" }).waitFor();
    await screenshot(office, "458-bank-statement-imported");
    await office.context().close();
  });
});
