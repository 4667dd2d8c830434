import { expect, it } from "vitest";
import { backOffice } from "../../src/contract";
import { settleRound } from "../../src/server/settlement/settle";
import { THAI } from "../support/app";
import { placeSlip } from "../support/betting";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, distinctHolder, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { fund, ledgerCheck, reportDeposit } from "../support/wallet";

const app = useTestApp();
const q = async (text: string, params: unknown[] = []) => (await app.t.owner.$client.query(text, params)).rows;
const satang = async (text: string, params: unknown[] = []) => Number((await q(text, params))[0].s ?? 0) / 100;
const bangkokDay = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

it("the report per day and lottery equals sums computed from the real slips, deposits, withdrawals and commission, and adds up with the ledger", async () => {
  const { t, admin } = app;
  expect(
    (await post(t.app, "/api/admin/save-mybank", { bankname: "scb", bankno: "4445556667", bankaccounts: "บริษัท หวย จำกัด" }, admin))
      .statusCode,
  ).toBe(200);
  // Names of their own: a friend sharing the referrer's bank account name earns the referrer nothing.
  const alice = await createPlayer(t, { bankaccounts: distinctHolder() });
  const bob = await createPlayer(t, { bankaccounts: distinctHolder(), uuidmother: alice.uuid });
  // Money in: two approved deposits, one rejected, and an operator's credit.
  for (const [p, amount, decision] of [
    [alice, 500, "Approve"],
    [bob, 300, "Approve"],
    [bob, 170, "Reject"],
  ] as const) {
    const d = await reportDeposit(t, p, amount);
    expect((await post(t.app, "/api/admin/approve-paynow", { id: d.id, status: decision }, admin)).statusCode).toBe(200);
  }
  await fund(t, admin, bob.uuid, 1_000);

  // Play: a settled hanoi round (alice wins the two-digit, bob the three-digit), and a laos slip placed and then cancelled by its owner.
  const hanoi = await makeRound(t.db, "hanoi", 600_000);
  expect((await placeSlip(t, alice, hanoi, [{ award_type: "TwoDigit", number: "42", amount: 10 }])).statusCode).toBe(200);
  expect(
    (
      await placeSlip(t, bob, hanoi, [
        { award_type: "TwoDigit", number: "24", amount: 20 },
        { award_type: "ThreeDigit", number: "157", amount: 5 },
      ])
    ).statusCode,
  ).toBe(200);
  const laos = await makeRound(t.db, "laos", 600_000);
  const cancelled = await placeSlip(t, alice, laos, [{ award_type: "TwoDigit", number: "11", amount: 30 }]);
  expect(cancelled.statusCode).toBe(200);
  const laosSlip = Number((await q("select id from slips where round_id = $1", [laos]))[0].id);
  const cancel = await post(
    t.app,
    "/api/cancel-allpostnumber-mockdata",
    { uuid: alice.uuid, master_id: laosSlip, activityid: laos },
    alice.token,
  );
  expect(cancel.statusCode, JSON.stringify(cancel.body)).toBe(200);
  expect((await post(t.app, "/api/admin/close-activity", { activityid: hanoi }, admin)).statusCode).toBe(200);
  expect((await post(t.app, "/api/admin/add-award", { activityid: hanoi, threeTop: "157", twoBottom: "42" }, admin)).statusCode).toBe(200);
  // Commission is paid with the round's accruals (the ticker's settlement step): run it now.
  await settleRound(t.db, hanoi);
  expect((await q("select accruals_settled_at from rounds where id = $1", [hanoi]))[0].accruals_settled_at).not.toBeNull();

  // Money out: one withdrawal paid, one refused.
  for (const [p, amount, decision] of [
    [alice, 100, "Approve"],
    [bob, 150, "Reject"],
  ] as const) {
    const w = await post(t.app, "/api/add-withdrawal", { uuid: p.uuid, amount: String(amount), note: "", bankname: p.bankname }, p.token);
    expect(w.statusCode, JSON.stringify(w.body)).toBe(200);
    expect((await post(t.app, "/api/admin/approve-withdrawal", { id: w.body.id, status: decision }, admin)).statusCode).toBe(200);
  }

  // The same figures, each from its own records rather than the ledger.
  const stakes = await satang("select sum(total_paid) as s from slips where status <> 'cancel activity'");
  const payouts = await satang("select sum(payout) as s from slip_lines where result = 'win'");
  const commission = await satang("select sum(amount) as s from referral_commissions where reversed_at is null");
  const deposits = await satang("select sum(amount) as s from pay_records where status = 'Approve'");
  const withdrawals = await satang("select sum(amount) as s from withdrawals where status = 'Approve'");
  expect([stakes, payouts, withdrawals]).toEqual([35, 10 * 90 + 5 * 900, 100]);
  expect(commission).toBeGreaterThan(0); // bob was referred by alice
  expect(deposits).toBeGreaterThanOrEqual(800); // each amount carries a few satang that make it unique
  expect(deposits).toBeLessThan(802);

  const today = bangkokDay(new Date());
  expect((await call(t.app, backOffice.adminReport, { from: today, to: today }, alice.token)).statusCode).toBe(403);
  const audits = Number((await q("select count(*) as n from audit_log where action = 'report.read'"))[0].n);
  const res = await call(t.app, backOffice.adminReport, { from: today, to: today }, admin);
  expect(res.ok).toBe(true);
  if (!res.ok) return;
  expect(Number((await q("select count(*) as n from audit_log where action = 'report.read'"))[0].n)).toBe(audits + 1);
  const house = stakes - payouts - commission;
  const expected = { day: today, stakes, payouts, commission, bonuses: 0, deposits, withdrawals, adjustments: 1_000, gameFees: 0, house };
  expect(res.body.days).toEqual([expected]);
  const { day: _day, ...totals } = expected;
  expect(res.body.totals).toEqual(totals);

  const byLottery = Object.fromEntries(res.body.lotteries.map((l) => [l.lotteryId, l]));
  expect(Object.keys(byLottery).sort()).toEqual(["hanoi", "laos"]);
  expect(byLottery.hanoi).toMatchObject({ day: today, stakes, payouts, commission, deposits: 0, withdrawals: 0, house });
  expect(byLottery.hanoi!.lotteryName).toMatch(THAI);
  // The cancelled slip's stake came back: the lottery shows no stake and no result.
  expect(byLottery.laos).toMatchObject({ stakes: 0, payouts: 0, house: 0 });

  // The figures add up with the ledger: all-time deposits and withdrawals are the house accounts' balances.
  const accounts = async (kind: string) => satang("select sum(balance) as s from accounts where owner_id is null and kind = $1", [kind]);
  expect(-(await accounts("house:deposits"))).toBe(res.body.totals.deposits);
  expect(await accounts("house:withdrawals_paid")).toBe(res.body.totals.withdrawals);
  expect(await accounts("house:stakes")).toBe(res.body.totals.stakes);
  expect(-(await accounts("house:payouts"))).toBe(res.body.totals.payouts);
  expect((await ledgerCheck(t, admin)).ok).toBe(true);

  // Another period: yesterday had none of it.
  const yesterday = bangkokDay(new Date(Date.now() - 86_400_000));
  const before = await call(t.app, backOffice.adminReport, { from: yesterday, to: yesterday }, admin);
  if (before.ok) expect(before.body).toMatchObject({ days: [], lotteries: [], totals: { stakes: 0, deposits: 0, house: 0 } });
  else expect.fail("report refused");
});

it("a bad period is refused in Thai and leaves no audit row", async () => {
  const { t, admin } = app;
  const audits = Number((await q("select count(*) as n from audit_log where action = 'report.read'"))[0].n);
  for (const body of [
    { from: "2026-02-30", to: "2026-03-01" },
    { from: "2026-03-02", to: "2026-03-01" },
    { from: "2024-01-01", to: "2026-01-01" },
    { from: "1/3/2569", to: "2026-03-01" },
    { from: "2026-03-01" },
  ]) {
    const res = await post(t.app, "/api/admin/report", body, admin);
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    expect(res.body.message).toMatch(THAI);
  }
  expect(Number((await q("select count(*) as n from audit_log where action = 'report.read'"))[0].n)).toBe(audits);
  expect((await post(t.app, "/api/admin/report", { from: "2026-03-01", to: "2026-03-01" })).statusCode).toBe(401);
});
