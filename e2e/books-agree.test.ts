import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { account, betting } from "../src/contract";
import type { Movement } from "../src/contract/account";
import type { Slip } from "../src/contract/betting";
import { type Baht, baht, bahtToSatang, formatCredit, formatMoney, satangToBaht } from "../src/domain/money";
import { SLIP_STATUS, type SlipStatusKey } from "../src/domain/slip";
import { PATHS } from "../src/web/lib/paths";
import { formatRate } from "../src/web/lib/bet-lines";
import { placeSlip, type Line } from "../tests/support/betting";
import { call } from "../tests/support/call";
import { createPlayer, post } from "../tests/support/players";
import { makeRound } from "../tests/support/rounds";
import { adminToken, fund } from "../tests/support/wallet";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT, wholeText } from "./support/harness";
import { useSite } from "./support/site";

// The screens agree with the books: every money figure one player reads (the header's credit, the slip list
// and its totals, each slip's detail, the money history) is the API's figure and the ledger's, after a win, a
// loss, a cancelled round (refund), an early close with its result, and a corrected result (decisions 026, 036,
// 037). Figures are compared as printed (formatMoney of a labelled amount: baht() for an API figure,
// satangToBaht() for a ledger one), in sets keyed by slip id and ledger entry id.

const site = useSite();
let admin: string;

beforeAll(async () => {
  admin = await adminToken(site);
});

/** Printed as the pages print money. */
const shown = (amount: Baht) => `${formatMoney(amount)} ฿`;

/** Moves a round's times 3 minutes back: its close (and an early close) is past the 2-minute grace. */
async function pastGrace(roundId: number) {
  await site.owner.$client.query(
    `update rounds set open_at = open_at - interval '3 minutes', close_at = least(close_at, now()) - interval '3 minutes',
       closed_at = closed_at - interval '3 minutes' where id = $1`,
    [roundId],
  );
}

async function ok(res: Promise<{ statusCode: number; body: unknown }>) {
  const r = await res;
  expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
  return r.body as Record<string, unknown>;
}

type LedgerEntry = { id: number; kind: string; reference: string; amount: number; balanceAfter: number };

/** The player's credit account as the ledger keeps it (satang). */
async function ledgerOf(uuid: string) {
  const balance = await site.owner.$client.query("select balance from accounts where owner_id = $1 and kind = 'credit'", [uuid]);
  const entries = await site.owner.$client.query(
    `select e.id, x.kind, x.reference, e.amount, e.balance_after from ledger_entries e
       join ledger_transactions x on x.id = e.transaction_id join accounts a on a.id = e.account_id
     where a.owner_id = $1 and a.kind = 'credit' order by e.id`,
    [uuid],
  );
  return {
    balance: Number(balance.rows[0].balance),
    entries: entries.rows.map((r: { id: string; kind: string; reference: string; amount: string; balance_after: string }): LedgerEntry => ({
      id: Number(r.id),
      kind: r.kind,
      reference: r.reference,
      amount: Number(r.amount),
      balanceAfter: Number(r.balance_after),
    })),
  };
}

describe("the screens agree with the books", () => {
  it("header, slip list, slip details and money history show the API's figures and the ledger's", async () => {
    const player = await createPlayer(site);
    await fund(site, admin, player.uuid, 1000);

    // One slip per round, so a round's refunds and payouts in the ledger are that slip's.
    const cases: Array<{ name: string; round: number; lines: Line[]; state: SlipStatusKey; masterId?: number }> = [
      {
        name: "win",
        round: 0,
        lines: [
          { award_type: "TwoDigit", number: "42", amount: 10 },
          { award_type: "TwoDigit", number: "43", amount: 10 },
        ],
        state: "won",
      },
      { name: "loss", round: 0, lines: [{ award_type: "TwoDigit", number: "11", amount: 5 }], state: "lost" },
      {
        name: "round cancelled",
        round: 0,
        lines: [
          { award_type: "ThreeDigit", number: "321", amount: 2 },
          { award_type: "OneDigit", number: "7", amount: 3 },
        ],
        state: "returned",
      },
      { name: "closed early", round: 0, lines: [{ award_type: "ThreeDigit", number: "123", amount: 2 }], state: "won" },
      {
        name: "corrected",
        round: 0,
        lines: [
          { award_type: "TwoDigit", number: "77", amount: 10 },
          { award_type: "TwoDigit", number: "55", amount: 3 },
        ],
        state: "won",
      },
    ];
    for (const c of cases) {
      c.round = await makeRound(site.db, "hanoi", 60 * 60_000);
      c.masterId = (await ok(placeSlip(site, player, c.round, c.lines))).master_id as number;
    }
    const [win, loss, cancelled, early, corrected] = cases as [
      (typeof cases)[0],
      (typeof cases)[0],
      (typeof cases)[0],
      (typeof cases)[0],
      (typeof cases)[0],
    ];

    // Win, loss and correction: the round's planned close passes, then the result.
    for (const c of [win, loss, corrected]) {
      await pastGrace(c.round);
      await ok(
        post(site.app, "/api/admin/add-award", { activityid: c.round, threeTop: "000", twoBottom: c === corrected ? "77" : "42" }, admin),
      );
    }
    // Corrected: 77 paid 900 ฿, then the result becomes 55: the 900 is taken back and 3 × 90 paid.
    await ok(
      post(
        site.app,
        "/api/admin/add-award",
        { activityid: corrected.round, threeTop: "000", twoBottom: "55", correction: true, reason: "พิมพ์ผลผิด" },
        admin,
      ),
    );
    // The operator cancels a round: its slip is refunded.
    await ok(post(site.app, "/api/admin/cancel-activity", { activityid: cancelled.round, note: "งวดนี้ยกเลิกการออกผล" }, admin));
    // Closed early by the operator, then its result; its close moved past the grace.
    await ok(post(site.app, "/api/admin/close-activity", { activityid: early.round }, admin));
    await ok(post(site.app, "/api/admin/add-award", { activityid: early.round, threeTop: "123", twoBottom: "99" }, admin));
    await pastGrace(early.round);

    // The wins are marked seen, so the win toast does not cover the pages read below.
    const notice = await ok(post(site.app, "/api/read-win-notice", {}, player.token));
    if ((notice.upTo as number) > 0) await ok(post(site.app, "/api/seen-win-notice", { upTo: notice.upTo }, player.token));

    // ---- The books: the ledger (satang) and the API (baht).
    const ledger = await ledgerOf(player.uuid);
    const apiCredit = (await ok(post(site.app, "/api/get-credit", {}, player.token))).credit as number;
    const listAnswer = await call(site.app, betting.postdigitList, { period: 7 }, player.token);
    if (!listAnswer.ok) throw new Error(JSON.stringify(listAnswer.body));
    const apiSlips = new Map<number, Slip>(listAnswer.body.postdigit_list.map((s) => [s.master_id, s]));
    const apiTotals = listAnswer.body.totals;
    const historyAnswer = await call(site.app, account.readMoneyHistory, { uuid: player.uuid, dayperiod: 30, limit: 100 }, player.token);
    if (!historyAnswer.ok) throw new Error(JSON.stringify(historyAnswer.body));
    expect(historyAnswer.body.next).toBeNull();
    const apiMovements = new Map<number, Movement>(historyAnswer.body.list.map((m) => [m.id, m]));

    // The balance the bets make: 1000 − 20 − 5 − 2 − 13 (the cancelled round's 5 refunded) + 900 + 1800 + 270.
    expect(ledger.balance).toBe(bahtToSatang(baht(1000 - 20 - 5 - 2 - 13 + 900 + 1800 + 270)));
    // The credit: API and ledger.
    expect(formatCredit(baht(apiCredit))).toBe(formatCredit(satangToBaht(ledger.balance)));

    // Per slip, from the ledger: what it cost (its stake entry) and what its round paid it (payouts,
    // reversals) or gave back (refund).
    const ledgerSlip = new Map<number, { paid: number; won: number; refunded: number }>();
    for (const c of cases) {
      const mine = (e: LedgerEntry) => e.reference.startsWith(`round:${c.round}:`);
      ledgerSlip.set(c.masterId!, {
        paid: -ledger.entries.filter((e) => e.kind === "stake" && e.reference === `slip:${c.masterId}`).reduce((s, e) => s + e.amount, 0),
        won: ledger.entries
          .filter((e) => mine(e) && (e.kind === "payout" || e.kind === "payout.reversal"))
          .reduce((s, e) => s + e.amount, 0),
        refunded: ledger.entries.filter((e) => mine(e) && e.kind === "stake.refund").reduce((s, e) => s + e.amount, 0),
      });
    }
    expect([...ledgerSlip.values()].map((s) => s.won)).toEqual([90_000, 0, 0, 180_000, 27_000]);
    expect(ledgerSlip.get(cancelled.masterId!)!.refunded).toBe(ledgerSlip.get(cancelled.masterId!)!.paid);

    // The slip list's API against the ledger: each row, then the totals.
    expect(new Set(apiSlips.keys())).toEqual(new Set(cases.map((c) => c.masterId)));
    for (const c of cases) {
      const s = apiSlips.get(c.masterId!)!;
      const l = ledgerSlip.get(c.masterId!)!;
      expect(s.state, c.name).toBe(c.state);
      expect(shown(baht(s.totalPaid)), c.name).toBe(shown(satangToBaht(l.paid)));
      expect(shown(baht(s.totalWin)), c.name).toBe(shown(satangToBaht(l.won)));
    }
    const standing = cases.filter((c) => c.state !== "returned" && c.state !== "cancelled");
    expect(apiTotals.count).toBe(cases.length);
    expect(shown(baht(apiTotals.staked))).toBe(shown(satangToBaht(standing.reduce((s, c) => s + ledgerSlip.get(c.masterId!)!.paid, 0))));
    expect(shown(baht(apiTotals.won))).toBe(
      shown(
        satangToBaht(ledger.entries.filter((e) => e.kind === "payout" || e.kind === "payout.reversal").reduce((s, e) => s + e.amount, 0)),
      ),
    );

    // The money history's API against the ledger entries, by entry id.
    expect(new Set(apiMovements.keys())).toEqual(new Set(ledger.entries.map((e) => e.id)));
    for (const e of ledger.entries) {
      const m = apiMovements.get(e.id)!;
      expect(m.kind, `entry ${e.id}`).toBe(e.kind);
      expect(formatMoney(baht(m.amount)), `entry ${e.id}`).toBe(formatMoney(satangToBaht(e.amount)));
      expect(formatMoney(baht(m.balance_after)), `entry ${e.id}`).toBe(formatMoney(satangToBaht(e.balanceAfter)));
    }
    expect(formatCredit(baht(historyAnswer.body.credit))).toBe(formatCredit(satangToBaht(ledger.balance)));

    // ---- The screens.
    const { page } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
    await page
      .getByTestId("credit")
      .filter({ hasText: wholeText(formatCredit(satangToBaht(ledger.balance))) })
      .waitFor();
    expect(await page.getByTestId("credit").textContent()).toBe(formatCredit(baht(apiCredit)));

    // The slip list: one row per slip, in the state the API says.
    await page.goto(`${PATHS.reviewPostList}?period=7`);
    const rowOf = (id: number) => page.locator(`[data-testid="slip-row"][data-master-id="${id}"]`);
    for (const c of cases)
      await page.locator(`[data-testid="slip-row"][data-master-id="${c.masterId}"][data-status="${c.state}"]`).waitFor();
    const listedIds = await page.getByTestId("slip-row").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-master-id"))));
    expect(new Set(listedIds)).toEqual(new Set(apiSlips.keys()));
    expect(listedIds.length).toBe(apiSlips.size);
    for (const c of cases) {
      const s = apiSlips.get(c.masterId!)!;
      const l = ledgerSlip.get(c.masterId!)!;
      const row = rowOf(c.masterId!);
      expect(await row.getByTestId("slip-status").textContent(), c.name).toBe(SLIP_STATUS[s.state].label);
      const total = await row.getByTestId("slip-total").textContent();
      expect(total, c.name).toBe(formatMoney(baht(s.totalPaid)));
      expect(total, c.name).toBe(formatMoney(satangToBaht(l.paid)));
      if (s.state === "won") {
        const won = await row.getByTestId("slip-win").textContent();
        expect(won, c.name).toBe(`ถูก ${shown(baht(s.totalWin))}`);
        expect(won, c.name).toBe(`ถูก ${shown(satangToBaht(l.won))}`);
      } else {
        expect(await row.getByTestId("slip-win").count(), c.name).toBe(0);
      }
    }
    expect(await page.getByTestId("total-count").textContent()).toBe(String(apiTotals.count));
    expect(await page.getByTestId("total-staked").textContent()).toBe(shown(baht(apiTotals.staked)));
    expect(await page.getByTestId("total-won").textContent()).toBe(shown(baht(apiTotals.won)));
    expect(await page.getByTestId("total-won").textContent()).toBe(
      shown(satangToBaht(standing.reduce((s, c) => s + ledgerSlip.get(c.masterId!)!.won, 0))),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "400-books-slip-list");

    // Each slip's detail against /api/get-ref-masterID and the ledger.
    for (const c of cases) {
      const answer = await call(site.app, betting.getRefMasterId, { ref_masterID: c.masterId! }, player.token);
      if (!answer.ok) throw new Error(JSON.stringify(answer.body));
      const s = answer.body.postDigitMasterObj;
      expect(s.state, c.name).toBe(c.state);
      await checkDetail(page, c.name, s, ledgerSlip.get(c.masterId!)!);
      if (c === corrected) await screenshot(page, "401-books-slip-detail-corrected");
      await page.getByTestId("slip-detail").getByRole("button", { name: "ปิด", exact: true }).click();
      await page.getByTestId("slip-detail").waitFor({ state: "detached" });
    }

    // The money history: every ledger entry of the credit account, by id, amount and balance after.
    await page.goto(`${PATHS.mainCredit}?tab=history`);
    const rows = page.getByTestId("movement-row");
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="movement-row"]').length === n, ledger.entries.length);
    const seen = await rows.evaluateAll((els) =>
      els.map((e) => ({
        id: Number(e.getAttribute("data-id")),
        kind: e.getAttribute("data-kind"),
        amount: e.querySelector('[data-testid="movement-amount"]')!.textContent,
        balance: e.querySelector('[data-testid="movement-balance"]')!.textContent,
      })),
    );
    const seenById = new Map(seen.map((r) => [r.id, r]));
    expect(seenById.size).toBe(seen.length);
    expect(new Set(seenById.keys())).toEqual(new Set(ledger.entries.map((e) => e.id)));
    for (const e of ledger.entries) {
      const r = seenById.get(e.id)!;
      const m = apiMovements.get(e.id)!;
      const sign = (x: number) => (x > 0 ? "+" : "−");
      expect(r.kind, `entry ${e.id}`).toBe(e.kind);
      expect(r.amount, `entry ${e.id}`).toBe(`${sign(e.amount)}${shown(satangToBaht(Math.abs(e.amount)))}`);
      expect(r.amount, `entry ${e.id}`).toBe(`${sign(m.amount)}${shown(baht(Math.abs(m.amount)))}`);
      expect(r.balance, `entry ${e.id}`).toBe(`คงเหลือ ${shown(satangToBaht(e.balanceAfter))}`);
      expect(r.balance, `entry ${e.id}`).toBe(`คงเหลือ ${shown(baht(m.balance_after))}`);
    }
    await expect(page.getByTestId("history-credit").textContent()).resolves.toBe(formatCredit(satangToBaht(ledger.balance)));
    expect(await page.getByTestId("credit").textContent()).toBe(formatCredit(baht(apiCredit)));
    await page.context().close();
  });
});

/** Opens a slip from the list and reads its detail against the API's slip and the ledger's figures for it. */
async function checkDetail(page: Page, name: string, s: Slip, l: { paid: number; won: number }) {
  await page.locator(`[data-testid="slip-row"][data-master-id="${s.master_id}"]`).click();
  const detail = page.locator(`[data-testid="slip-detail"][data-master-id="${s.master_id}"][data-status="${s.state}"]`);
  await detail.waitFor();
  const settled = s.state === "won" || s.state === "lost";
  const lines = detail.getByTestId("slip-line");
  expect(await lines.count(), name).toBe(s.lines.length);
  for (const line of s.lines) {
    const card = detail.locator(`[data-testid="slip-line"][data-bet-type="${line.award_type}"][data-number="${line.number}"]`);
    expect(await card.count(), `${name} ${line.number}`).toBe(1);
    // Stake and rate.
    expect(await card.textContent(), `${name} ${line.number}`).toContain(
      `แทง ${shown(baht(line.amount))} × ${formatRate(line.priceReturn)}`,
    );
    // What it paid (settled) or would pay: the stake times the rate, worked out here in satang.
    const wouldPay = satangToBaht(Math.round(line.amount * 100 * line.priceReturn));
    const win = await card.getByTestId("slip-line-win").textContent();
    if (!settled) expect(win, `${name} ${line.number}`).toBe(`ถูกได้ ${shown(wouldPay)}`);
    else if (line.result === "win") {
      expect(win, `${name} ${line.number}`).toBe(`ได้ ${shown(baht(line.payout!))}`);
      expect(win, `${name} ${line.number}`).toBe(`ได้ ${shown(wouldPay)}`);
    } else expect(win, `${name} ${line.number}`).toBe(`ได้ ${shown(baht(0))}`);
  }
  // The line payouts add up to the slip's win, and that is what the ledger paid for its round.
  const paidLines = s.lines.reduce((sum, line) => sum + Math.round((line.payout ?? 0) * 100), 0);
  expect(shown(satangToBaht(paidLines)), name).toBe(shown(satangToBaht(l.won)));
  const total = await detail.getByTestId("detail-total").textContent();
  expect(total, name).toBe(shown(baht(s.totalAmount)));
  expect(total, name).toBe(shown(satangToBaht(l.paid)));
  if (s.state === "won") {
    const won = await detail.getByTestId("detail-win").textContent();
    expect(won, name).toBe(shown(baht(s.totalWin)));
    expect(won, name).toBe(shown(satangToBaht(l.won)));
  } else {
    expect(await detail.getByTestId("detail-win").count(), name).toBe(0);
  }
}
