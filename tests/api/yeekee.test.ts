import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyChain, yeekeeOffset, yeekeeResult } from "../../src/domain/yeekee";
import { connect } from "../../src/server/db/client";
import { finishYeekeeRound } from "../../src/server/yeekee/service";
import { createTestApp, type TestApp, THAI } from "../support/app";
import { placeSlip } from "../support/betting";
import { createPlayer, post } from "../support/players";
import { adminToken, creditOf, fund, ledgerCheck } from "../support/wallet";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => {
  await t.close();
});

// Set-up and the round's clock through the owner (the serving role cannot move a round's times).
const q = async (sql: string, params: unknown[] = []) => (await t.owner.$client.query(sql, params)).rows;
let offset = 0;

/** A yeekee round open now, closing for bets in `closeInMs`, with shooting until `resultInMs`. */
async function yeekeeRound(closeInMs: number, resultInMs: number): Promise<number> {
  offset += 1;
  const r = await q(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     values ('yeekee', $3, current_date, now() - interval '1 hour', now() + make_interval(secs => $1::float / 1000), now() + make_interval(secs => $2::float / 1000))
     returning id`,
    [closeInMs, resultInMs, 100 + offset],
  );
  return Number(r[0].id);
}

async function setInterval(seconds: number, minShots = 20) {
  await q(`update site_config set value = value || $1::jsonb where key = 'yeekee'`, [
    JSON.stringify({ shotIntervalSeconds: seconds, minShots }),
  ]);
}

const shoot = (p: { uuid: string; token: string }, activityid: number, number: string) =>
  post(t.app, "/api/post-numberrecord-mockdata", { uuid: p.uuid, activityid, number }, p.token);

/** Shooting is over: the result time has passed (bets had closed before it). */
async function endShooting(round: number) {
  await q(`update rounds set close_at = now() - interval '2 seconds', result_at = now() - interval '1 second' where id = $1`, [round]);
}

describe("shooting", () => {
  it("accepts 5-digit shots in the window, refuses them after it, and limits each player's pace", async () => {
    await setInterval(3);
    const a = await createPlayer(t);
    const b = await createPlayer(t);
    const round = await yeekeeRound(60_000, 120_000);
    expect((await shoot(a, round, "12345")).statusCode).toBe(200);
    const fast = await shoot(a, round, "54321");
    expect(fast.statusCode).toBe(429);
    expect(fast.body.message).toMatch(THAI);
    expect((await shoot(b, round, "00007")).statusCode).toBe(200);
    for (const bad of ["1234", "123456", "12a45"]) expect((await shoot(b, round, bad)).statusCode).toBe(400);
    expect(
      (await post(t.app, "/api/post-numberrecord-mockdata", { uuid: b.uuid, activityid: round, number: "11111" }, a.token)).statusCode,
    ).toBe(403);

    // Bets closed, shooting still open until the result time.
    await q(`update rounds set close_at = now() - interval '1 second', status = 'closed' where id = $1`, [round]);
    await setInterval(0);
    expect((await shoot(b, round, "22222")).statusCode).toBe(200);
    await q(`update rounds set result_at = now() - interval '1 millisecond' where id = $1`, [round]);
    const late = await shoot(b, round, "33333");
    expect(late.statusCode).toBe(409);
    expect(late.body.message).toMatch(THAI);
    // The site never shoots: an operator's token is refused.
    const adminShot = await post(
      t.app,
      "/api/post-numberrecord-mockdata",
      { uuid: (await q(`select id from users where role = 'admin'`))[0].id, activityid: round, number: "12345" },
      admin,
    );
    expect(adminShot.statusCode).toBe(403);
    const hanoi = Number((await q(`select id from rounds where lottery_id = 'hanoi' order by id limit 1`))[0].id);
    expect((await shoot(b, hanoi, "12345")).statusCode).toBe(400);
  });

  it("lists shots in receive order with others' names masked, and the chain verifies to the published head", async () => {
    await setInterval(0);
    const a = await createPlayer(t);
    const b = await createPlayer(t);
    const round = await yeekeeRound(60_000, 120_000);
    const numbers = ["10000", "20000", "30000", "40000"];
    for (const [i, n] of numbers.entries()) expect((await shoot(i % 2 ? b : a, round, n)).statusCode).toBe(200);
    const list = await post(t.app, "/api/read-numberrecord", { activityid: round }, a.token);
    const records = list.body.recordlist as Array<{
      seq: number;
      number: string;
      username: string;
      uuid: string;
      shooter: string;
      at: string;
      hash: string;
    }>;
    expect(records.map((r) => [r.seq, r.number])).toEqual(numbers.map((n, i) => [i + 1, n]));
    expect(records[0]!.username).toBe(a.username);
    expect(records[1]!.username).toMatch(/\*\*\*$/);
    expect(records[1]!.uuid).toBe("");
    const chain = verifyChain(records.map((r) => ({ seq: r.seq, number: r.number, userId: r.shooter, at: r.at, hash: r.hash })));
    expect(chain).toEqual({ ok: true, head: list.body.head });
    expect(list.body.count).toBe(4);

    // The operator edits a stored shot behind everyone's back: the chain no longer verifies from there.
    await q(`alter table yeekee_shots disable trigger yeekee_shots_append_only`);
    await q(`update yeekee_shots set number = '99999' where round_id = $1 and seq = 3`, [round]);
    await q(`alter table yeekee_shots enable trigger yeekee_shots_append_only`);
    const after = (await post(t.app, "/api/read-numberrecord", { activityid: round }, a.token)).body.recordlist as typeof records;
    expect(verifyChain(after.map((r) => ({ seq: r.seq, number: r.number, userId: r.shooter, at: r.at, hash: r.hash })))).toEqual({
      ok: false,
      brokenAt: 3,
    });
    await expect(q(`delete from yeekee_shots where round_id = $1`, [round])).rejects.toThrow(/append-only/);
  });
});

describe("a batch of shots in the database", () => {
  const batch = async (round: number, shots: Array<[string, string]>) =>
    (
      await q(
        `select idx, seq, refusal->>'kind' as error from yeekee_shoot_batch($1::bigint, $2::uuid[], $3::text[], $4::text[]) order by idx`,
        [round, shots.map(([user]) => user), shots.map(([user]) => `s-${user.slice(0, 8)}`), shots.map(([, number]) => number)],
      )
    ).map((r) => [r.seq, r.error]);

  it("keeps each shooter's pace within the batch and against stored shots, skipping refused shots", async () => {
    await setInterval(5);
    const [a, b, c] = [await createPlayer(t), await createPlayer(t), await createPlayer(t)];
    const round = await yeekeeRound(60_000, 120_000);
    // c has a stored shot: all of c's are too soon; a's first goes, its later ones (even after a refused
    // one of its own) are measured against it; b's first goes.
    expect(await batch(round, [[c.uuid, "00001"]])).toEqual([[1, null]]);
    expect(
      await batch(round, [
        [a.uuid, "00002"],
        [c.uuid, "00003"],
        [a.uuid, "00004"],
        [b.uuid, "00005"],
        [a.uuid, "00006"],
      ]),
    ).toEqual([
      [2, null],
      [null, "shooting_too_fast"],
      [null, "shooting_too_fast"],
      [3, null],
      [null, "shooting_too_fast"],
    ]);
    await setInterval(0);
    expect(
      await batch(round, [
        [a.uuid, "00007"],
        [a.uuid, "00008"],
        [c.uuid, "00009"],
      ]),
    ).toEqual([
      [4, null],
      [5, null],
      [6, null],
    ]);
    const stored = await q(`select seq, number from yeekee_shots where round_id = $1 order by seq`, [round]);
    expect(stored.map((r) => [r.seq, r.number])).toEqual([
      [1, "00001"],
      [2, "00002"],
      [3, "00005"],
      [4, "00007"],
      [5, "00008"],
      [6, "00009"],
    ]);
    expect((await q(`select seq from yeekee_chains where round_id = $1`, [round]))[0].seq).toBe(6);
    // After the window nothing is recorded and the chain stays.
    await endShooting(round);
    expect(await batch(round, [[b.uuid, "00010"]])).toEqual([[null, "outside_shooting_time"]]);
    expect((await q(`select count(*)::int as n from yeekee_shots where round_id = $1`, [round]))[0].n).toBe(6);
  });
});

describe("concurrent shooting", () => {
  it("many players at once: every shot numbered once, the chain verifies; one player's burst keeps the pace", async () => {
    await setInterval(0);
    const players = await Promise.all(Array.from({ length: 8 }, () => createPlayer(t)));
    const round = await yeekeeRound(60_000, 120_000);
    const results = await Promise.all(
      players.flatMap((p, i) => [0, 1, 2].map((k) => shoot(p, round, String(i * 1000 + k).padStart(5, "0")))),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const list = (await post(t.app, "/api/read-numberrecord", { activityid: round }, players[0]!.token)).body;
    const records = list.recordlist as Array<{ seq: number; number: string; shooter: string; at: string; hash: string }>;
    expect(records.map((r) => r.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(verifyChain(records.map((r) => ({ seq: r.seq, number: r.number, userId: r.shooter, at: r.at, hash: r.hash })))).toEqual({
      ok: true,
      head: list.head,
    });

    await setInterval(5);
    const p = players[0]!;
    const burst = await Promise.all([1, 2, 3, 4, 5].map((k) => shoot(p, round, String(k).padStart(5, "9"))));
    // Already shot in this round just now: every shot of the burst is too soon.
    expect(burst.every((r) => r.statusCode === 429)).toBe(true);
    const fresh = await createPlayer(t);
    const freshBurst = await Promise.all([1, 2, 3, 4, 5].map((k) => shoot(fresh, round, String(k).padStart(5, "8"))));
    expect(freshBurst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(freshBurst.filter((r) => r.statusCode === 429)).toHaveLength(4);
  });
});

describe("result and rewards", () => {
  it("computes the result from the shots, settles the round, and rewards #1 and #16 once if they staked enough", async () => {
    await setInterval(0);
    const shooters = [await createPlayer(t), await createPlayer(t), await createPlayer(t)];
    for (const p of shooters) await fund(t, admin, p.uuid, 1000);
    const round = await yeekeeRound(60_000, 120_000);
    const numbers = Array.from({ length: 25 }, (_, i) => String((i * 7919 + 12345) % 100000).padStart(5, "0"));
    // Shot #1 (the last) is shooters[0]'s, #16 (index 9) is shooters[1]'s, the rest shooters[2]'s.
    const shooterOf = (i: number) => (i === numbers.length - 1 ? 0 : i === numbers.length - 16 ? 1 : 2);
    for (const [i, n] of numbers.entries()) expect((await shoot(shooters[shooterOf(i)]!, round, n)).statusCode).toBe(200);
    // Only the owner can read the seed before the result time: the test does, to bet on the result it
    // will be while bets are still open.
    const { head } = (await post(t.app, "/api/read-numberrecord", { activityid: round }, shooters[2]!.token)).body as unknown as {
      head: string;
    };
    const seed = (await q(`select encode(seed, 'hex') as seed from yeekee_seeds where round_id = $1`, [round]))[0].seed as string;
    const expected = yeekeeResult(numbers, 20, yeekeeOffset(seed, head));
    if (expected.void) throw new Error("unexpected void");
    await placeSlip(t, shooters[0]!, round, [{ award_type: "ThreeDigit", number: expected.top3, amount: 100 }]);
    await placeSlip(t, shooters[1]!, round, [{ award_type: "TwoDigit", number: expected.bottom2, amount: 10 }]);
    await endShooting(round);

    // Two instances finishing at once: one computes and pays, the other finds nothing to do.
    const other = connect(t.db.$client.options.connectionString!);
    try {
      expect((await Promise.all([finishYeekeeRound(t.db, round), finishYeekeeRound(other, round)])).sort()).toEqual(["result", "skipped"]);
    } finally {
      await other.$client.end();
    }
    const award = (await post(t.app, "/api/award", { activityid: round }, shooters[2]!.token)).body.awardlist as Array<{
      award_type: string;
      number: string;
    }>;
    const line = (type: string) => award.find((a) => a.award_type === type)?.number;
    expect(line("ThreeDigit")).toBe(expected.top3);
    expect(line("TwoDigit")).toBe(expected.bottom2);
    expect(line("Predicttotal")).toBe(expected.sum.toString());
    expect(line("OneRecord")).toBe(numbers[24]);
    expect(line("SixteenRecord")).toBe(numbers[9]);
    expect(line("OneHundredRecord")).toBeUndefined();

    // shooters[0]: staked 100, won 100 × 900, rewarded 100 for #1. shooters[1]: staked 10 (< 100): won 900, no reward.
    expect(await creditOf(t, shooters[0]!.token)).toBe(1000 - 100 + 90_000 + 100);
    expect(await creditOf(t, shooters[1]!.token)).toBe(1000 - 10 + 900);
    const lucky = (await post(t.app, "/api/read-luckyperson-OneAndSixteenRecord", { activityid: round }, shooters[2]!.token)).body
      .luckylist as Array<{ position: number; paid: boolean; amount: number; number: string }>;
    expect(lucky.map((l) => [l.position, l.paid, l.amount, l.number])).toEqual([
      [1, true, 100, numbers[24]],
      [16, false, 0, numbers[9]],
    ]);
    expect(
      (
        await q(`select count(*)::int as n from ledger_transactions where kind = 'yeekee.reward' and reference like $1`, [
          `yeekee:${round}:%`,
        ])
      )[0].n,
    ).toBe(1);
    expect((await ledgerCheck(t, admin)).ok).toBe(true);

    // As the specification asks ({uuid, dayperiod}): a player's own rewards in the period, nobody else's.
    const own = async (p: { uuid: string; token: string }) =>
      (await post(t.app, "/api/read-luckyperson-OneAndSixteenRecord", { uuid: p.uuid, dayperiod: 1 }, p.token)).body.luckylist as Array<{
        activityid: number;
        position: number;
      }>;
    expect((await own(shooters[0]!)).filter((l) => l.activityid === round).map((l) => l.position)).toEqual([1]);
    expect((await own(shooters[1]!)).filter((l) => l.activityid === round).map((l) => l.position)).toEqual([16]);
    expect((await own(shooters[2]!)).filter((l) => l.activityid === round)).toEqual([]);
    expect(
      (await post(t.app, "/api/read-luckyperson-OneAndSixteenRecord", { uuid: shooters[0]!.uuid, dayperiod: 1 }, shooters[2]!.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(t.app, "/api/read-luckyperson-OneAndSixteenRecord", { uuid: shooters[2]!.uuid, dayperiod: 0 }, shooters[2]!.token))
        .statusCode,
    ).toBe(400);
  });

  it("fewer shots than the minimum: the round is void and every slip returns", async () => {
    await setInterval(0);
    const p = await createPlayer(t);
    await fund(t, admin, p.uuid, 100);
    const round = await yeekeeRound(60_000, 120_000);
    await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "12", amount: 30 }]);
    for (const n of ["11111", "22222", "33333"]) expect((await shoot(p, round, n)).statusCode).toBe(200);
    await endShooting(round);
    expect(await finishYeekeeRound(t.db, round)).toBe("void");
    expect((await q(`select status from rounds where id = $1`, [round]))[0].status).toBe("cancel activity");
    expect((await q(`select status from slips where round_id = $1`, [round])).map((r) => r.status)).toEqual(["non reactive"]);
    expect(await creditOf(t, p.token)).toBe(100);
    expect((await ledgerCheck(t, admin)).ok).toBe(true);
  });
});
