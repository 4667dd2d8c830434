import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lottery } from "../../src/contract";
import { planAll, planLottery } from "../../src/server/lottery/planning";
import { lotteryById } from "../../src/server/lottery/repository";
import { cancelRoundTwins } from "../../src/server/lottery/twins";
import { seed } from "../../src/server/seed";
import { TEST_ADMIN } from "../support/app";
import { placeSlip } from "../support/betting";
import { call } from "../support/call";
import { createTestDatabase } from "../support/database";
import { useTestApp } from "../support/fixture";
import { createPlayer } from "../support/players";
import { creditOf, fund, ledgerCheck } from "../support/wallet";

// A round is one draw, keyed by (lottery, draw date, round number), never by a time an operator can move
// (DESIGN.md §6, docs/decisions/033).
const app = useTestApp();
const q = async (text: string, params: unknown[] = []) => (await app.t.owner.$client.query(text, params)).rows;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Draws (lottery, draw date, round number) of `lotteries` that have more than one round. */
const twinsOf = (lotteries: string[]) =>
  q(
    `select lottery_id, to_char(draw_date, 'YYYY-MM-DD') as draw_date, round_no, count(*)::int as n from rounds
     where lottery_id = any($1) group by lottery_id, draw_date, round_no having count(*) > 1 order by 1, 2, 3`,
    [lotteries],
  );

/** Rounds of `lotteries` still open although a round of the same draw has its result. */
const openWithKnownResult = (lotteries: string[]) =>
  q(
    `select o.id from rounds o where o.lottery_id = any($1) and o.status = 'open' and exists (
       select 1 from rounds x where x.lottery_id = o.lottery_id and x.draw_date = o.draw_date and x.round_no = o.round_no
         and x.status = 'add award') order by o.id`,
    [lotteries],
  );

describe("one round per draw", () => {
  it("closing a state-lottery round early and planning again leaves that draw one round, and none open", async () => {
    const [round] = await q(
      `select id, draw_date, round_no from rounds where lottery_id = 'thai-gov' and status = 'open' and open_at <= now() and close_at > now()
       order by close_at limit 1`,
    );
    expect(round).toBeDefined();
    const closed = await call(app.t.app, lottery.closeActivity, { activityid: Number(round.id) }, app.admin);
    expect(closed.statusCode).toBe(200);
    // The ticker's planning step, run at once rather than waited for.
    await planAll(app.t.db);
    const draw = await q(`select id, status from rounds where lottery_id = 'thai-gov' and draw_date = $1 and round_no = $2 order by id`, [
      round.draw_date,
      round.round_no,
    ]);
    expect(draw).toEqual([{ id: round.id, status: "closed" }]);
  });

  it("no sequence of plan, close early, cancel, result, correction, time change and restart makes a twin", async () => {
    const LOTTERIES = ["thai-gov", "hanoi"];
    const closes: Record<string, string[]> = { "thai-gov": ["15:20", "14:30", "11:00"], hanoi: ["18:00", "17:10", "10:00"] };
    const op = fc.oneof(
      fc.record({ kind: fc.constant("plan" as const), days: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ kind: fc.constant("restart" as const) }),
      fc.record({ kind: fc.constant("closeEarly" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("result" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("correct" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("moveTimes" as const), lottery: fc.constantFrom(...LOTTERIES), close: fc.nat({ max: 2 }) }),
    );
    const pick = async (statuses: string[], n: number) => {
      const rows = await q(`select id, lottery_id from rounds where lottery_id = any($1) and status = any($2) order by id`, [
        LOTTERIES,
        statuses,
      ]);
      return rows.length ? rows[n % rows.length] : undefined;
    };
    const fields = (lotteryId: string, seed: number) => {
      const d = (k: number) => String((seed + k) % 10);
      return lotteryId === "thai-gov"
        ? { firstPrize: `97266${d(1)}`, front3: [`36${d(2)}`, `74${d(3)}`], rear3: [`20${d(4)}`, `25${d(5)}`], twoDigit: `4${d(6)}` }
        : { threeTop: `15${d(1)}`, twoBottom: `4${d(2)}` };
    };

    const schedules = await q(`select id, schedule from lotteries where id = any($1) order by id`, [LOTTERIES]);
    // Each run starts as a first start does: the seeded schedules and their planned rounds, nothing else.
    const reset = async () => {
      for (const l of schedules) await q(`update lotteries set schedule = $2 where id = $1`, [l.id, l.schedule]);
      const rounds = `select id from rounds where lottery_id = any($1)`;
      for (const table of ["round_winning_pairs", "round_awards", "round_events", "player_notices"]) {
        await q(`delete from ${table} where round_id in (${rounds})`, [LOTTERIES]);
      }
      await q(`delete from rounds where lottery_id = any($1)`, [LOTTERIES]);
      for (const id of LOTTERIES) await planLottery(app.t.db, (await lotteryById(app.t.db, id))!, new Date());
    };

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        await reset();
        for (const [i, o] of ops.entries()) {
          if (o.kind === "plan") {
            // The planning step as it runs on a later day (a future `now`): more draws come into the plan.
            for (const id of LOTTERIES)
              await planLottery(app.t.db, (await lotteryById(app.t.db, id))!, new Date(Date.now() + o.days * DAY_MS));
          } else if (o.kind === "restart") {
            await planAll(app.t.db);
          } else if (o.kind === "closeEarly") {
            const r = await pick(["open"], o.pick);
            if (r) expect((await call(app.t.app, lottery.closeActivity, { activityid: Number(r.id) }, app.admin)).statusCode).toBe(200);
          } else if (o.kind === "cancel") {
            const r = await pick(["open", "closed", "add award"], o.pick);
            if (r)
              expect(
                (await call(app.t.app, lottery.cancelActivity, { activityid: Number(r.id), note: "ทดสอบยกเลิกงวด" }, app.admin)).statusCode,
              ).toBe(200);
          } else if (o.kind === "result") {
            const r = await pick(["closed"], o.pick);
            if (r) {
              const res = await call(app.t.app, lottery.addAward, { activityid: Number(r.id), ...fields(r.lottery_id, i) }, app.admin);
              expect(res.statusCode).toBe(200);
            }
          } else if (o.kind === "correct") {
            const r = await pick(["add award"], o.pick);
            if (r) {
              const body = { activityid: Number(r.id), ...fields(r.lottery_id, i + 5), correction: true, reason: "ทดสอบแก้ผล" };
              expect((await call(app.t.app, lottery.addAward, body, app.admin)).statusCode).toBe(200);
            }
          } else {
            const l = (await lotteryById(app.t.db, o.lottery))!;
            const schedule = { ...(l.schedule as Record<string, unknown>), close: closes[o.lottery]![o.close]! };
            const res = await call(
              app.t.app,
              lottery.adminUpdateLottery,
              { id: l.id, name: l.name, active: true, schedule: schedule as never },
              app.admin,
            );
            expect(res.statusCode).toBe(200);
          }
          expect(await twinsOf(LOTTERIES)).toEqual([]);
          expect(await openWithKnownResult(LOTTERIES)).toEqual([]);
        }
      }),
      { numRuns: 30 },
    );
  });
});

/** A statement of migration 0029, by how it starts (its comments left out). */
function migrationStatement(start: string): string {
  const migration = readFileSync("src/server/db/migrations/0029_round_slots.sql", "utf8").split("--> statement-breakpoint");
  return migration.map((m) => m.replace(/^\s*(--.*\n)*/g, "").trim()).find((m) => m.startsWith(start))!;
}
const MARK_TWINS = 'UPDATE "rounds" r SET "twin_of"';

describe("twins left from before the slot key", () => {
  it("start-up cancels the unsettled twin and refunds its slips once, with an audit row, and the ledger still balances", async () => {
    // A planned round, closed early; then a second round of the same draw inserted as the old planner did
    // (its key was the close time, which closing early had moved).
    const [first] = await q(
      `select id, draw_date, round_no from rounds where lottery_id = 'cambodia' and holds_slot order by close_at limit 1`,
    );
    expect(first).toBeDefined();
    expect((await call(app.t.app, lottery.closeActivity, { activityid: Number(first.id) }, app.admin)).statusCode).toBe(200);
    const [twin] = await q(
      `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
       select lottery_id, round_no, draw_date, now() - interval '1 minute', now() + interval '1 hour', now() + interval '2 hours'
       from rounds where id = $1 returning id`,
      [first.id],
    );
    const twinId = Number(twin.id);
    // Made by hand after the migration (as a test or the benchmark makes rounds), it is nobody's twin yet.
    expect(await cancelRoundTwins(app.t.owner)).toEqual({ cancelled: [], refunded: 0, settled: [] });
    const bettor = await createPlayer(app.t);
    await fund(app.t, app.admin, bettor.uuid, 100);
    for (const n of ["12", "34"])
      expect((await placeSlip(app.t, bettor, twinId, [{ award_type: "TwoDigit", number: n, amount: 20 }])).statusCode).toBe(200);
    expect(await creditOf(app.t, bettor.token)).toBe(60);
    // The first round gets its result: the twin, still open, is a bet on a known draw.
    expect(
      (await call(app.t.app, lottery.addAward, { activityid: Number(first.id), threeTop: "157", twoBottom: "42" }, app.admin)).statusCode,
    ).toBe(200);
    // Migration 0029 finds it as the old planner left it.
    await app.t.owner.$client.query(migrationStatement(MARK_TWINS));
    expect(await q(`select twin_of from rounds where id = $1`, [twinId])).toEqual([{ twin_of: first.id }]);

    const once = await cancelRoundTwins(app.t.owner);
    expect(once.cancelled).toEqual([twinId]);
    expect(once.refunded).toBe(2);
    const again = await cancelRoundTwins(app.t.owner);
    expect(again).toEqual({ cancelled: [], refunded: 0, settled: [] });

    expect(
      await q(`select id, status from rounds where lottery_id = 'cambodia' and draw_date = $1 and round_no = $2 order by id`, [
        first.draw_date,
        first.round_no,
      ]),
    ).toEqual([
      { id: first.id, status: "add award" },
      { id: twin.id, status: "cancel activity" },
    ]);
    expect(await creditOf(app.t, bettor.token)).toBe(100);
    const refunds = await q(`select count(*)::int as n from ledger_transactions where kind = 'stake.refund' and reference like $1`, [
      `round:${twinId}:%`,
    ]);
    expect(refunds[0].n).toBe(1);
    const audit = await q(`select actor_id, after->>'keeper' as keeper from audit_log where action = 'round.twin.cancel' and target = $1`, [
      `round:${twinId}`,
    ]);
    expect(audit).toEqual([{ actor_id: null, keeper: String(first.id) }]);
    expect(await q(`select event, actor_id from round_events where round_id = $1 and event = 'cancel'`, [twinId])).toEqual([
      { event: "cancel", actor_id: null },
    ]);
    expect(await ledgerCheck(app.t, app.admin)).toMatchObject({ ok: true });
  });

  it("migration 0029 gives each draw to its round with a result, else to the first; start-up cancels the rest", async () => {
    const database = await createTestDatabase();
    const run = async (text: string, params: unknown[] = []) => (await database.db.$client.query(text, params)).rows;
    try {
      await seed(database.db, TEST_ADMIN);
      // The rounds table as it was before 0029: no slot key, and twins of two draws as the old planner left them.
      await run(`drop index rounds_lottery_slot_key`);
      const twin = (lotteryId: string, status: string, hours: number) =>
        run(
          `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at, status)
           values ($1, 1, date '2026-11-20', timestamptz '2026-11-19 12:00+07', timestamptz '2026-11-20 12:00+07' + make_interval(hours => $3), timestamptz '2026-11-20 23:00+07', $2)
           returning id`,
          [lotteryId, status, hours],
        ).then((r) => Number(r[0].id));
      const laosClosed = await twin("laos", "closed", 0);
      const laosSettled = await twin("laos", "add award", 1);
      const malaysiaFirst = await twin("malaysia", "closed", 0);
      const malaysiaSecond = await twin("malaysia", "open", 1);
      await run(`update rounds set holds_slot = false`);
      await run(migrationStatement('UPDATE "rounds" r SET "holds_slot"'));
      await run(migrationStatement(MARK_TWINS));
      await run(migrationStatement("CREATE UNIQUE INDEX"));
      const holders = await run(`select id from rounds where not holds_slot order by id`);
      expect(holders.map((r) => Number(r.id))).toEqual([laosClosed, malaysiaSecond]);
      expect(await run(`select id from rounds where id = any($1) and holds_slot order by id`, [[laosSettled, malaysiaFirst]])).toHaveLength(
        2,
      );
      const done = await cancelRoundTwins(database.db);
      expect(done.cancelled).toEqual([laosClosed, malaysiaSecond]);
      expect(await run(`select target from audit_log where action = 'round.twin.cancel' order by target`)).toEqual([
        { target: `round:${laosClosed}` },
        { target: `round:${malaysiaSecond}` },
      ]);
    } finally {
      await database.drop();
    }
  });
});
