import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCommitment, verifyChain, yeekeeOffset, yeekeeResult } from "../../src/domain/yeekee";
import { planAll } from "../../src/server/lottery/planning";
import { finishYeekeeRound } from "../../src/server/yeekee/service";
import { createTestApp, type TestApp } from "../support/app";
import { placeSlip } from "../support/betting";
import { createPlayer, post } from "../support/players";
import { openYeekeeRound } from "../support/rounds";
import { adminToken, creditOf, fund, ledgerCheck } from "../support/wallet";

// Whoever shoots last must not be able to choose a yeekee result (docs/decisions/012).

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  // Today's rounds, planned as the ticker does (as the serving role).
  await planAll(t.db);
  await owner(`update site_config set value = value || '{"shotIntervalSeconds": 0, "minShots": 20}'::jsonb where key = 'yeekee'`);
});
afterAll(async () => {
  await t.close();
});

/** The owner's connection: set-up, and the test's hand on the clock (the serving role cannot move round times). */
const owner = async (sql: string, params: unknown[] = []) => (await t.owner.$client.query(sql, params)).rows;
/** The serving role's connection, as the app has it. */
const serving = (sql: string, params: unknown[] = []) => t.db.$client.query(sql, params);

const openRound = () => openYeekeeRound(t.owner);

/** Bets close now; shooting goes on until the result time. */
const closeBets = (round: number) => owner(`update rounds set close_at = now(), status = 'closed' where id = $1`, [round]);
/** The result time comes now. */
const resultTimeNow = (round: number) =>
  owner(`update rounds set close_at = least(close_at, now()), result_at = now() where id = $1`, [round]);

type Listed = {
  recordlist: Array<{ seq: number; number: string; shooter: string; at: string; hash: string }>;
  head: string;
  count: number;
  seedCommitment: string | null;
  seed: string | null;
  offset: number | null;
};
const listShots = async (round: number, token: string) =>
  (await post(t.app, "/api/read-numberrecord", { activityid: round }, token)).body as unknown as Listed;

/** P(X ≥ k) for X ~ Binomial(n, p). */
function binomialTail(n: number, p: number, k: number): number {
  let term = (1 - p) ** n; // P(X = 0)
  let below = 0;
  for (let i = 0; i < k; i++) {
    below += term;
    term *= ((n - i) / (i + 1)) * (p / (1 - p));
  }
  return Math.max(0, 1 - below);
}

describe("the last shooter", () => {
  it("cannot steer the result: 200 attacked rounds win no more often than chance, though the old rule would lose every one", async () => {
    const ROUNDS = 200;
    const attacker = await createPlayer(t);
    await fund(t, admin, attacker.uuid, ROUNDS * 20 + 100);
    const honest = [await createPlayer(t), await createPlayer(t), await createPlayer(t), await createPlayer(t)];
    let wins = 0;
    let payout = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const round = await openRound();
      // The attacker bets on 777 / 77 while bets are open (10 ฿ each, as in the report).
      const slip = await placeSlip(t, attacker, round, [
        { award_type: "ThreeDigit", number: "777", amount: 10 },
        { award_type: "TwoDigit", number: "77", amount: 10 },
      ]);
      expect(slip.statusCode).toBe(200);
      const shots = await Promise.all(
        Array.from({ length: 24 }, (_, k) =>
          post(
            t.app,
            "/api/post-numberrecord-mockdata",
            { uuid: honest[k % 4]!.uuid, activityid: round, number: String(randomInt(100_000)).padStart(5, "0") },
            honest[k % 4]!.token,
          ),
        ),
      );
      expect(shots.every((s) => s.statusCode === 200)).toBe(true);
      await closeBets(round);

      // At the last moment the attacker reads every public shot and shoots the number that makes the
      // sum rule come out at 77777: (77777 − sum + the shot that will be 16th from the last) mod 100000.
      const before = await listShots(round, attacker.token);
      expect(before.seed).toBeNull();
      const numbers = before.recordlist.map((r) => r.number);
      const sum = numbers.reduce((s, n) => s + Number(n), 0);
      const steering = String((((77_777 - sum + Number(numbers[numbers.length - 15])) % 100_000) + 100_000) % 100_000).padStart(5, "0");
      expect(
        (await post(t.app, "/api/post-numberrecord-mockdata", { uuid: attacker.uuid, activityid: round, number: steering }, attacker.token))
          .statusCode,
      ).toBe(200);

      await resultTimeNow(round);
      expect(await finishYeekeeRound(t.db, round)).toBe("result");
      const after = await listShots(round, attacker.token);
      const all = after.recordlist.map((r) => r.number);
      expect(all.at(-1)).toBe(steering);
      // Under the old rule (no offset) the steering shot decides the result every time.
      expect(yeekeeResult(all, 20)).toMatchObject({ result: "77777", top3: "777", bottom2: "77" });
      // The result as decided: the sum rule plus the offset of the revealed seed.
      const decided = (await owner(`select result->'yeekee'->>'result' as r from rounds where id = $1`, [round]))[0].r as string;
      expect(decided).toBe((yeekeeResult(all, 20, yeekeeOffset(after.seed!, after.head)) as { result: string }).result);
      if (decided.slice(2) === "777") payout += 10 * 900;
      if (decided.slice(0, 2) === "77") payout += 10 * 90;
      if (decided.slice(2) === "777" || decided.slice(0, 2) === "77") wins += 1;
    }
    // A round is won by chance when R ends in 777 (1 in 1,000) or starts with 77 (1 in 100).
    const p = 1 / 1000 + 1 / 100 - 1 / 100_000;
    // The smallest number of wins that chance reaches in at most one run of a million.
    let bound = 0;
    while (binomialTail(ROUNDS, p, bound) > 1e-6) bound += 1;
    expect(bound).toBeLessThan(15);
    expect(wins).toBeLessThan(bound);
    // The money follows the results exactly.
    expect(await creditOf(t, attacker.token)).toBe(ROUNDS * 20 + 100 - ROUNDS * 20 + payout);
    expect((await ledgerCheck(t, admin)).ok).toBe(true);
  }, 240_000);
});

describe("the seed", () => {
  it("cannot be read by the serving role before the result time; the request is refused and logged; afterwards it matches the commitment", async () => {
    const player = await createPlayer(t);
    // A round created by the serving role itself gets a seed too.
    const round = Number(
      (
        await serving(
          `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
           values ('yeekee5', 9001, current_date, now() - interval '1 hour', now() + interval '1 hour', now() + interval '2 hours') returning id`,
        )
      ).rows[0].id,
    );
    const commitment = (await serving(`select commitment from yeekee_seeds where round_id = $1`, [round])).rows[0].commitment as string;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);

    // No direct read, no write, no moving the result time.
    for (const statement of [
      `select seed from yeekee_seeds where round_id = ${round}`,
      `select * from yeekee_seeds where round_id = ${round}`,
      `update yeekee_seeds set seed = '\\x00' where round_id = ${round}`,
      `delete from yeekee_seeds where round_id = ${round}`,
      `insert into yeekee_seeds (round_id, seed) values (${round}, gen_random_bytes(32))`,
      `update rounds set result_at = now() where id = ${round}`,
      `delete from yeekee_seed_refusals`,
    ]) {
      await expect(serving(statement), statement).rejects.toMatchObject({ code: "42501" });
    }
    // The function refuses before the result time and keeps a record of who asked.
    expect((await serving(`select yeekee_round_seed($1) as seed`, [round])).rows[0].seed).toBeNull();
    const refused = await owner(`select role_name, backend_pid from yeekee_seed_refusals where round_id = $1`, [round]);
    expect(refused).toHaveLength(1);
    expect(refused[0].role_name).toMatch(/_serving$/);
    // Even the owner cannot change a seed or its commitment.
    await expect(owner(`update yeekee_seeds set seed = gen_random_bytes(32) where round_id = $1`, [round])).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(owner(`update yeekee_seeds set commitment = 'x' where round_id = $1`, [round])).rejects.toThrow();

    // Published from the first moment: in the activity list and with the shots; the seed only later.
    const list = (
      await t.app.inject({ method: "GET", url: "/api/get-activity-yeekee/yeekee5", headers: { authorization: `Bearer ${player.token}` } })
    ).json() as {
      activitylist: Array<{ activityid: number; seed_commitment: string | null }>;
    };
    const listed = list.activitylist.filter((a) => a.seed_commitment !== null);
    expect(listed.length).toBeGreaterThan(0);
    for (const a of listed) expect(a.seed_commitment).toMatch(/^[0-9a-f]{64}$/);
    const before = await listShots(round, player.token);
    expect(before).toMatchObject({ seedCommitment: commitment, seed: null, offset: null });
    // Listing before the result time does not ask for the seed (no refusal logged for it).
    expect(await owner(`select 1 from yeekee_seed_refusals where round_id = $1`, [round])).toHaveLength(1);

    await owner(`update site_config set value = value || '{"minShots": 3}'::jsonb where key = 'yeekee'`);
    try {
      for (const n of ["12345", "67890", "00042"])
        expect(
          (await post(t.app, "/api/post-numberrecord-mockdata", { uuid: player.uuid, activityid: round, number: n }, player.token))
            .statusCode,
        ).toBe(200);
      await resultTimeNow(round);
      expect(await finishYeekeeRound(t.db, round)).toBe("result");
    } finally {
      await owner(`update site_config set value = value || '{"minShots": 20}'::jsonb where key = 'yeekee'`);
    }
    const after = await listShots(round, player.token);
    expect(after.seedCommitment).toBe(commitment);
    expect(seedCommitment(after.seed!)).toBe(commitment);
    expect(after.offset).toBe(yeekeeOffset(after.seed!, after.head));
    const chain = verifyChain(after.recordlist.map((r) => ({ seq: r.seq, number: r.number, userId: r.shooter, at: r.at, hash: r.hash })));
    expect(chain).toEqual({ ok: true, head: after.head });
    const recomputed = yeekeeResult(
      after.recordlist.map((r) => r.number),
      3,
      after.offset!,
    );
    const award = (await post(t.app, "/api/award", { activityid: round }, player.token)).body.awardlist as Array<{
      award_type: string;
      number: string;
    }>;
    expect(award.find((a) => a.award_type === "ThreeDigit")?.number).toBe((recomputed as { top3: string }).top3);
    expect(award.find((a) => a.award_type === "TwoDigit")?.number).toBe((recomputed as { bottom2: string }).bottom2);
    // After the result time the serving role may have the seed through the function, never the table.
    expect((await serving(`select yeekee_round_seed($1) as seed`, [round])).rows[0].seed).toBe(after.seed);
    await expect(serving(`select seed from yeekee_seeds where round_id = ${round}`)).rejects.toMatchObject({ code: "42501" });
    expect(await owner(`select 1 from yeekee_seed_refusals where round_id = $1`, [round])).toHaveLength(1);
  });

  it("is drawn for every yeekee round the ticker plans, and for no other lottery", async () => {
    const rows = await owner(
      `select l."group", count(r.id)::int as rounds, count(s.round_id)::int as seeds, count(distinct s.seed)::int as distinct_seeds
       from rounds r join lotteries l on l.id = r.lottery_id left join yeekee_seeds s on s.round_id = r.id group by l."group"`,
    );
    const byGroup = Object.fromEntries(rows.map((r) => [r.group, r]));
    for (const g of ["yeekee", "yeekee5minute"]) {
      expect(byGroup[g].rounds).toBeGreaterThan(0);
      expect(byGroup[g].seeds).toBe(byGroup[g].rounds);
      expect(byGroup[g].distinct_seeds).toBe(byGroup[g].seeds);
    }
    for (const g of ["stateLottery", "stockLottery"]) if (byGroup[g]) expect(byGroup[g].seeds).toBe(0);
  });
});
