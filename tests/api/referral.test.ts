import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { betting, lottery, referral } from "../../src/contract";
import type { BetType } from "../../src/domain/bet-types";
import { bahtToSatang, satangToBaht } from "../../src/domain/money";
import { winningNumbers, winningPairs } from "../../src/domain/results";
import { commissionBp, type CommissionRate, lineCommission, type ReferralLevel } from "../../src/domain/referral";
import { connect } from "../../src/server/db/client";
import { settleRound, writeWinningPairs } from "../../src/server/settlement/settle";
import { THAI } from "../support/app";
import { type Line, placeSlip } from "../support/betting";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, distinctHolder, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { creditOf, fund, ledgerCheck, reportDeposit } from "../support/wallet";

const app = useTestApp();

type Player = Awaited<ReturnType<typeof createPlayer>>;
/** A player with a bank account holder's name of their own (a shared name earns no commission). */
function newPlayer(uuidmother?: string, overrides: Record<string, string> = {}): Promise<Player> {
  return createPlayer(app.t, { bankaccounts: distinctHolder(), ...(uuidmother ? { uuidmother } : {}), ...overrides });
}

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await app.t.owner.$client.query(text, params)).rows as T[];
}

let bankReady = false;
/** A real deposit: amount request, transfer report, operator's approval. */
async function deposit(p: Player, baht: number) {
  if (!bankReady) {
    await post(
      app.t.app,
      "/api/admin/save-mybank",
      { bankname: "scb", bankno: "111-2-33333-4", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
      app.admin,
    );
    bankReady = true;
  }
  const d = await reportDeposit(app.t, p, baht);
  const ok = await post(app.t.app, "/api/admin/approve-paynow", { id: d.id, status: "Approve" }, app.admin);
  expect(ok.statusCode).toBe(200);
}

async function affiliate(p: Player) {
  const r = await call(app.t.app, referral.getTottalPostdigitPriceChildren, { uuid: p.uuid }, p.token);
  if (!r.ok) throw new Error(JSON.stringify(r.body));
  return r.body;
}

/** Closes a round as if its time had come (the owner moves the clock). */
async function close(round: number) {
  await sql(
    `update rounds set close_at = now() - interval '1 second', open_at = least(open_at, now() - interval '2 hours') where id = $1`,
    [round],
  );
}

async function award(round: number, threeTop: string, twoBottom: string, extra: Record<string, unknown> = {}) {
  const r = await call(app.t.app, lottery.addAward, { activityid: round, threeTop, twoBottom, ...extra } as never, app.admin);
  expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
}

async function saveRates(rates: CommissionRate[], minWithdrawal = 100) {
  const r = await call(app.t.app, referral.adminSaveSubsidyConfig, { rates, min_withdrawal: minWithdrawal }, app.admin);
  expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
}

const RATES: CommissionRate[] = [
  { level: 1, lottery_id: null, bet_type: null, bp: 80 },
  { level: 2, lottery_id: null, bet_type: null, bp: 20 },
  { level: 1, lottery_id: "hanoi", bet_type: "ThreeDigit", bp: 150 },
  { level: 1, lottery_id: "laos", bet_type: null, bp: 55 },
];

/** The oracle: each line's commission at each level, from the domain rules, with the price paid. */
function expected(lottery: string, lines: Line[], level: ReferralLevel, discount: Partial<Record<string, number>> = {}): number {
  return lines.reduce((sum, l) => {
    const paid = (bahtToSatang(l.amount) * (100 - (discount[l.award_type] ?? 0))) / 100;
    return sum + lineCommission(paid, commissionBp(RATES, level, lottery, l.award_type as BetType));
  }, 0);
}

const MIXED: Line[] = [
  { award_type: "ThreeDigit", number: "157", amount: 33 },
  { award_type: "ThreeDigit", number: "999", amount: 7 },
  { award_type: "TwoDigit", number: "42", amount: 19 },
  { award_type: "OneDigitOn", number: "5", amount: 11 },
  { award_type: "ThreeDigitToad", number: "751", amount: 3 },
];

describe("a new site's referral terms", () => {
  it("lets commission from 1 ฿ move to the credit until the operator sets another minimum", async () => {
    const config = await call(app.t.app, referral.adminReadSubsidyConfig, {}, app.admin);
    expect(config.ok && config.body.config.min_withdrawal).toBe(1);
  });
});

describe("referral commission", () => {
  it("pays A and B exactly the hand-computed commission of their friends' settled, paid stakes", async () => {
    const a = await newPlayer();
    const b = await newPlayer(a.uuid);
    const c = await newPlayer(b.uuid);
    await saveRates(RATES);

    const hanoi = await makeRound(app.t.db, "hanoi", 600_000);
    const laos = await makeRound(app.t.db, "laos", 600_000);
    const percent = await makeRound(app.t.db, "percent", 600_000);

    // Before B's first approved deposit: B has credit from an adjustment, and that slip earns nothing.
    await fund(app.t, app.admin, b.uuid, 200);
    expect((await placeSlip(app.t, b, hanoi, [{ award_type: "ThreeDigit", number: "157", amount: 50 }])).statusCode).toBe(200);
    await deposit(b, 1000);
    await deposit(c, 1000);

    expect((await placeSlip(app.t, b, hanoi, MIXED)).statusCode).toBe(200);
    expect((await placeSlip(app.t, b, laos, MIXED)).statusCode).toBe(200);
    const pct = await placeSlip(app.t, b, percent, MIXED);
    expect(pct.statusCode).toBe(200);
    // A slip B cancels while the round is open earns nothing.
    const cancelled = await placeSlip(app.t, b, hanoi, [{ award_type: "TwoDigit", number: "11", amount: 100 }]);
    const master = cancelled.body.master_id as number;
    expect((await call(app.t.app, betting.cancelSlip, { uuid: b.uuid, activityid: hanoi, master_id: master }, b.token)).statusCode).toBe(
      200,
    );
    expect((await placeSlip(app.t, c, hanoi, MIXED)).statusCode).toBe(200);

    for (const r of [hanoi, laos, percent]) await close(r);
    await award(hanoi, "157", "42");
    await award(laos, "000", "00");
    await award(percent, "751", "99");

    const discounts = Object.fromEntries(
      (
        await sql<{ bet_type: string; discount_percent: number }>(
          `select bet_type, discount_percent from lotto_config where lottery_id = 'percent' and user_type = 'member'`,
        )
      ).map((r) => [r.bet_type, r.discount_percent]),
    );
    expect(discounts.ThreeDigit).toBeGreaterThan(0);
    const fromB = expected("hanoi", MIXED, 1) + expected("laos", MIXED, 1) + expected("percent", MIXED, 1, discounts);
    const fromC = { a: expected("hanoi", MIXED, 2), b: expected("hanoi", MIXED, 1) };
    expect(fromB).toBeGreaterThan(0);
    expect(fromC.a).toBeGreaterThan(0);

    const totalsA = await affiliate(a);
    expect(bahtToSatang(totalsA.affiliate_credit)).toBe(fromB + fromC.a);
    expect(bahtToSatang(totalsA.commission.all)).toBe(fromB + fromC.a);
    expect((await affiliate(b)).affiliate_credit).toBe(satangToBaht(fromC.b));
    // Eligible stake: B's three slips after the deposit, at the price paid (percent lotto discounted).
    const paidB = (
      await sql<{ s: string }>(
        `select sum(total_paid)::text as s from slips where user_id = $1 and status = 'active' and id > (select min(id) from slips where user_id = $1)`,
        [b.uuid],
      )
    )[0]!.s;
    expect(bahtToSatang(totalsA.stake.all)).toBe(Number(paidB));

    // Settling again, or a result correction, pays nothing more.
    expect(await settleRound(app.t.db, hanoi)).toBe(0);
    await award(hanoi, "999", "42", { correction: true, reason: "แก้ผลทดสอบ" });
    expect(bahtToSatang((await affiliate(a)).affiliate_credit)).toBe(fromB + fromC.a);

    // The friends list is masked and carries no balance; the day report adds up.
    const friends = await call(app.t.app, referral.getRelationship, { uuid: a.uuid }, a.token);
    expect(friends.ok && friends.body.childrenlist).toEqual([expect.objectContaining({ username: expect.stringContaining("***") })]);
    expect(friends.ok && friends.body.level2_count).toBe(1);
    expect(JSON.stringify(friends.body)).not.toContain(b.username);
    const days = await call(app.t.app, referral.readSubsidyByDayPeriod, { uuid: a.uuid, dayperiod: 7 }, a.token);
    expect(days.ok).toBe(true);
    if (days.ok) {
      expect(bahtToSatang(days.body.subsidylist.reduce((s, d) => s + d.commission, 0))).toBe(fromB + fromC.a);
      expect(days.body.subsidylist.map((d) => d.level).sort()).toEqual([1, 2]);
    }
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  }, 120_000);

  it("a round cancelled after settlement takes its commission back; what the balance cannot cover is repaid from later commission", async () => {
    await saveRates(RATES, 1);
    const a = await newPlayer();
    const b = await newPlayer(a.uuid);
    await deposit(b, 2000);
    const startCredit = await creditOf(app.t, b.token);
    const big = MIXED.map((l) => ({ ...l, amount: l.amount * 10 }));
    const first = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await placeSlip(app.t, b, first, big)).statusCode).toBe(200);
    await close(first);
    await award(first, "000", "00");
    const earned = expected("hanoi", big, 1);
    expect(bahtToSatang((await affiliate(a)).affiliate_credit)).toBe(earned);

    // A moves part of it to the credit; the round is then cancelled.
    const moved = Math.floor(earned / 2);
    const w = await call(app.t.app, referral.addWithdrawalAf, { uuid: a.uuid, amount: satangToBaht(moved), note: "" }, a.token);
    expect(w.statusCode, JSON.stringify(w.body)).toBe(200);
    const cancel = await call(app.t.app, lottery.cancelActivity, { activityid: first, note: "ตลาดปิด ไม่มีผล" }, app.admin);
    expect(cancel.statusCode, JSON.stringify(cancel.body)).toBe(200);
    const after = await affiliate(a);
    expect(after.affiliate_credit).toBe(0);
    expect(bahtToSatang(after.debt)).toBe(moved);
    expect(await creditOf(app.t, b.token)).toBe(startCredit);
    expect(earned).toBeGreaterThan(moved);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);

    // The next commission repays the debt first.
    const next = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await placeSlip(app.t, b, next, big)).statusCode).toBe(200);
    await close(next);
    await award(next, "000", "00");
    const repaid = await affiliate(a);
    expect(bahtToSatang(repaid.debt)).toBe(Math.max(0, moved - earned));
    expect(bahtToSatang(repaid.affiliate_credit)).toBe(Math.max(0, earned - moved));
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  }, 120_000);

  it("a settlement killed mid-way, then run by two instances at once, pays each slip's commission once", async () => {
    await saveRates(RATES);
    const a = await newPlayer();
    const friends = [await newPlayer(a.uuid), await newPlayer(a.uuid)];
    for (const f of friends) await deposit(f, 5000);
    const round = await makeRound(app.t.db, "hanoi", 600_000);
    const line: Line[] = [{ award_type: "TwoDigit", number: "42", amount: 13 }];
    for (let i = 0; i < 60; i++) expect((await placeSlip(app.t, friends[i % 2]!, round, line)).statusCode).toBe(200);
    // The result is recorded without settling, as if the process had stopped right after it.
    await close(round);
    await sql(
      `update rounds set status = 'add award', result = '{"kind":"simple","threeTop":"123","twoBottom":"45"}'::jsonb where id = $1`,
      [round],
    );
    const rows = async () =>
      Number((await sql<{ n: string }>(`select count(*)::text as n from referral_commissions where round_id = $1`, [round]))[0]!.n);

    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/settle-child.ts", app.t.db.$client.options.connectionString!, String(round), "3"],
      { stdio: "ignore" },
    );
    const exited = new Promise((r) => child.once("exit", r));
    while (child.exitCode === null && (await rows()) === 0) await new Promise((r) => setTimeout(r, 5));
    child.kill("SIGKILL");
    await exited;
    const atKill = await rows();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(60);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);

    const other = connect(app.t.db.$client.options.connectionString!);
    try {
      await Promise.all([settleRound(app.t.db, round, 4), settleRound(other, round, 4), settleRound(app.t.db, round, 7)]);
    } finally {
      await other.$client.end();
    }
    expect(await rows()).toBe(60);
    expect(bahtToSatang((await affiliate(a)).affiliate_credit)).toBe(60 * expected("hanoi", line, 1));
    expect((await sql<{ at: Date | null }>(`select accruals_settled_at as at from rounds where id = $1`, [round]))[0]!.at).not.toBeNull();
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  }, 120_000);

  it("no commission on a friend who shares the referrer's bank account or phone", async () => {
    await saveRates(RATES);
    const a = await newPlayer(undefined, { bankaccounts: "นาย ซ้ำ ชื่อเดียว" });
    // The same bank account number or phone cannot even register (one account, one player).
    const sameNo = await post(app.t.app, "/register", {
      username: "samebankno1",
      password: "secret-pass-1",
      phonenumber: "0899999901",
      bankaccounts: "คนอื่น",
      bankno: a.bankno,
      bankname: "kbank",
      uuidmother: a.uuid,
    });
    expect(sameNo.statusCode).toBeGreaterThanOrEqual(400);
    expect(sameNo.body.message).toMatch(THAI);
    // The same account holder's name, at another bank account: the friend is the referrer.
    const b = await newPlayer(a.uuid, { bankaccounts: "นาย ซ้ำ  ชื่อเดียว" });
    await deposit(b, 1000);
    const round = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await placeSlip(app.t, b, round, MIXED)).statusCode).toBe(200);
    await close(round);
    await award(round, "157", "42");
    const totals = await affiliate(a);
    expect(totals.affiliate_credit).toBe(0);
    expect(totals.stake.all).toBe(0);
    expect((await sql(`select amount from referral_commissions where friend_id = $1`, [b.uuid])).map((r) => Number(r.amount))).toEqual([0]);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  }, 60_000);

  it("no commission on a friend whose holder's name is the referrer's with a dash, dots or a title (docs/decisions/048)", async () => {
    await saveRates(RATES);
    // Each referrer's name is its own; each friend writes it another way the bank would still show as one person.
    const core = distinctHolder("ชื่อ ซ้ำ");
    const [first, last] = core.split(" ") as [string, string];
    const variants = [`${first}-${last}`, `${first} ${last}.`, `น.ส.${first}.${last}`, `นาย ${first}-${last}`];
    const round = await makeRound(app.t.db, "hanoi", 600_000);
    const friends: Player[] = [];
    for (const [i, variant] of variants.entries()) {
      const referrer = await newPlayer(undefined, { bankaccounts: i % 2 ? `นาย ${core}` : core });
      const friend = await newPlayer(referrer.uuid, { bankaccounts: variant });
      await deposit(friend, 1000);
      expect((await placeSlip(app.t, friend, round, MIXED)).statusCode).toBe(200);
      friends.push(friend);
    }
    // A friend whose name only looks alike still earns the referrer commission: the rule is not "similar".
    const other = await newPlayer(undefined, { bankaccounts: core });
    const real = await newPlayer(other.uuid, { bankaccounts: `${first}-${last}ดี` });
    await deposit(real, 1000);
    expect((await placeSlip(app.t, real, round, MIXED)).statusCode).toBe(200);
    await close(round);
    await award(round, "157", "42");
    const rows = await sql<{ friend_id: string; amount: string }>(
      `select friend_id, amount::text from referral_commissions where level = 1 and friend_id = any($1) order by friend_id`,
      [[...friends.map((f) => f.uuid), real.uuid]],
    );
    const byFriend = new Map(rows.map((r) => [r.friend_id, Number(r.amount)]));
    for (const f of friends) expect(byFriend.get(f.uuid), f.bankaccounts).toBe(0);
    expect(byFriend.get(real.uuid)).toBe(expected("hanoi", MIXED, 1));
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  }, 120_000);
});

describe("who earns, and races", () => {
  it("one person's two accounts never take both levels, a banned referrer earns nothing, and a cancel stops a round's stake counting", async () => {
    await saveRates(RATES);
    const top = await newPlayer(undefined, { bankaccounts: "นาย สอง บัญชี" });
    // The same holder's name at another bank: `mid` is `top` again.
    const mid = await newPlayer(top.uuid, { bankaccounts: "นายสอง บัญชี" });
    const friend = await newPlayer(mid.uuid);
    await deposit(friend, 1000);
    const round = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await placeSlip(app.t, friend, round, MIXED)).statusCode).toBe(200);
    // A slip too small to earn a satang still counts as stake until its round is cancelled.
    expect((await placeSlip(app.t, friend, round, [{ award_type: "TwoDigit", number: "01", amount: 1 }])).statusCode).toBe(200);
    await close(round);
    await award(round, "157", "42");
    expect(bahtToSatang((await affiliate(mid)).affiliate_credit)).toBe(expected("hanoi", MIXED, 1));
    expect((await affiliate(mid)).stake.all).toBe(74);
    expect((await affiliate(top)).affiliate_credit).toBe(0);

    const cancel = await call(app.t.app, lottery.cancelActivity, { activityid: round, note: "ยกเลิกทดสอบ" }, app.admin);
    expect(cancel.statusCode, JSON.stringify(cancel.body)).toBe(200);
    expect(await affiliate(mid)).toMatchObject({ affiliate_credit: 0, debt: 0, stake: { all: 0 }, commission: { all: 0 } });

    const banned = await newPlayer();
    const f2 = await newPlayer(banned.uuid);
    await deposit(f2, 1000);
    expect(
      (await post(app.t.app, "/api/admin/ban-player", { uuid: banned.uuid, banned: true, reason: "ทดสอบการแบน" }, app.admin)).statusCode,
    ).toBe(200);
    const r2 = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await placeSlip(app.t, f2, r2, MIXED)).statusCode).toBe(200);
    await close(r2);
    await award(r2, "157", "42");
    expect((await sql(`select amount from referral_commissions where friend_id = $1`, [f2.uuid])).map((r) => Number(r.amount))).toEqual([
      0,
    ]);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  }, 60_000);

  it("settling rounds, cancelling a settled one and moving commission, all at once for a referrer who also wins, end without a deadlock or a lost satang", async () => {
    await saveRates(RATES, 0.01);
    const a = await newPlayer();
    const friends = [await newPlayer(a.uuid), await newPlayer(a.uuid)];
    await deposit(a, 5000);
    for (const f of friends) await deposit(f, 5000);
    for (let round = 0; round < 4; round++) {
      const settled = await makeRound(app.t.db, "hanoi", 600_000);
      const pending = await makeRound(app.t.db, "hanoi", 600_000);
      for (const r of [settled, pending]) {
        // The referrer wins in both rounds too, so settlement touches both of A's accounts.
        expect((await placeSlip(app.t, a, r, [{ award_type: "TwoDigit", number: "42", amount: 10 }])).statusCode).toBe(200);
        for (const f of friends) expect((await placeSlip(app.t, f, r, MIXED)).statusCode).toBe(200);
        await close(r);
      }
      await award(settled, "157", "42");
      await sql(
        `update rounds set status = 'add award', result = '{"kind":"simple","threeTop":"157","twoBottom":"42"}'::jsonb where id = $1`,
        [pending],
      );
      await app.t.db.transaction((tx) =>
        writeWinningPairs(tx, pending, winningPairs(winningNumbers({ kind: "simple", threeTop: "157", twoBottom: "42" }))),
      );
      const results = await Promise.allSettled([
        settleRound(app.t.db, pending, 1),
        call(app.t.app, lottery.cancelActivity, { activityid: settled, note: "ยกเลิกพร้อมกัน" }, app.admin),
        ...Array.from({ length: 4 }, () =>
          call(app.t.app, referral.addWithdrawalAf, { uuid: a.uuid, amount: 0.05, note: "" }, a.token, {
            headers: { "idempotency-key": randomUUID() },
          }),
        ),
      ]);
      for (const r of results) {
        expect(r.status, r.status === "rejected" ? String(r.reason) : "").toBe("fulfilled");
        if (r.status === "fulfilled" && typeof r.value === "object" && "statusCode" in r.value) {
          expect([200, 400, 409], JSON.stringify(r.value.body)).toContain(r.value.statusCode);
          expect(JSON.stringify(r.value.body)).not.toMatch(/deadlock|40P01/);
        }
      }
      expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
    }
  }, 120_000);
});

describe("payout edits keep the bound", () => {
  it("a payout rate or restricted price that would let commission exceed half the edge is refused, a lower one saved", async () => {
    await saveRates(RATES);
    const tooHigh = await post(
      app.t.app,
      "/api/admin/update-lotto-config",
      {
        configID: "laos",
        userType: "member",
        betType: "ThreeDigit",
        rate: 990,
        minStake: 1,
        maxStake: 2000,
        maxPerNumber: 20000,
        discountPercent: 0,
      },
      app.admin,
    );
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.body.message).toMatch(/ค่าคอมแนะนำเพื่อน.*สามตัวบน/);
    expect(
      (
        await sql<{ rate_x100: number }>(
          `select rate_x100 from lotto_config where lottery_id = 'laos' and bet_type = 'ThreeDigit' and user_type = 'member'`,
        )
      )[0]!.rate_x100,
    ).toBe(90_000);
    const round = await makeRound(app.t.db, "laos", 600_000);
    const price = await post(
      app.t.app,
      "/api/admin/add-digit-price",
      { activity_id: round, award_type: "ThreeDigit", number: "123", new_price: 990 },
      app.admin,
    );
    expect(price.statusCode).toBe(400);
    expect(price.body.message).toMatch(/ค่าคอมแนะนำเพื่อน/);
    expect(
      (
        await post(
          app.t.app,
          "/api/admin/add-digit-price",
          { activity_id: round, award_type: "ThreeDigit", number: "123", new_price: 700 },
          app.admin,
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe("moving commission to the credit", () => {
  it("20 concurrent moves never overdraw the affiliate balance; a retried key moves once", async () => {
    await saveRates(RATES, 1);
    const a = await newPlayer();
    const b = await newPlayer(a.uuid);
    await deposit(b, 10_000);
    const round = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await placeSlip(app.t, b, round, [{ award_type: "ThreeDigit", number: "000", amount: 2000 }])).statusCode).toBe(200);
    await close(round);
    await award(round, "111", "11");
    const balance = bahtToSatang((await affiliate(a)).affiliate_credit);
    expect(balance).toBe(30_00); // 2,000 ฿ at 1.5 %
    const creditBefore = await creditOf(app.t, a.token);

    const each = 4; // baht: 20 × 4 = 80 ฿ asked, 30 ฿ there
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(app.t.app, referral.addWithdrawalAf, { uuid: a.uuid, amount: each, note: "" }, a.token, {
          headers: { "idempotency-key": randomUUID() },
        }),
      ),
    );
    const ok = answers.filter((r) => r.ok).length;
    expect(ok).toBe(Math.floor(balance / bahtToSatang(each)));
    for (const r of answers.filter((x) => !x.ok)) {
      expect(r.statusCode).toBe(400);
      expect(r.body.msg).toMatch(THAI);
    }
    const left = await affiliate(a);
    expect(bahtToSatang(left.affiliate_credit)).toBe(balance - ok * bahtToSatang(each));
    expect(bahtToSatang(await creditOf(app.t, a.token)) - bahtToSatang(creditBefore)).toBe(ok * bahtToSatang(each));

    // The same key twice: one move, the same answer.
    const key = randomUUID();
    const once = await call(app.t.app, referral.addWithdrawalAf, { uuid: a.uuid, amount: "1.00", note: "ทดสอบ" }, a.token, {
      headers: { "idempotency-key": key },
    });
    const twice = await call(app.t.app, referral.addWithdrawalAf, { uuid: a.uuid, amount: "1.00", note: "ทดสอบ" }, a.token, {
      headers: { "idempotency-key": key },
    });
    expect(once.ok && twice.ok && twice.body.id === once.body.id).toBe(true);
    const list = await call(app.t.app, referral.readWithdrawalListAf, { uuid: a.uuid, dayperiod: 1 }, a.token);
    expect(list.ok && list.body.withdrawallist.length).toBe(ok + 1);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  }, 60_000);

  it("refuses below the minimum and bad amounts in Thai, writing nothing", async () => {
    await saveRates(RATES, 100);
    const a = await newPlayer();
    const count = async () =>
      Number((await sql<{ n: string }>(`select count(*)::text as n from affiliate_withdrawals where user_id = $1`, [a.uuid]))[0]!.n);
    for (const amount of [50, 0, -5, "abc", 1.234, "1e3", null]) {
      const r = await post(app.t.app, "/api/add-withdrawal-af", { uuid: a.uuid, amount, note: "" }, a.token);
      expect(r.statusCode, String(amount)).toBe(400);
      expect(String(r.body.msg ?? r.body.message)).toMatch(THAI);
    }
    const short = await post(app.t.app, "/api/add-withdrawal-af", { uuid: a.uuid, amount: 100, note: "" }, a.token);
    expect(short.statusCode).toBe(400);
    expect(short.body.msg).toMatch(/ค่าคอมคงเหลือไม่พอ/);
    expect(await count()).toBe(0);
  });
});

describe("access and validation", () => {
  it("another player's uuid gets 403 and no token 401 on every call; bad input 400 in Thai", async () => {
    const a = await newPlayer();
    const other = await newPlayer();
    const calls: Array<[string, Record<string, unknown>]> = [
      ["/api/get-relationship", { uuid: a.uuid }],
      ["/api/get-tottalpostdigitpricechildren", { uuid: a.uuid }],
      ["/api/read-subsidyByDayPeriod", { uuid: a.uuid, dayperiod: 7 }],
      ["/api/read-subsidyConfig", { typeconfig: "subsidy", uuid: a.uuid }],
      ["/api/add-withdrawal-af", { uuid: a.uuid, amount: 100, note: "" }],
      ["/api/read-withdrawallist-af", { uuid: a.uuid, dayperiod: 7 }],
    ];
    for (const [url, body] of calls) {
      expect((await post(app.t.app, url, body, other.token)).statusCode, url).toBe(403);
      expect((await post(app.t.app, url, body)).statusCode, url).toBe(401);
      expect((await post(app.t.app, url, { ...body, uuid: "not-a-uuid" }, a.token)).statusCode, url).toBe(400);
    }
    for (const dayperiod of [0, 400, "x"]) {
      const r = await post(app.t.app, "/api/read-subsidyByDayPeriod", { uuid: a.uuid, dayperiod }, a.token);
      expect(r.statusCode).toBe(400);
      expect(r.body.message).toMatch(THAI);
    }
    expect((await post(app.t.app, "/api/read-subsidyConfig", { typeconfig: "wallet", uuid: a.uuid }, a.token)).statusCode).toBe(400);
    const config = await call(app.t.app, referral.readSubsidyConfig, { typeconfig: "subsidy", uuid: a.uuid }, a.token);
    expect(config.ok && JSON.parse(config.body.config_str)).toMatchObject({ rates: expect.any(Array), min_withdrawal: expect.any(Number) });
    for (const url of [
      "/api/admin/read-subsidy-config",
      "/api/admin/save-subsidy-config",
      "/api/admin/referral-tree",
      "/api/admin/change-referrer",
    ]) {
      expect((await post(app.t.app, url, { uuid: a.uuid }, a.token)).statusCode, url).toBe(403);
    }
  });

  it("refuses rates above half the house edge, naming the bet type and the highest rate allowed, and keeps the old ones", async () => {
    await saveRates(RATES);
    // ThreeDigit pays 900: a house edge of 10 %, so both levels together may take at most 5 %.
    const r = await call(
      app.t.app,
      referral.adminSaveSubsidyConfig,
      {
        rates: [
          { level: 1, lottery_id: null, bet_type: null, bp: 80 },
          { level: 1, lottery_id: "hanoi", bet_type: "ThreeDigit", bp: 450 },
          { level: 2, lottery_id: null, bet_type: null, bp: 60 },
        ],
        min_withdrawal: 100,
      },
      app.admin,
    );
    expect(r.statusCode).toBe(400);
    expect(r.body).toMatchObject({ message: expect.stringMatching(/สามตัวบน.*สูงสุด 5%/) });
    const now = await call(app.t.app, referral.adminReadSubsidyConfig, {}, app.admin);
    expect(now.ok && now.body.config.rates).toEqual(RATES);
    const typeWithoutLottery = await post(
      app.t.app,
      "/api/admin/save-subsidy-config",
      { rates: [{ level: 1, lottery_id: null, bet_type: "TwoDigit", bp: 10 }], min_withdrawal: 100 },
      app.admin,
    );
    expect(typeWithoutLottery.statusCode).toBe(400);
    expect(typeWithoutLottery.body.message).toMatch(THAI);
    const within = await call(
      app.t.app,
      referral.adminSaveSubsidyConfig,
      { rates: [...RATES.slice(0, 2), { level: 1, lottery_id: "hanoi", bet_type: "ThreeDigit", bp: 480 }], min_withdrawal: 100 },
      app.admin,
    );
    expect(within.statusCode).toBe(200);
    await saveRates(RATES);
  });

  it("the operator sees a player's tree and changes a referrer with a reason, audited, never into a ring", async () => {
    const a = await newPlayer();
    const b = await newPlayer(a.uuid);
    const c = await newPlayer(b.uuid);
    const tree = await call(app.t.app, referral.adminReferralTree, { uuid: a.uuid }, app.admin);
    expect(tree.ok && tree.body.friends.map((f) => [f.username, f.level])).toEqual([
      [b.username, 1],
      [c.username, 2],
    ]);
    const ring = await call(app.t.app, referral.adminChangeReferrer, { uuid: a.uuid, referrer_uuid: c.uuid, reason: "ทดสอบวง" }, app.admin);
    expect(ring.statusCode).toBe(409);
    expect(
      (await call(app.t.app, referral.adminChangeReferrer, { uuid: c.uuid, referrer_uuid: a.uuid, reason: "" }, app.admin)).statusCode,
    ).toBe(400);
    const moved = await call(
      app.t.app,
      referral.adminChangeReferrer,
      { uuid: c.uuid, referrer_uuid: a.uuid, reason: "ผู้เล่นแจ้งผู้แนะนำผิด" },
      app.admin,
    );
    expect(moved.statusCode).toBe(200);
    const audit = await sql<{ before: unknown; after: unknown }>(
      `select before, after from audit_log where action = 'referral.change' and target = $1`,
      [`user:${c.uuid}`],
    );
    expect(audit).toEqual([{ before: { referrer: b.uuid }, after: { referrer: a.uuid, reason: "ผู้เล่นแจ้งผู้แนะนำผิด" } }]);
  });
});
