import { sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bank, wallet } from "../../src/contract";
import { THAI } from "../support/app";
import { BANK_FEED_SECRET, simulatedBank } from "../support/bank";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, post } from "../support/players";
import { creditOf, ledgerCheck, reportDeposit } from "../support/wallet";
import { checkLedger } from "../../src/server/wallet/ledger-check";

// Automatic deposits (docs/decisions/045-automatic-deposits.md): a simulated bank signs records of incoming
// transfers; each credits the player's request once, or waits in the operator's queue with its reason.
const app = useTestApp({ bankFeedSecret: BANK_FEED_SECRET });
const ACCOUNT = "1112333334";
const OTHER_ACCOUNT = "2223444445";
const bankOf = () => simulatedBank(app.t.app, ACCOUNT);

type Player = Awaited<ReturnType<typeof createPlayer>>;

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await app.t.owner.$client.query(text, params)).rows as T[];

beforeAll(async () => {
  for (const b of [
    { bankname: "scb", bankno: "111-2-33333-4", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
    { bankname: "kbank", bankno: "222-3-44444-5", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "" },
  ]) {
    expect((await post(app.t.app, "/api/admin/save-mybank", b, app.admin)).statusCode).toBe(200);
  }
});
// gent-amount takes 20 a minute and the feed 120 from one address; every request here comes from one.
beforeEach(async () => {
  await q(`delete from rate_limits where key like '%/api/gent-amount %' or key like '%/api/admin/bank-feed %'`);
});
afterEach(async () => {
  const books = await ledgerCheck(app.t, app.admin);
  expect(books).toMatchObject({ ok: true, recordMismatches: [] });
});

async function ask(p: Player, amount: number) {
  const res = await call(app.t.app, wallet.gentAmount, { amount }, p.token);
  if (!res.ok) throw new Error(`gent-amount ${res.statusCode}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function requestTimes(transection: string) {
  const [row] = await q<{ created_at: Date; expires_at: Date; state: string }>(
    `select created_at, expires_at, state from deposit_requests where transection = $1`,
    [transection],
  );
  return row!;
}

async function recordOf(id: number) {
  const [row] = await q<{ state: string; reason: string | null; pay_record_id: string | null; matched_by: string | null }>(
    `select state, reason, pay_record_id, matched_by from bank_records where id = $1`,
    [id],
  );
  return row!;
}

async function depositMovements(transection: string): Promise<number> {
  const [row] = await q<{ n: number }>(
    `select count(*)::int as n from ledger_transactions t join pay_records p on t.reference = 'paynow:' || p.id
     where t.kind = 'deposit' and p.transection = $1`,
    [transection],
  );
  return row!.n;
}

const recordCount = async () => (await q<{ n: number }>(`select count(*)::int as n from bank_records`))[0]!.n;

async function setSettings(over: Partial<{ autoApprove: boolean; autoMax: number; clockToleranceMinutes: number }>) {
  const res = await call(
    app.t.app,
    bank.adminUpdateBankSettings,
    { autoApprove: true, autoMax: 50_000, clockToleranceMinutes: 5, ...over },
    app.admin,
  );
  expect(res.statusCode).toBe(200);
}

describe("the bank feed", () => {
  it("the same record delivered 5 times at once is stored once and credits once, approved by the system", async () => {
    const p = await createPlayer(app.t);
    const req = await ask(p, 500);
    const b = bankOf();
    const record = b.record(req.amount);
    const sent = await Promise.all([1, 2, 3, 4, 5].map(() => b.send([record])));
    expect(sent.map((s) => s.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const answers = sent.map((s) => s.body.records![0]!);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    // The repeats waited for the first delivery's commit: they all see it matched.
    expect(answers.map((a) => a.state)).toEqual(["matched", "matched", "matched", "matched", "matched"]);
    expect(await creditOf(app.t, p.token)).toBe(req.amount);
    expect(await depositMovements(req.transection)).toBe(1);
    expect((await q(`select 1 from bank_records where bank_ref = $1`, [record.bank_ref])).length).toBe(1);

    const [pay] = await q<{ id: string; status: string; decided_by: string | null; slip: Buffer | null }>(
      `select id, status, decided_by, slip from pay_records where transection = $1`,
      [req.transection],
    );
    expect(pay).toMatchObject({ status: "Approve", decided_by: null, slip: null });
    expect(await recordOf(answers[0]!.id)).toMatchObject({ state: "matched", matched_by: "system", pay_record_id: pay!.id, reason: null });
    const audit = await q<{ action: string; actor_id: string | null; after: Record<string, unknown> }>(
      `select action, actor_id, after from audit_log where target in ($1, $2) order by id`,
      [`paynow:${pay!.id}`, `bank-record:${answers[0]!.id}`],
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: "paynow.approve",
        actor_id: null,
        after: expect.objectContaining({ by: "bank", status: "Approve" }),
      }),
      expect.objectContaining({
        action: "bank.match",
        actor_id: null,
        after: expect.objectContaining({ by: "system", transection: req.transection }),
      }),
    ]);
  });

  it("a record before or after the request's window (beyond the tolerance) waits; one at the tolerance's edge credits", async () => {
    const p = await createPlayer(app.t);
    const req = await ask(p, 600);
    const { created_at, expires_at } = await requestTimes(req.transection);
    const tolerance = 5 * 60_000;
    const b = bankOf();
    const at = (ms: number) => b.record(req.amount, { time: new Date(ms).toISOString() });
    const before = await b.send([at(created_at.getTime() - tolerance - 1000)]);
    const after = await b.send([at(expires_at.getTime() + tolerance + 1000)]);
    for (const res of [before, after]) {
      expect(res.statusCode).toBe(200);
      expect(res.body.records![0]).toMatchObject({ state: "waiting", duplicate: false });
      expect(await recordOf(res.body.records![0]!.id)).toMatchObject({ state: "waiting", reason: "outside_window" });
    }
    expect(await creditOf(app.t, p.token)).toBe(0);
    const during = await b.send([at(created_at.getTime() - tolerance)]);
    expect(during.body.records![0]).toMatchObject({ state: "matched" });
    expect(await creditOf(app.t, p.token)).toBe(req.amount);
    expect(await depositMovements(req.transection)).toBe(1);
  });

  it("two players with requests of different amounts and one record: only the one whose amount it is gets credit", async () => {
    const [p1, p2] = [await createPlayer(app.t), await createPlayer(app.t)];
    const [r1, r2] = [await ask(p1, 700), await ask(p2, 800)];
    const sent = await bankOf().send([bankOf().record(r2.amount)]);
    expect(sent.body.records![0]).toMatchObject({ state: "matched" });
    expect(await creditOf(app.t, p2.token)).toBe(r2.amount);
    expect(await creditOf(app.t, p1.token)).toBe(0);
    expect((await requestTimes(r1.transection)).state).toBe("open");
    expect((await requestTimes(r2.transection)).state).toBe("closed");
  });

  it("a sender whose shown digits do not fit the player's account waits; digits that fit credit", async () => {
    const p = await createPlayer(app.t);
    const req = await ask(p, 900);
    const digits = p.bankno.slice(5, 9);
    const wrong = digits.slice(0, 3) + String((Number(digits[3]) + 1) % 10);
    const b = bankOf();
    const mismatch = await b.send([b.record(req.amount, { from_account: `xxx-x-x${wrong}-x`, from_bank: "kbank" })]);
    expect(await recordOf(mismatch.body.records![0]!.id)).toMatchObject({ state: "waiting", reason: "sender_mismatch" });
    expect(await creditOf(app.t, p.token)).toBe(0);
    const fits = await b.send([b.record(req.amount, { from_account: `xxx-x-x${digits}-x`, from_bank: "kbank" })]);
    expect(fits.body.records![0]).toMatchObject({ state: "matched" });
    expect(await creditOf(app.t, p.token)).toBe(req.amount);
  });

  it("a manual approval racing the feed credits once, whichever wins (several rounds)", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const p = await createPlayer(app.t);
      const d = await reportDeposit(app.t, p, 1000 + round);
      const b = bankOf();
      const [approval, fed] = await Promise.all([
        post(app.t.app, "/api/admin/approve-paynow", { id: d.id, status: "Approve" }, app.admin),
        b.send([b.record(d.amount)]),
      ]);
      expect(fed.statusCode).toBe(200);
      const record = await recordOf(fed.body.records![0]!.id);
      if (approval.statusCode === 200) {
        expect(record).toMatchObject({ state: "waiting", reason: "request_not_open" });
        outcomes.add("operator");
      } else {
        expect(approval.statusCode).toBe(409);
        expect(approval.body.message).toMatch(/อนุมัติไปแล้ว/);
        expect(record).toMatchObject({ state: "matched", pay_record_id: String(d.id) });
        outcomes.add("feed");
      }
      expect(await creditOf(app.t, p.token)).toBe(d.amount);
      expect(await depositMovements(d.transection)).toBe(1);
      expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("a player who reports after the feed matched is told it is credited, and credited once", async () => {
    const p = await createPlayer(app.t);
    const req = await ask(p, 1100);
    expect((await bankOf().send([bankOf().record(req.amount)])).body.records![0]).toMatchObject({ state: "matched" });
    const report = await post(
      app.t.app,
      "/api/add-paynow",
      { amount: req.amount, paytime: new Date().toISOString(), comment: "", bankname: "kbank", transection: req.transection },
      p.token,
    );
    expect(report.statusCode).toBe(409);
    expect(report.body.message).toMatch(/เข้าเครดิต/);
    expect(await creditOf(app.t, p.token)).toBe(req.amount);
    expect((await q(`select 1 from pay_records where transection = $1`, [req.transection])).length).toBe(1);
  });

  it("a player who reported first has that report approved by the feed; the operator's approval then changes nothing", async () => {
    const p = await createPlayer(app.t);
    const d = await reportDeposit(app.t, p, 1200);
    const fed = await bankOf().send([bankOf().record(d.amount)]);
    expect(await recordOf(fed.body.records![0]!.id)).toMatchObject({ state: "matched", pay_record_id: String(d.id) });
    expect(await creditOf(app.t, p.token)).toBe(d.amount);
    const late = await post(app.t.app, "/api/admin/approve-paynow", { id: d.id, status: "Approve" }, app.admin);
    expect(late.statusCode).toBe(409);
    expect(late.body.message).toMatch(/อนุมัติไปแล้ว/);
    expect(await creditOf(app.t, p.token)).toBe(d.amount);
    expect(await depositMovements(d.transection)).toBe(1);
  });

  it("a malformed, unsigned, wrongly signed batch or one naming an unknown account writes nothing", async () => {
    const p = await createPlayer(app.t);
    const req = await ask(p, 1300);
    const b = bankOf();
    const good = b.record(req.amount);
    const before = await recordCount();
    const refusals = [
      await b.send([good, { ...b.record(10), amount: "ห้าร้อย" }]),
      await b.send([good, { ...b.record(10), time: "28/11/2569 14:03" }]),
      await b.send([]),
      await b.send([], { raw: "{not json" }),
      await b.send([good], { sign: false }),
      await b.send([good], { secret: "another-secret-another-secret-another-0" }),
      await b.send([good, simulatedBank(app.t.app, "9998887776").record(10)]),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 401, 401, 400]);
    for (const r of refusals) expect(r.body.message).toMatch(THAI);
    // The relay's operator may read no Thai: the feed's own refusals say it in English too.
    for (const r of refusals) expect(r.body.message).toMatch(/[a-z]{4}/);
    expect(refusals[0]!.body.message).toContain("records.1.amount");
    expect(refusals[6]!.body.message).toContain("9998887776");
    expect(await recordCount()).toBe(before);
    expect(await creditOf(app.t, p.token)).toBe(0);
    expect((await requestTimes(req.transection)).state).toBe("open");
    const logged = await q<{ problem: string }>(
      `select after->>'problem' as problem from audit_log where action = 'bank-feed.rejected' order by id`,
    );
    expect(logged.map((l) => l.problem)).toEqual(expect.arrayContaining(["missing or malformed X-Feed-Timestamp", "bad signature"]));
    // The same record, signed and well-formed, is taken.
    expect((await b.send([good])).body.records![0]).toMatchObject({ state: "matched", duplicate: false });
    expect(await creditOf(app.t, p.token)).toBe(req.amount);
  });

  it("a record whose receiving account is another than the request's waits with wrong_account", async () => {
    const p = await createPlayer(app.t);
    const req = await ask(p, 1400);
    const other = simulatedBank(app.t.app, OTHER_ACCOUNT);
    const sent = await other.send([other.record(req.amount)]);
    expect(await recordOf(sent.body.records![0]!.id)).toMatchObject({ state: "waiting", reason: "wrong_account" });
    expect(await creditOf(app.t, p.token)).toBe(0);
  });
});

describe("the operator's settings and queue", () => {
  it("with automatic approval off a match waits (auto_off); above the upper amount it waits (over_auto_max)", async () => {
    try {
      const said = async (token: string) => {
        const res = await call(app.t.app, wallet.readWalletConfig, {}, token);
        return res.ok ? res.body.autoDeposit : null;
      };
      // The deposit page says the credit comes by itself only while it does (a relay's secret is set here).
      expect(await said(app.admin)).toBe(true);
      await setSettings({ autoApprove: false });
      expect(await said(app.admin)).toBe(false);
      const p = await createPlayer(app.t);
      const req = await ask(p, 1500);
      const off = await bankOf().send([bankOf().record(req.amount)]);
      expect(await recordOf(off.body.records![0]!.id)).toMatchObject({ state: "waiting", reason: "auto_off" });
      await setSettings({ autoApprove: true, autoMax: 1000 });
      const p2 = await createPlayer(app.t);
      const big = await ask(p2, 1600);
      const over = await bankOf().send([bankOf().record(big.amount)]);
      expect(await recordOf(over.body.records![0]!.id)).toMatchObject({ state: "waiting", reason: "over_auto_max" });
      expect(await creditOf(app.t, p.token)).toBe(0);
      expect(await creditOf(app.t, p2.token)).toBe(0);
      const audit = await q(`select 1 from audit_log where action = 'bank.settings'`);
      expect(audit.length).toBeGreaterThanOrEqual(2);
    } finally {
      await setSettings({});
    }
    const read = await call(app.t.app, bank.adminBankSettings, {}, app.admin);
    expect(read.ok && read.body.settings).toEqual({ autoApprove: true, autoMax: 50_000, clockToleranceMinutes: 5 });
  });

  it("the operator matches a waiting record (audited with the reason) and returns another; neither twice", async () => {
    const p = await createPlayer(app.t);
    let req: Awaited<ReturnType<typeof ask>>;
    let waitingId: number;
    try {
      await setSettings({ autoApprove: false });
      req = await ask(p, 1700);
      waitingId = (await bankOf().send([bankOf().record(req.amount, { from_account: "X" + p.bankno.slice(-4) })])).body.records![0]!.id;
    } finally {
      await setSettings({});
    }
    const queue = await call(app.t.app, bank.adminBankRecords, { state: "waiting", days: 1 }, app.admin);
    expect(queue.ok).toBe(true);
    const listed = queue.ok ? queue.body.records.find((r) => r.id === waitingId) : undefined;
    expect(listed).toMatchObject({ state: "waiting", reason: "auto_off", account: ACCOUNT, amount: req.amount });
    expect(listed!.candidates).toEqual([
      expect.objectContaining({
        transection: req.transection,
        uuid: p.uuid,
        request_state: "open",
        sender_fits: true,
        in_window: true,
        same_account: true,
      }),
    ]);

    const matched = await call(
      app.t.app,
      bank.adminMatchBankRecord,
      { id: waitingId, transection: req.transection, reason: "ตรวจสอบแล้ว ยอดตรง" },
      app.admin,
    );
    expect(matched.ok && matched.body.record).toMatchObject({
      state: "matched",
      reason: null,
      matched: { transection: req.transection, uuid: p.uuid, by: "operator" },
    });
    expect(await creditOf(app.t, p.token)).toBe(req.amount);
    const audit = await q<{ after: Record<string, unknown> }>(`select after from audit_log where action = 'bank.match' and target = $1`, [
      `bank-record:${waitingId}`,
    ]);
    expect(audit).toEqual([{ after: expect.objectContaining({ by: "operator", reason: "ตรวจสอบแล้ว ยอดตรง" }) }]);
    const again = await call(
      app.t.app,
      bank.adminMatchBankRecord,
      { id: waitingId, transection: req.transection, reason: "อีกครั้ง" },
      app.admin,
    );
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatchObject({ message: expect.stringMatching(THAI) });

    // A second record of the same amount: its request is credited already; it can only be returned.
    const second = (await bankOf().send([bankOf().record(req.amount)])).body.records![0]!.id;
    expect(await recordOf(second)).toMatchObject({ state: "waiting", reason: "request_not_open" });
    const credited = await call(
      app.t.app,
      bank.adminMatchBankRecord,
      { id: second, transection: req.transection, reason: "ลองจับคู่" },
      app.admin,
    );
    expect(credited.statusCode).toBe(409);
    expect(credited.body).toMatchObject({ message: expect.stringMatching(/เติมเครดิตไปแล้ว/) });
    const returned = await call(app.t.app, bank.adminReturnBankRecord, { id: second, reason: "โอนซ้ำ คืนเงินผู้โอน" }, app.admin);
    expect(returned.ok && returned.body.record).toMatchObject({ state: "returned", returned: { reason: "โอนซ้ำ คืนเงินผู้โอน" } });
    expect((await call(app.t.app, bank.adminReturnBankRecord, { id: second, reason: "อีกครั้ง" }, app.admin)).statusCode).toBe(409);
    expect(
      await q(`select after->>'reason' as reason from audit_log where action = 'bank.return' and target = $1`, [`bank-record:${second}`]),
    ).toEqual([{ reason: "โอนซ้ำ คืนเงินผู้โอน" }]);
    expect(await creditOf(app.t, p.token)).toBe(req.amount);
    expect(await depositMovements(req.transection)).toBe(1);
  });

  it("the operator may match a record to an expired request: the money did arrive", async () => {
    const p = await createPlayer(app.t);
    const req = await ask(p, 1800);
    await q(`update deposit_requests set state = 'expired' where transection = $1`, [req.transection]);
    const id = (await bankOf().send([bankOf().record(req.amount)])).body.records![0]!.id;
    expect(await recordOf(id)).toMatchObject({ state: "waiting", reason: "request_not_open" });
    const matched = await call(app.t.app, bank.adminMatchBankRecord, { id, transection: req.transection, reason: "ลูกค้าโอนช้า" }, app.admin);
    expect(matched.ok).toBe(true);
    expect(await creditOf(app.t, p.token)).toBe(req.amount);
    expect((await requestTimes(req.transection)).state).toBe("closed");
  });

  it("a player gets 403 from every back-office call of the bank", async () => {
    const p = await createPlayer(app.t);
    const calls = [
      await call(app.t.app, bank.adminBankRecords, { state: "waiting", days: 1 }, p.token),
      await call(app.t.app, bank.adminMatchBankRecord, { id: 1, transection: "DP2611281234ABCDEF", reason: "ทดสอบสิทธิ์" }, p.token),
      await call(app.t.app, bank.adminReturnBankRecord, { id: 1, reason: "ทดสอบสิทธิ์" }, p.token),
      await call(app.t.app, bank.adminBankSettings, {}, p.token),
      await call(app.t.app, bank.adminUpdateBankSettings, { autoApprove: false, autoMax: 1, clockToleranceMinutes: 0 }, p.token),
    ];
    expect(calls.map((c) => c.statusCode)).toEqual([403, 403, 403, 403, 403]);
    const read = await call(app.t.app, bank.adminBankSettings, {}, app.admin);
    expect(read.ok && read.body.settings.autoApprove).toBe(true);
  });
});

describe("the player's side and crashes", () => {
  it("read-open-deposit-request names the credit (lastCredited) once the feed matched", async () => {
    const p = await createPlayer(app.t);
    const req = await ask(p, 1900);
    const before = await call(app.t.app, wallet.readOpenDepositRequest, {}, p.token);
    expect(before.ok && before.body).toMatchObject({ request: { transection: req.transection }, lastCredited: null });
    await bankOf().send([bankOf().record(req.amount)]);
    const after = await call(app.t.app, wallet.readOpenDepositRequest, {}, p.token);
    expect(after.ok && after.body).toMatchObject({ request: null, lastCredited: { transection: req.transection, amount: req.amount } });
  });

  it("a match killed after its posting leaves nothing; the relay's next delivery credits exactly once", async () => {
    const p = await createPlayer(app.t);
    const req = await ask(p, 2000);
    const b = bankOf();
    const record = b.record(req.amount);
    // Another session holds the deposit-points lock of the player, taken after the ledger posting: the match
    // stops there, its money already moved inside the transaction, and is killed.
    const blocker = await app.t.owner.$client.connect();
    try {
      await blocker.query(`select pg_advisory_lock(hashtextextended('points:deposit:' || $1, 0))`, [p.uuid]);
      const pending = b.send([record]);
      const waiting = async () =>
        (
          await q<{ pid: number }>(
            `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%points:deposit:%'`,
          )
        ).map((w) => w.pid);
      await expect.poll(waiting, { timeout: 20_000, interval: 10 }).toHaveLength(1);
      const [pid] = await waiting();
      // The posting is made, not yet committed.
      await q(`select pg_terminate_backend($1)`, [pid]);
      expect((await pending).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await blocker.query(`select pg_advisory_unlock_all()`);
      blocker.release();
    }
    expect((await q(`select 1 from bank_records where bank_ref = $1`, [record.bank_ref])).length).toBe(0);
    expect(await creditOf(app.t, p.token)).toBe(0);
    expect((await requestTimes(req.transection)).state).toBe("open");
    expect(await depositMovements(req.transection)).toBe(0);

    const redelivered = await b.send([record]);
    expect(redelivered.body.records![0]).toMatchObject({ state: "matched", duplicate: false });
    const once_more = await b.send([record]);
    expect(once_more.body.records![0]).toMatchObject({ state: "matched", duplicate: true });
    expect(await creditOf(app.t, p.token)).toBe(req.amount);
    expect(await depositMovements(req.transection)).toBe(1);
  }, 30_000);

  it("the ledger check finds a system-approved deposit without its bank record, and a record linked to an unapproved one", async () => {
    const p = await createPlayer(app.t);
    const req = await ask(p, 2100);
    const id = (await bankOf().send([bankOf().record(req.amount)])).body.records![0]!.id;
    const [pay] = await q<{ id: string }>(`select id from pay_records where transection = $1`, [req.transection]);
    const broken = async (damage: ReturnType<typeof sql>) => {
      let problems: string[] = [];
      // Damaged inside a transaction that is rolled back: the books stay as they were.
      await app.t.owner
        .transaction(async (tx) => {
          await tx.execute(damage);
          problems = (await checkLedger(tx)).recordMismatches.map((m) => m.record);
          throw new Error("rollback");
        })
        .catch((e: unknown) => {
          if (!(e instanceof Error) || e.message !== "rollback") throw e;
        });
      return problems;
    };
    expect(await broken(sql`delete from bank_records where id = ${id}`)).toContain(`paynow:${pay!.id}`);
    expect(await broken(sql`update bank_records set amount = amount + 1 where id = ${id}`)).toEqual([`bank-record:${id}`]);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });
});
