import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { wallet } from "../../src/contract";
import { baht, formatMoney } from "../../src/domain/money";
import { THAI } from "../support/app";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, post } from "../support/players";
import { creditOf, ledgerCheck } from "../support/wallet";

// The open deposit request (docs/decisions/035-open-deposit-request.md): a player who asked for an amount
// finds it again on every visit until they report it, it expires, or they cancel it.
const app = useTestApp();

beforeAll(async () => {
  const saved = await post(
    app.t.app,
    "/api/admin/save-mybank",
    { bankname: "scb", bankno: "111-2-33333-4", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
    app.admin,
  );
  expect(saved.statusCode).toBe(200);
});
// gent-amount takes 20 a minute from one address; every request here comes from one.
beforeEach(async () => {
  await app.t.owner.$client.query(`delete from rate_limits where key like '%/api/gent-amount %'`);
});

async function ask(token: string, amount: number) {
  const res = await call(app.t.app, wallet.gentAmount, { amount }, token);
  if (!res.ok) throw new Error(`gent-amount ${res.statusCode}: ${JSON.stringify(res.body)}`);
  return res.body;
}

const report = (token: string, r: { amount: number; transection: string }) =>
  post(
    app.t.app,
    "/api/add-paynow",
    { amount: r.amount, paytime: new Date().toISOString(), comment: "", bankname: "kbank", transection: r.transection },
    token,
  );

const cancel = (token: string, transection: string) => post(app.t.app, "/api/cancel-deposit-request", { transection }, token);

async function stateOf(transection: string): Promise<string> {
  return (await app.t.db.$client.query("select state from deposit_requests where transection = $1", [transection])).rows[0].state;
}

it("without a bank relay (no BANK_FEED_SECRET) the page is not told that credit comes by itself", async () => {
  const p = await createPlayer(app.t);
  const res = await call(app.t.app, wallet.readWalletConfig, {}, p.token);
  expect(res.ok && res.body.autoDeposit).toBe(false);
});

describe("the open deposit request", () => {
  it("comes back on a new visit with the same amount, account, QR and time", async () => {
    const p = await createPlayer(app.t);
    const issued = await ask(p.token, 1000);
    // A new visit: nothing is kept in the page, the server answers.
    const again = await call(app.t.app, wallet.readOpenDepositRequest, {}, p.token);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.body.request).toEqual({
      amount: issued.amount,
      transection: issued.transection,
      expiresAt: issued.expiresAt,
      bank: issued.bank,
      qrPayload: issued.qrPayload,
    });
    expect(again.body.request!.bank).toMatchObject({ bankname: "scb", bankno: "1112333334" });
    // Listed in the history as waiting for the transfer.
    const list = await call(app.t.app, wallet.readDepositRequests, { uuid: p.uuid, dayperiod: 1 }, p.token);
    expect(list.ok && list.body.depositRequests.map((r) => [r.transection, r.state, r.amount])).toEqual([
      [issued.transection, "open", issued.amount],
    ]);
  });

  it("keeps the account it was given even when the operator changes the site's account", async () => {
    const p = await createPlayer(app.t);
    const issued = await ask(p.token, 700);
    const banks = await post(app.t.app, "/api/admin-get-mybank", {}, app.admin);
    const first = (banks.body.bankArr as Array<{ id: number }>).sort((a, b) => a.id - b.id)[0]!;
    await post(
      app.t.app,
      "/api/admin/save-mybank",
      { bankname: "kbank", bankno: "999-9-99999-9", bankaccounts: "บัญชีใหม่", promptpay: "0899999999" },
      app.admin,
    );
    await post(
      app.t.app,
      "/api/admin/save-mybank",
      { id: first.id, bankname: "scb", bankno: "111-2-33333-4", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678", active: false },
      app.admin,
    );
    try {
      const again = await call(app.t.app, wallet.readOpenDepositRequest, {}, p.token);
      expect(again.ok && again.body.request).toMatchObject({
        transection: issued.transection,
        bank: { bankno: "1112333334" },
        qrPayload: issued.qrPayload,
      });
    } finally {
      await post(
        app.t.app,
        "/api/admin/save-mybank",
        { id: first.id, bankname: "scb", bankno: "111-2-33333-4", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678", active: true },
        app.admin,
      );
      await app.t.owner.$client.query("update site_bank_accounts set active = false where id <> $1", [first.id]);
    }
  });

  it("asking again for the same amount answers the same request; another amount is refused in Thai, pointing to it", async () => {
    const p = await createPlayer(app.t);
    const issued = await ask(p.token, 1000);
    const same = await Promise.all([ask(p.token, 1000), ask(p.token, 1000)]);
    expect(same.map((s) => s.transection)).toEqual([issued.transection, issued.transection]);
    expect(same.map((s) => s.amount)).toEqual([issued.amount, issued.amount]);
    const other = await call(app.t.app, wallet.gentAmount, { amount: 500 }, p.token);
    expect(other.statusCode).toBe(409);
    expect(other.body.status).not.toBe("Success");
    expect(!other.ok && other.body.message).toContain(formatMoney(baht(issued.amount)));
    expect(!other.ok && other.body.message).toMatch(/ยกเลิก/);
    const held = await app.t.db.$client.query("select transection, state from deposit_requests where user_id = $1 order by id", [p.uuid]);
    expect(held.rows).toEqual([{ transection: issued.transection, state: "open" }]);
    // The first request can still be reported: it was never replaced.
    expect((await report(p.token, issued)).statusCode).toBe(200);
  });

  it("the player cancels it: it is gone from the page, listed as cancelled, cannot be reported, and a new amount can be asked", async () => {
    const p = await createPlayer(app.t);
    const issued = await ask(p.token, 800);
    const cancelled = await cancel(p.token, issued.transection);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body.message).toMatch(THAI);
    const open = await call(app.t.app, wallet.readOpenDepositRequest, {}, p.token);
    expect(open.ok && open.body.request).toBeNull();
    const late = await report(p.token, issued);
    expect(late.statusCode).toBe(409);
    expect(late.body.message).toMatch(/ยกเลิกแล้ว/);
    const twice = await cancel(p.token, issued.transection);
    expect(twice.statusCode).toBe(409);
    expect(twice.body.message).toMatch(THAI);
    const next = await ask(p.token, 500);
    expect(next.transection).not.toBe(issued.transection);
    const list = await call(app.t.app, wallet.readDepositRequests, { uuid: p.uuid, dayperiod: 1 }, p.token);
    const states = list.ok ? list.body.depositRequests.map((r) => [r.transection, r.state]).sort() : [];
    expect(states).toEqual(
      [
        [issued.transection, "cancelled"],
        [next.transection, "open"],
      ].sort(),
    );
  });

  it("an expired request is not returned, cannot be cancelled, and shows as expired", async () => {
    const p = await createPlayer(app.t);
    const issued = await ask(p.token, 600);
    await app.t.owner.$client.query("update deposit_requests set expires_at = now() - interval '1 second' where transection = $1", [
      issued.transection,
    ]);
    const open = await call(app.t.app, wallet.readOpenDepositRequest, {}, p.token);
    expect(open.ok && open.body.request).toBeNull();
    const cancelled = await cancel(p.token, issued.transection);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.body.message).toMatch(/หมดเวลา/);
    const list = await call(app.t.app, wallet.readDepositRequests, { uuid: p.uuid, dayperiod: 1 }, p.token);
    expect(list.ok && list.body.depositRequests.map((r) => [r.transection, r.state])).toEqual([[issued.transection, "expired"]]);
    // Asking again gives a new amount: the expired one is no longer held.
    const next = await ask(p.token, 600);
    expect(next.transection).not.toBe(issued.transection);
  });

  it("a reported request is no longer open and cannot be cancelled", async () => {
    const p = await createPlayer(app.t);
    const issued = await ask(p.token, 450);
    expect((await report(p.token, issued)).statusCode).toBe(200);
    const open = await call(app.t.app, wallet.readOpenDepositRequest, {}, p.token);
    expect(open.ok && open.body.request).toBeNull();
    const cancelled = await cancel(p.token, issued.transection);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.body.message).toMatch(/แจ้งโอนแล้ว/);
    expect(await stateOf(issued.transection)).toBe("used");
  });

  it("another player cannot see or cancel it (403), and unknown or malformed references are refused in Thai", async () => {
    const [a, b] = [await createPlayer(app.t), await createPlayer(app.t)];
    const issued = await ask(a.token, 900);
    const other = await call(app.t.app, wallet.readOpenDepositRequest, {}, b.token);
    expect(other.ok && other.body.request).toBeNull();
    expect((await post(app.t.app, "/api/read-open-deposit-request", { uuid: a.uuid }, b.token)).statusCode).toBe(403);
    expect((await post(app.t.app, "/api/read-deposit-requests", { uuid: a.uuid, dayperiod: 7 }, b.token)).statusCode).toBe(403);
    const stolen = await cancel(b.token, issued.transection);
    expect(stolen.statusCode).toBe(403);
    expect(
      (await post(app.t.app, "/api/cancel-deposit-request", { transection: issued.transection, uuid: a.uuid }, b.token)).statusCode,
    ).toBe(403);
    expect(await stateOf(issued.transection)).toBe("open");
    const unknown = await cancel(a.token, "DP0000000000ZZZZZZ");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toMatch(THAI);
    const bad = await cancel(a.token, "x'; drop table deposit_requests;--");
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toMatch(THAI);
    expect((await cancel("", issued.transection)).statusCode).toBe(401);
    expect(await stateOf(issued.transection)).toBe("open");
  });
});

describe("cancel racing a report or an approval", () => {
  it("a cancel and a report of the same request at once: exactly one wins, every time", async () => {
    const p = await createPlayer(app.t);
    const winners: string[] = [];
    for (let i = 0; i < 8; i++) {
      await app.t.owner.$client.query(`delete from rate_limits where key like '%/api/gent-amount %'`);
      const issued = await ask(p.token, 300 + i);
      const [c, r] = await Promise.all([cancel(p.token, issued.transection), report(p.token, issued)]);
      const records = (
        await app.t.db.$client.query("select count(*)::int as n from pay_records where transection = $1", [issued.transection])
      ).rows[0].n;
      const state = await stateOf(issued.transection);
      if (c.statusCode === 200) {
        expect(r.statusCode).toBe(409);
        expect(r.body.message).toMatch(/ยกเลิก/);
        expect([state, records]).toEqual(["cancelled", 0]);
        winners.push("cancel");
      } else {
        expect([c.statusCode, r.statusCode]).toEqual([409, 200]);
        expect([state, records]).toEqual(["used", 1]);
        winners.push("report");
        // Reported: the operator decides it, so the next round's request is not capped by waiting reports.
        expect((await post(app.t.app, "/api/admin/approve-paynow", { id: r.body.id, status: "Reject" }, app.admin)).statusCode).toBe(200);
      }
    }
    expect(winners).toHaveLength(8);
  });

  it("a cancel and an approval at once: the approval credits once, the cancel is refused", async () => {
    const p = await createPlayer(app.t);
    const issued = await ask(p.token, 250);
    const reported = await report(p.token, issued);
    expect(reported.statusCode).toBe(200);
    const [c, a] = await Promise.all([
      cancel(p.token, issued.transection),
      post(app.t.app, "/api/admin/approve-paynow", { id: reported.body.id, status: "Approve" }, app.admin),
    ]);
    expect([c.statusCode, a.statusCode]).toEqual([409, 200]);
    expect(await creditOf(app.t, p.token)).toBe(issued.amount);
    expect(await stateOf(issued.transection)).toBe("closed");
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });
});
