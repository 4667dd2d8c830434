import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCommitment, verifyChain, yeekeeOffset, yeekeeResult } from "../../src/domain/yeekee";
import { runMigrations } from "../../src/server/db/client";
import { finishYeekeeRound } from "../../src/server/yeekee/service";
import { createTestApp, type TestApp, THAI } from "../support/app";
import { placeSlip } from "../support/betting";
import { createPlayer, post } from "../support/players";
import { adminToken, creditOf, fund, ledgerCheck } from "../support/wallet";

// docs/decisions/034: every yeekee round gets a result whatever the number of shots; an operator may set
// a minimum (default 0) below which a round is void, and a cancelled round's shots say why.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  // Players shoot without the pace limit here; the minimum stays the fresh site's.
  await q(`update site_config set value = value || '{"shotIntervalSeconds": 0}'::jsonb where key = 'yeekee'`);
});
afterAll(async () => {
  await t.close();
});

// Set-up and the round's clock through the owner (the serving role cannot move a round's times).
const q = async (sql: string, params: unknown[] = []) => (await t.owner.$client.query(sql, params)).rows;
let roundNo = 500;

/** A yeekee round open for bets and shots now. */
async function yeekeeRound(): Promise<number> {
  roundNo += 1;
  const r = await q(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     values ('yeekee', $1, current_date, now() - interval '1 hour', now() + interval '1 minute', now() + interval '2 minutes')
     returning id`,
    [roundNo],
  );
  return Number(r[0].id);
}

const shoot = (p: { uuid: string; token: string }, activityid: number, number: string) =>
  post(t.app, "/api/post-numberrecord-mockdata", { uuid: p.uuid, activityid, number }, p.token);

/** Shooting ends now: the result time is the database's clock at this statement, after any earlier save. */
async function endShooting(round: number) {
  await q(`update rounds set close_at = clock_timestamp(), result_at = clock_timestamp() where id = $1`, [round]);
}

const config = async () => (await q(`select value from site_config where key = 'yeekee'`))[0].value as Record<string, number>;
const auditCount = async () => (await q(`select count(*)::int as n from audit_log where action = 'yeekee.config'`))[0].n as number;
const readConfig = async () => (await post(t.app, "/api/admin/read-yeekee-config", {}, admin)).body.config as Record<string, number>;

type Listed = {
  recordlist: Array<{ seq: number; number: string; shooter: string; at: string; hash: string }>;
  head: string;
  seed: string | null;
  seedCommitment: string | null;
  offset: number | null;
  minShots: number;
  cancelled: null | { reason: string; shots?: number; minShots?: number | null };
};
const listed = async (round: number, token: string) =>
  (await post(t.app, "/api/read-numberrecord", { activityid: round }, token)).body as unknown as Listed;

describe("a fresh site decides every yeekee round", () => {
  it("has no minimum number of shots", async () => {
    expect((await readConfig()).minShots).toBe(0);
  });

  it("a round of 3 shots gets a result anyone can check from the shots and the revealed seed, and its slips are settled", async () => {
    const a = await createPlayer(t);
    const b = await createPlayer(t);
    for (const p of [a, b]) await fund(t, admin, p.uuid, 1000);
    const round = await yeekeeRound();
    // Player A covers every two-digit bottom number, so one line must win; B bets one three-digit top.
    const every = Array.from({ length: 100 }, (_, i) => ({ award_type: "TwoDigit", number: String(i).padStart(2, "0"), amount: 1 }));
    expect((await placeSlip(t, a, round, every)).statusCode).toBe(200);
    expect((await placeSlip(t, b, round, [{ award_type: "ThreeDigit", number: "123", amount: 10 }])).statusCode).toBe(200);
    const numbers = ["31415", "00042", "27182"];
    for (const [i, n] of numbers.entries()) expect((await shoot(i === 1 ? b : a, round, n)).statusCode).toBe(200);
    await endShooting(round);

    expect(await finishYeekeeRound(t.db, round)).toBe("result");
    expect((await q(`select status from rounds where id = $1`, [round]))[0].status).toBe("add award");

    // The check a player can make: the chain to the published head, the seed against the commitment
    // published from the start, the offset from the seed and the head, and R by the rule.
    const list = await listed(round, b.token);
    expect(list.cancelled).toBeNull();
    const chain = verifyChain(list.recordlist.map((r) => ({ seq: r.seq, number: r.number, userId: r.shooter, at: r.at, hash: r.hash })));
    expect(chain).toEqual({ ok: true, head: list.head });
    expect(list.seed).not.toBeNull();
    expect(seedCommitment(list.seed!)).toBe(list.seedCommitment);
    const offset = yeekeeOffset(list.seed!, list.head);
    expect(list.offset).toBe(offset);
    const expected = yeekeeResult(numbers, 0, offset);
    if (expected.void) throw new Error("3 shots with no minimum are decided");
    // 31415 + 42 + 27182 = 58639, nothing subtracted (fewer than 16 shots).
    expect(expected).toMatchObject({ sum: 58_639n, sixteenth: "00000", sixteenRecord: null, oneRecord: "27182" });
    const award = (await post(t.app, "/api/award", { activityid: round }, b.token)).body.awardlist as Array<{
      award_type: string;
      number: string;
    }>;
    const line = (type: string) => award.find((l) => l.award_type === type)?.number;
    expect([line("ThreeDigit"), line("TwoDigit"), line("Predicttotal"), line("OneRecord"), line("SixteenRecord")]).toEqual([
      expected.top3,
      expected.bottom2,
      "58639",
      "27182",
      undefined,
    ]);
    const stored = (await q(`select result from rounds where id = $1`, [round]))[0].result as {
      yeekee: { result: string; offset: number; sixteenth: string };
    };
    expect(stored.yeekee).toMatchObject({ result: expected.result, offset, sixteenth: "00000" });

    // The round is settled (its status says so, and no refund happens): A's line on the bottom two wins
    // at its rate, the other lines lose (settlement marks only the winners).
    const lines = await q(`select user_id, number, result, payout::text, rate_x100 from slip_lines where round_id = $1 order by id`, [
      round,
    ]);
    expect(lines.filter((l) => l.result !== "win").every((l) => l.result === null && l.payout === null)).toBe(true);
    const won = lines.filter((l) => l.result === "win");
    const winners = [[a.uuid, expected.bottom2], ...(expected.top3 === "123" ? [[b.uuid, "123"]] : [])];
    expect(won.map((l) => [l.user_id, l.number])).toEqual(winners);
    const payout = BigInt(won[0]!.payout as string);
    expect(payout).toBe(BigInt(won[0]!.rate_x100 as number)); // 1 ฿ × rate = rate_x100 satang
    expect((await q(`select count(*)::int as n from slips where round_id = $1 and status = 'non reactive'`, [round]))[0].n).toBe(0);
    // A staked 100 ฿ and shot #1 (the last shot): the 100 ฿ reward for #1 is paid too.
    expect(await creditOf(t, a.token)).toBe(1000 - 100 + Number(payout) / 100 + 100);
    expect((await ledgerCheck(t, admin)).ok).toBe(true);
  });

  it("a round nobody shot gets the seed's offset as its result", async () => {
    const round = await yeekeeRound();
    await endShooting(round);
    expect(await finishYeekeeRound(t.db, round)).toBe("result");
    const p = await createPlayer(t);
    const list = await listed(round, p.token);
    const offset = yeekeeOffset(list.seed!, list.head);
    const award = (await post(t.app, "/api/award", { activityid: round }, p.token)).body.awardlist as Array<{
      award_type: string;
      number: string;
    }>;
    const r = String(offset).padStart(5, "0");
    expect(
      award
        .filter((l) => ["ThreeDigit", "TwoDigit", "OneRecord"].includes(l.award_type))
        .map((l) => [l.award_type, l.number])
        .sort(),
    ).toEqual(
      [
        ["ThreeDigit", r.slice(2)],
        ["TwoDigit", r.slice(0, 2)],
      ].sort(),
    );
  });
});

describe("the operator's minimum", () => {
  it("is set in the back office by an operator only, an integer from 0 to 1000, refused in Thai with nothing written", async () => {
    const player = await createPlayer(t);
    const current = await readConfig();
    const good = { ...current, minShots: 20 };
    expect((await post(t.app, "/api/admin/save-yeekee-config", good, player.token)).statusCode).toBe(403);
    expect((await post(t.app, "/api/admin/read-yeekee-config", {}, player.token)).statusCode).toBe(403);
    const before = await config();
    const audits = await auditCount();
    for (const minShots of [-1, 1001, 2.5, "20", null]) {
      const res = await post(t.app, "/api/admin/save-yeekee-config", { ...current, minShots }, admin);
      expect(res.statusCode, JSON.stringify(minShots)).toBe(400);
      expect(res.body.message).toMatch(THAI);
      expect(res.body.message).toContain("จำนวนเลขยิงขั้นต่ำ");
    }
    expect(await config()).toEqual(before);
    expect(await auditCount()).toBe(audits);

    for (const minShots of [1000, 0, 20]) {
      const saved = await post(t.app, "/api/admin/save-yeekee-config", { ...current, minShots }, admin);
      expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.message).toMatch(THAI);
      expect((await readConfig()).minShots).toBe(minShots);
    }
    expect(await auditCount()).toBe(audits + 3);
    // Players see the minimum with the shots, for the page's explanation of the rule.
    expect((await listed(await yeekeeRound(), player.token)).minShots).toBe(20);
  });

  it("with the minimum at 20, a round of 3 shots is cancelled, every slip refunded, and its shots say why", async () => {
    await post(t.app, "/api/admin/save-yeekee-config", { ...(await readConfig()), minShots: 20 }, admin);
    const p = await createPlayer(t);
    await fund(t, admin, p.uuid, 100);
    const round = await yeekeeRound();
    expect((await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "12", amount: 30 }])).statusCode).toBe(200);
    for (const n of ["11111", "22222", "33333"]) expect((await shoot(p, round, n)).statusCode).toBe(200);
    await endShooting(round);
    expect(await finishYeekeeRound(t.db, round)).toBe("void");
    expect((await q(`select status from rounds where id = $1`, [round]))[0].status).toBe("cancel activity");
    expect((await q(`select status from slips where round_id = $1`, [round])).map((r) => r.status)).toEqual(["non reactive"]);
    expect(await creditOf(t, p.token)).toBe(100);
    const list = await listed(round, p.token);
    expect(list.cancelled).toEqual({ reason: "minShots", shots: 3, minShots: 20 });
    expect(list.offset).toBeNull();
    expect((await post(t.app, "/api/award", { activityid: round }, p.token)).body.awardlist).toEqual([]);
    expect((await ledgerCheck(t, admin)).ok).toBe(true);
  });

  it("a round the operator cancelled before its result time says so; from the result time on it cannot be cancelled", async () => {
    // Held to a minimum of 20 whatever the tests before saved.
    expect((await post(t.app, "/api/admin/save-yeekee-config", { ...(await readConfig()), minShots: 20 }, admin)).statusCode).toBe(200);
    const p = await createPlayer(t);
    const round = await yeekeeRound();
    expect((await shoot(p, round, "12345")).statusCode).toBe(200);
    expect((await post(t.app, "/api/admin/cancel-activity", { activityid: round, note: "ระบบยิงเลขขัดข้อง" }, admin)).statusCode).toBe(200);
    expect((await listed(round, p.token)).cancelled).toEqual({ reason: "operator" });

    // Once the seed can be read, a cancel could choose which results stand: refused, and the ticker decides.
    const due = await yeekeeRound();
    expect((await shoot(p, due, "54321")).statusCode).toBe(200);
    await endShooting(due);
    const refused = await post(t.app, "/api/admin/cancel-activity", { activityid: due, note: "ไม่ต้องการผลนี้" }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toMatch(THAI);
    expect((await q(`select status from rounds where id = $1`, [due]))[0].status).toBe("open");
    expect(await finishYeekeeRound(t.db, due)).toBe("void"); // the minimum is 20 here

    // A round the ticker never decided (its result time 11 minutes gone: the step failed) is the operator's
    // to cancel, so its stakes come back.
    const stuck = await yeekeeRound();
    expect((await shoot(p, stuck, "13579")).statusCode).toBe(200);
    await q(
      `update rounds set close_at = clock_timestamp() - interval '11 minutes', result_at = clock_timestamp() - interval '11 minutes' where id = $1`,
      [stuck],
    );
    const freed = await post(t.app, "/api/admin/cancel-activity", { activityid: stuck, note: "ระบบออกผลขัดข้อง" }, admin);
    expect(freed.statusCode, JSON.stringify(freed.body)).toBe(200);
    expect((await q(`select status from rounds where id = $1`, [stuck]))[0].status).toBe("cancel activity");
    expect((await ledgerCheck(t, admin)).ok).toBe(true);
  });

  it("applies the minimum as it stood at the round's result time, not one saved after it", async () => {
    const current = await readConfig();
    expect((await post(t.app, "/api/admin/save-yeekee-config", { ...current, minShots: 0 }, admin)).statusCode).toBe(200);
    const p = await createPlayer(t);
    const round = await yeekeeRound();
    for (const n of ["11111", "22222", "33333"]) expect((await shoot(p, round, n)).statusCode).toBe(200);
    await endShooting(round);
    // Saved once the seed can be read: too late for this round.
    expect((await post(t.app, "/api/admin/save-yeekee-config", { ...current, minShots: 20 }, admin)).statusCode).toBe(200);
    expect(await finishYeekeeRound(t.db, round)).toBe("result");
    // The next round is held to it.
    const next = await yeekeeRound();
    for (const n of ["11111", "22222", "33333"]) expect((await shoot(p, next, n)).statusCode).toBe(200);
    await endShooting(next);
    expect(await finishYeekeeRound(t.db, next)).toBe("void");
  });
});

describe("an existing site's stored minimum (migration 0031)", () => {
  // Migration 0031 is forgotten and applied again, as on a site upgraded to it.
  const rerun = async () => {
    const journal = JSON.parse(readFileSync("src/server/db/migrations/meta/_journal.json", "utf8")) as {
      entries: Array<{ tag: string; when: number }>;
    };
    const when = journal.entries.find((e) => e.tag.startsWith("0031_"))?.when;
    expect(when, "migration 0031 is in the journal").toBeDefined();
    expect((await q(`delete from drizzle.__drizzle_migrations where created_at = $1 returning id`, [when])).length).toBe(1);
    await runMigrations(t.owner);
  };

  it("turns the old default of 20 into 0 only where the operator never saved the setting", async () => {
    await q(`update site_config set value = value || '{"minShots": 20}'::jsonb where key = 'yeekee'`);
    await q(`delete from audit_log where action = 'yeekee.config'`);
    await rerun();
    expect((await config()).minShots).toBe(0);

    // Another value, or a 20 the operator saved in the back office, is kept.
    await q(`update site_config set value = value || '{"minShots": 25}'::jsonb where key = 'yeekee'`);
    await rerun();
    expect((await config()).minShots).toBe(25);
    await post(t.app, "/api/admin/save-yeekee-config", { ...(await readConfig()), minShots: 20 }, admin);
    await rerun();
    expect((await config()).minShots).toBe(20);
  });
});
