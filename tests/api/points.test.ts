import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { lottery, points } from "../../src/contract";
import type { PrivilegeConfig } from "../../src/contract/points";
import { bahtToSatang } from "../../src/domain/money";
import { betPointsCenti } from "../../src/domain/points";
import { expireDue, recomputeLevels, vestDue } from "../../src/server/points/accrual";
import { DEFAULT_PRIVILEGE_CONFIG } from "../../src/server/points/config";
import { settlePending, settleRound } from "../../src/server/settlement/settle";
import { THAI } from "../support/app";
import { type Line, placeSlip } from "../support/betting";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { creditOf, fund, ledgerCheck, reportDeposit } from "../support/wallet";

const app = useTestApp();
type Player = Awaited<ReturnType<typeof createPlayer>>;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await app.t.owner.$client.query(text, params)).rows as T[];
}

let bankReady = false;
async function deposit(p: Player, baht: number): Promise<number> {
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
  expect((await post(app.t.app, "/api/admin/approve-paynow", { id: d.id, status: "Approve" }, app.admin)).statusCode).toBe(200);
  return d.amount;
}

async function privilege(p: Player) {
  const r = await call(app.t.app, points.getPrivilegeLog, { uuid: p.uuid }, p.token);
  if (!r.ok) throw new Error(JSON.stringify(r.body));
  return r.body;
}

async function saveConfig(patch: Partial<PrivilegeConfig>) {
  const r = await call(app.t.app, points.adminSavePrivilegeConfig, { ...DEFAULT_PRIVILEGE_CONFIG, ...patch }, app.admin);
  expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
}

async function close(round: number) {
  await sql(
    `update rounds set close_at = now() - interval '1 second', open_at = least(open_at, now() - interval '2 hours') where id = $1`,
    [round],
  );
}

async function award(round: number) {
  const r = await call(app.t.app, lottery.addAward, { activityid: round, threeTop: "000", twoBottom: "00" } as never, app.admin);
  expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
}

const line = (amount: number, number = "42"): Line[] => [{ award_type: "TwoDigit", number, amount }];

describe("earning points", () => {
  it("deposit points wait until the player has staked the deposit, then become usable; bets earn at settlement", async () => {
    await saveConfig({});
    const p = await createPlayer(app.t);
    const amount = await deposit(p, 1000);
    const depositCenti = Math.floor((bahtToSatang(amount) * 1) / 100);
    let now = await privilege(p);
    expect(now.pending_score * 100).toBe(depositCenti);
    expect(now.total_score).toBe(0);
    expect(now.deposit_score * 100).toBe(depositCenti);

    await fund(app.t, app.admin, p.uuid, 10);
    const round = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await placeSlip(app.t, p, round, line(600))).statusCode).toBe(200);
    // The deposit carried a satang fraction (1,000.01-1,000.99 ฿): 1,001 ฿ covers it.
    expect((await placeSlip(app.t, p, round, line(401, "43"))).statusCode).toBe(200);
    now = await privilege(p);
    expect(now.postdigit_total_today).toBe(1001);
    // Stake counts once it is settled: a slip can still be cancelled.
    expect(now.pending_score * 100).toBe(depositCenti);
    expect(now.total_score).toBe(0);

    await close(round);
    await award(round);
    now = await privilege(p);
    const bet = betPointsCenti(60_000, 100, 1) + betPointsCenti(40_100, 100, 1);
    expect(now.pending_score).toBe(0);
    expect(Math.round(now.total_score * 100)).toBe(depositCenti + bet);
    expect(now.privilegeLog_arr.map((l) => l.kind)).toEqual(["vest", "bet", "deposit"]);
    expect(now.privilegeLog_arr[0]!.label).toMatch(THAI);

    // Settling again pays no points twice.
    await settleRound(app.t.db, round);
    expect(Math.round((await privilege(p)).total_score * 100)).toBe(depositCenti + bet);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("deposit points are capped a day, and lapse when the stake does not come within the days", async () => {
    await saveConfig({ deposit_daily_max: 15 });
    const p = await createPlayer(app.t);
    await deposit(p, 1000);
    await deposit(p, 1000);
    expect((await privilege(p)).pending_score).toBe(15);
    await sql(`update point_lots set earned_at = now() - interval '31 days', vest_deadline = now() - interval '1 day' where user_id = $1`, [
      p.uuid,
    ]);
    await vestDue(app.t.db);
    const now = await privilege(p);
    expect(now.pending_score).toBe(0);
    expect(now.total_score).toBe(0);
    expect(now.privilegeLog_arr.filter((l) => l.kind === "lapse").reduce((s, l) => s + l.score, 0)).toBe(-15);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
    await saveConfig({});
  });

  it("the level's multiplier is the one in force when each slip was placed", async () => {
    await saveConfig({});
    const p = await createPlayer(app.t);
    await fund(app.t, app.admin, p.uuid, 5000);
    expect(
      (await call(app.t.app, points.adminSetMemberLevel, { uuid: p.uuid, level: "Gold", reason: "ทดสอบระดับ" }, app.admin)).statusCode,
    ).toBe(200);
    const round = await makeRound(app.t.db, "laos", 600_000);
    expect((await placeSlip(app.t, p, round, line(333))).statusCode).toBe(200);
    expect((await privilege(p)).level).toEqual({ name: "Gold", multiplier_x100: 150, override: true });
    expect(
      (await call(app.t.app, points.adminSetMemberLevel, { uuid: p.uuid, level: null, reason: "กลับไปคำนวณเอง" }, app.admin)).statusCode,
    ).toBe(200);
    expect((await privilege(p)).level.name).toBe("Bronze");
    expect((await placeSlip(app.t, p, round, line(333, "44"))).statusCode).toBe(200);
    await close(round);
    await award(round);
    expect(Math.round((await privilege(p)).total_score * 100)).toBe(betPointsCenti(33_300, 150, 1) + betPointsCenti(33_300, 100, 1));
    const audit = await sql(`select after from audit_log where action = 'member-level.set' and target = $1 order by id`, [
      `user:${p.uuid}`,
    ]);
    expect(audit.map((a) => (a.after as { level: string }).level)).toEqual(["Gold", "Bronze"]);
  });

  it("a settlement stopped after its payouts awards the points when the ticker finishes it, once", async () => {
    await saveConfig({});
    const p = await createPlayer(app.t);
    await fund(app.t, app.admin, p.uuid, 5000);
    const round = await makeRound(app.t.db, "hanoi-vip", 600_000);
    for (let i = 0; i < 30; i++) expect((await placeSlip(app.t, p, round, line(100, String(i).padStart(2, "0")))).statusCode).toBe(200);
    await close(round);
    await sql(
      `update rounds set status = 'add award', result = '{"kind":"simple","threeTop":"000","twoBottom":"00"}'::jsonb where id = $1`,
      [round],
    );
    // Settled batch by batch in another process that is killed as soon as it has paid something.
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/settle-child.ts", app.t.db.$client.options.connectionString!, String(round), "1"],
      { stdio: "ignore" },
    );
    const exited = new Promise((r) => child.once("exit", r));
    await exited;
    expect((await privilege(p)).total_score).toBe(0);
    expect((await sql(`select accruals_settled_at from rounds where id = $1`, [round]))[0]!.accruals_settled_at).toBeNull();
    await settlePending(app.t.db);
    await settlePending(app.t.db);
    expect((await privilege(p)).total_score).toBe(30);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("a round cancelled after settlement takes back its unspent bet points", async () => {
    await saveConfig({});
    const p = await createPlayer(app.t);
    await fund(app.t, app.admin, p.uuid, 5000);
    const round = await makeRound(app.t.db, "malaysia", 600_000);
    expect((await placeSlip(app.t, p, round, line(700))).statusCode).toBe(200);
    await close(round);
    await award(round);
    expect((await privilege(p)).total_score).toBe(7);
    expect((await call(app.t.app, lottery.cancelActivity, { activityid: round, note: "ยกเลิกทดสอบแต้ม" }, app.admin)).statusCode).toBe(200);
    const now = await privilege(p);
    expect(now.total_score).toBe(0);
    expect(now.privilegeLog_arr[0]).toMatchObject({ kind: "reversal", score: -7 });
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });
});

describe("deposit points cannot be gamed", () => {
  it("a cancelled slip never unlocks them, and one stake unlocks one deposit, oldest first", async () => {
    await saveConfig({});
    const p = await createPlayer(app.t);
    const amounts = [await deposit(p, 1000), await deposit(p, 1000), await deposit(p, 1000)];
    await fund(app.t, app.admin, p.uuid, 10);
    const open = await makeRound(app.t.db, "hanoi", 600_000);
    const slip = await placeSlip(app.t, p, open, line(1001));
    expect(slip.statusCode).toBe(200);
    expect((await privilege(p)).pending_score).toBe(30);
    const cancelled = await post(
      app.t.app,
      "/api/cancel-allpostnumber-mockdata",
      { uuid: p.uuid, activityid: open, master_id: slip.body.master_id },
      p.token,
    );
    expect(cancelled.statusCode, JSON.stringify(cancelled.body)).toBe(200);
    expect(await privilege(p)).toMatchObject({ pending_score: 30, total_score: 0 });

    // One settled stake of 1,001 ฿ covers the first deposit only.
    const round = await makeRound(app.t.db, "laos", 600_000);
    expect((await placeSlip(app.t, p, round, line(1001))).statusCode).toBe(200);
    await close(round);
    await award(round);
    const now = await privilege(p);
    const bet = betPointsCenti(100_100, 100, 1);
    expect(Math.round(now.total_score * 100)).toBe(Math.floor(bahtToSatang(amounts[0]!) / 100) + bet);
    expect(Math.round(now.pending_score * 100)).toBe(
      Math.floor(bahtToSatang(amounts[1]!) / 100) + Math.floor(bahtToSatang(amounts[2]!) / 100),
    );
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("a player with no level row earns at the first level's multiplier", async () => {
    const levels = DEFAULT_PRIVILEGE_CONFIG.levels.map((l, i) =>
      i === 0 ? { ...l, multiplier_x100: 150 } : { ...l, multiplier_x100: Math.max(l.multiplier_x100, 150) },
    );
    await saveConfig({ levels });
    const p = await createPlayer(app.t);
    await fund(app.t, app.admin, p.uuid, 1000);
    const round = await makeRound(app.t.db, "malaysia", 600_000);
    expect((await placeSlip(app.t, p, round, line(1000))).statusCode).toBe(200);
    await close(round);
    await award(round);
    expect((await privilege(p)).total_score).toBe(15);
    await saveConfig({});
  });
});

describe("spending points", () => {
  async function playerWithPoints(pointsToGive: number) {
    const p = await createPlayer(app.t);
    const r = await call(app.t.app, points.adminAdjustPoints, { uuid: p.uuid, points: pointsToGive, reason: "แต้มทดสอบ" }, app.admin, {
      headers: { "idempotency-key": randomUUID() },
    });
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    return p;
  }

  it("10 concurrent redemptions of the same points: one succeeds, the credit rises once", async () => {
    await saveConfig({});
    const p = await playerWithPoints(150);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app.t.app, points.redeemAllScore, { uuid: p.uuid, idlist: [1] }, p.token, { headers: { "idempotency-key": randomUUID() } }),
      ),
    );
    // Slot 1: 100 points for 10 ฿, three a day; 150 points hold one.
    expect(answers.filter((a) => a.ok).length).toBe(1);
    for (const a of answers.filter((x) => !x.ok)) {
      expect(a.statusCode).toBe(400);
      expect(a.body.message).toMatch(/แต้มไม่พอ/);
    }
    expect(await creditOf(app.t, p.token)).toBe(10);
    expect((await privilege(p)).total_score).toBe(50);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("10 concurrent redemptions of a once-a-day slot with points for all of them: one succeeds", async () => {
    await saveConfig({});
    const p = await playerWithPoints(5000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app.t.app, points.redeemAllScore, { uuid: p.uuid, idlist: [2] }, p.token, { headers: { "idempotency-key": randomUUID() } }),
      ),
    );
    expect(answers.filter((a) => a.ok).length).toBe(1);
    expect(await creditOf(app.t, p.token)).toBe(60);
    expect((await privilege(p)).total_score).toBe(4500);
  });

  it("redeems several slots all or nothing, refuses a slot's daily limit in Thai, and a retried key redeems once", async () => {
    await saveConfig({});
    const p = await playerWithPoints(1000);
    const key = randomUUID();
    const first = await call(app.t.app, points.redeemAllScore, { uuid: p.uuid, idlist: [1, 1, 2] }, p.token, {
      headers: { "idempotency-key": key },
    });
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    const again = await call(app.t.app, points.redeemAllScore, { uuid: p.uuid, idlist: [1, 1, 2] }, p.token, {
      headers: { "idempotency-key": key },
    });
    expect(again.ok && first.ok && again.body.credit === first.body.credit).toBe(true);
    expect(await creditOf(app.t, p.token)).toBe(80);
    expect((await privilege(p)).total_score).toBe(300);
    // Slot 1 twice more would be four today; slot 2 once a day; nothing of the request is applied.
    const limit = await call(app.t.app, points.redeemAllScore, { uuid: p.uuid, idlist: [1, 1] }, p.token);
    expect(limit.statusCode).toBe(400);
    expect(limit.body.message).toMatch(/วันละ 3 ครั้ง/);
    const short = await call(app.t.app, points.redeemAllScore, { uuid: p.uuid, idlist: [3] }, p.token);
    expect(short.statusCode).toBe(400);
    expect((await privilege(p)).total_score).toBe(300);
    expect(await creditOf(app.t, p.token)).toBe(80);
    for (const idlist of [[], [99], ["x"], [1.5]]) {
      const bad = await post(app.t.app, "/api/redeem-allscore", { uuid: p.uuid, idlist }, p.token);
      expect(bad.statusCode, JSON.stringify(idlist)).toBe(400);
      expect(bad.body.message).toMatch(THAI);
    }
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("points expire 365 days after earning, oldest spent first, at the boundary", async () => {
    await saveConfig({});
    const p = await playerWithPoints(100);
    await call(app.t.app, points.adminAdjustPoints, { uuid: p.uuid, points: 100, reason: "แต้มทดสอบ 2" }, app.admin, {
      headers: { "idempotency-key": randomUUID() },
    });
    const lots = await sql<{ id: string }>(`select id from point_lots where user_id = $1 order by id`, [p.uuid]);
    expect(lots.length).toBe(2);
    await sql(`update point_lots set expires_at = now() + interval '1 hour' where id = $1`, [lots[1]!.id]);
    await sql(`update point_lots set expires_at = now() + interval '2 seconds' where id = $1`, [lots[0]!.id]);
    await expireDue(app.t.db);
    expect((await privilege(p)).total_score).toBe(200);
    // Spending 50 takes from the older lot first.
    expect(
      (
        await call(app.t.app, points.adminAdjustPoints, { uuid: p.uuid, points: -50, reason: "หักทดสอบ" }, app.admin, {
          headers: { "idempotency-key": randomUUID() },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await sql<{ remaining: string }>(`select remaining from point_lots where user_id = $1 order by id`, [p.uuid])).map((l) =>
        Number(l.remaining),
      ),
    ).toEqual([5000, 10000]);
    await sql(`update point_lots set expires_at = now() - interval '1 millisecond' where id = $1`, [lots[0]!.id]);
    await expireDue(app.t.db);
    await expireDue(app.t.db);
    const now = await privilege(p);
    expect(now.total_score).toBe(100);
    expect(now.privilegeLog_arr.filter((l) => l.kind === "expire").map((l) => l.score)).toEqual([-50]);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });
});

describe("access and the operator", () => {
  it("another's uuid 403, no token 401, admin calls admin-only; a deduction beyond the usable points is refused", async () => {
    const a = await createPlayer(app.t);
    const b = await createPlayer(app.t);
    for (const [url, body] of [
      ["/api/get-privilege-log", { uuid: a.uuid }],
      ["/api/redeem-allscore", { uuid: a.uuid, idlist: [1] }],
    ] as const) {
      expect((await post(app.t.app, url, body, b.token)).statusCode, url).toBe(403);
      expect((await post(app.t.app, url, body)).statusCode, url).toBe(401);
    }
    expect((await call(app.t.app, points.getSlotRedeemBonus, undefined, a.token)).ok).toBe(true);
    for (const url of [
      "/api/admin-read-PrivilegeConfig",
      "/api/admin/save-privilege-config",
      "/api/admin/adjust-points",
      "/api/admin/set-member-level",
    ]) {
      expect((await post(app.t.app, url, {}, a.token)).statusCode, url).toBe(403);
    }
    const deduct = await call(app.t.app, points.adminAdjustPoints, { uuid: a.uuid, points: -1, reason: "หักเกิน" }, app.admin, {
      headers: { "idempotency-key": randomUUID() },
    });
    expect(deduct.statusCode).toBe(400);
    expect((await call(app.t.app, points.adminAdjustPoints, { uuid: a.uuid, points: 5, reason: "ไม่มีคีย์" }, app.admin)).statusCode).toBe(400);
    const badLevels = await post(
      app.t.app,
      "/api/admin/save-privilege-config",
      { ...DEFAULT_PRIVILEGE_CONFIG, levels: [...DEFAULT_PRIVILEGE_CONFIG.levels].reverse() },
      app.admin,
    );
    expect(badLevels.statusCode).toBe(400);
    expect(badLevels.body.message).toMatch(THAI);
    expect((await call(app.t.app, points.adminReadPrivilegeConfig, {}, app.admin)).ok).toBe(true);
  });

  it("member levels follow the last 90 days' stake once a day; an override stays", async () => {
    await saveConfig({});
    const p = await createPlayer(app.t);
    const q = await createPlayer(app.t);
    await fund(app.t, app.admin, p.uuid, 20_000);
    await fund(app.t, app.admin, q.uuid, 20_000);
    const round = await makeRound(app.t.db, "cambodia", 600_000);
    for (const who of [p, q])
      for (let i = 0; i < 3; i++) expect((await placeSlip(app.t, who, round, line(4000, String(i).padStart(2, "0")))).statusCode).toBe(200);
    await call(app.t.app, points.adminSetMemberLevel, { uuid: q.uuid, level: "Diamond", reason: "ลูกค้าพิเศษ" }, app.admin);
    await sql(`delete from daily_runs where job = 'member-levels'`);
    expect(await recomputeLevels(app.t.db)).toBe(true);
    expect(await recomputeLevels(app.t.db)).toBe(false);
    const now = await privilege(p);
    expect(now.level).toMatchObject({ name: "Silver", multiplier_x100: 125 });
    expect(now.stake_90d).toBe(12_000);
    expect(now.next_level).toEqual({ name: "Gold", threshold: 50_000 });
    expect((await privilege(q)).level).toMatchObject({ name: "Diamond", override: true });
  });
});
