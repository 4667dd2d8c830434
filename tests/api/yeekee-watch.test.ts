import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, THAI } from "../support/app";
import { placeSlip } from "../support/betting";
import { createPlayer, post } from "../support/players";
import { openYeekeeRound } from "../support/rounds";
import { adminToken, fund } from "../support/wallet";

// The operator's watch over yeekee fairness (docs/decisions/012): staked players shooting in a round's
// final minute, and requests for a seed before its result time.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  await owner(`update site_config set value = value || '{"shotIntervalSeconds": 0}'::jsonb where key = 'yeekee'`);
});
afterAll(async () => {
  await t.close();
});

/** The owner's connection: set-up, and the test's hand on the clock (the serving role cannot move round times). */
const owner = async (sql: string, params: unknown[] = []) => (await t.owner.$client.query(sql, params)).rows;

type Watch = {
  rounds: Array<{
    activityid: number;
    name: string;
    round_no: number;
    result_at: string;
    players: Array<{ uuid: string; username: string; lateShots: number; stake: number }>;
  }>;
  refusals: Array<{ activityid: number; at: string; role: string; client: string | null }>;
};
const readWatch = async (body: unknown, token = admin) => post(t.app, "/api/admin/read-yeekee-watch", body, token);
const watch = async (days?: number) => (await readWatch(days === undefined ? {} : { days })).body as unknown as Watch;

const openRound = () => openYeekeeRound(t.owner);

const shoot = (p: { uuid: string; token: string }, activityid: number, number: string) =>
  post(t.app, "/api/post-numberrecord-mockdata", { uuid: p.uuid, activityid, number }, p.token);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the yeekee watch", () => {
  it("lists only the players with an active stake who shot in the round's final minute, with their late shots and stake", async () => {
    const late = await createPlayer(t);
    const unstaked = await createPlayer(t);
    const early = await createPlayer(t);
    await fund(t, admin, late.uuid, 100);
    await fund(t, admin, early.uuid, 100);
    const round = await openRound();

    // The late shooter's stake: 20 + 5 ฿ active; a third slip, cancelled while bets were open, does not count.
    expect((await placeSlip(t, late, round, [{ award_type: "ThreeDigit", number: "123", amount: 20 }])).statusCode).toBe(200);
    expect((await placeSlip(t, late, round, [{ award_type: "TwoDigit", number: "45", amount: 5 }])).statusCode).toBe(200);
    const cancelled = await placeSlip(t, late, round, [{ award_type: "TwoDigit", number: "99", amount: 30 }]);
    expect(
      (
        await post(
          t.app,
          "/api/cancel-allpostnumber-mockdata",
          { uuid: late.uuid, activityid: round, master_id: cancelled.body.master_id },
          late.token,
        )
      ).statusCode,
    ).toBe(200);
    expect((await placeSlip(t, early, round, [{ award_type: "TwoDigit", number: "12", amount: 10 }])).statusCode).toBe(200);

    // The staked early shooter shoots first; everyone else shoots strictly later.
    expect((await shoot(early, round, "11111")).statusCode).toBe(200);
    await sleep(20);
    for (const n of ["22222", "33333", "44444"]) expect((await shoot(late, round, n)).statusCode).toBe(200);
    expect((await shoot(unstaked, round, "55555")).statusCode).toBe(200);
    // Bets close, and the result comes exactly 60 seconds after the late shooter's first shot: the final
    // minute starts at that shot, so the early shot (20 ms before it) falls just outside it.
    await owner(
      `update rounds set status = 'closed', close_at = now(),
         result_at = (select min(at)::timestamptz from yeekee_shots where round_id = $1 and user_id = $2) + interval '60 seconds'
       where id = $1`,
      [round, late.uuid],
    );
    const earlyAt = (await owner(`select at from yeekee_shots where round_id = $1 and user_id = $2`, [round, early.uuid]))[0].at as string;
    const { result_at: resultAt, round_no: roundNo } = (
      await owner(`select result_at, round_no from rounds where id = $1`, [round])
    )[0] as { result_at: Date; round_no: number };
    expect(new Date(earlyAt).getTime()).toBeLessThan(resultAt.getTime() - 60_000);

    const res = await readWatch({});
    expect(res.statusCode).toBe(200);
    const listed = (res.body as unknown as Watch).rounds.filter((r) => r.activityid === round);
    expect(listed).toEqual([
      {
        activityid: round,
        name: expect.any(String),
        round_no: roundNo,
        result_at: resultAt.toISOString(),
        players: [{ uuid: late.uuid, username: late.username, lateShots: 3, stake: 25 }],
      },
    ]);
    expect(listed[0]!.name).toMatch(THAI);

    // Another round whose staked shooter is well clear of the final minute is not listed at all.
    const quiet = await openRound();
    expect((await placeSlip(t, early, quiet, [{ award_type: "TwoDigit", number: "34", amount: 10 }])).statusCode).toBe(200);
    expect((await shoot(early, quiet, "66666")).statusCode).toBe(200);
    await owner(`update rounds set close_at = now(), status = 'closed', result_at = now() + interval '5 minutes' where id = $1`, [quiet]);
    expect((await watch()).rounds.map((r) => r.activityid)).not.toContain(quiet);
  });

  it("lists a request for a seed before its round's result time, newest first", async () => {
    const round = await openRound();
    const other = await openRound();
    // The serving role, as the app connects, asks early: refused (NULL) and kept.
    expect((await t.db.$client.query(`select yeekee_round_seed($1) as seed`, [round])).rows[0].seed).toBeNull();
    await sleep(5);
    expect((await t.db.$client.query(`select yeekee_round_seed($1) as seed`, [other])).rows[0].seed).toBeNull();
    const servingRole = (await t.db.$client.query(`select session_user as role`)).rows[0].role as string;

    const { refusals } = await watch();
    const mine = refusals.filter((f) => f.activityid === round || f.activityid === other);
    expect(mine.map((f) => f.activityid)).toEqual([other, round]);
    for (const f of mine) {
      expect(f.role).toBe(servingRole);
      expect(f.at).toBe(new Date(f.at).toISOString());
      expect(Date.now() - Date.parse(f.at)).toBeLessThan(60_000);
      expect(f.client === null || typeof f.client === "string").toBe(true);
    }
    // Newest first across the whole list.
    const times = refusals.map((f) => Date.parse(f.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("reaches back `days` days: a round and a refusal of two days ago show with days 3, not with the default 1", async () => {
    const player = await createPlayer(t);
    await fund(t, admin, player.uuid, 50);
    const round = await openRound();
    expect((await placeSlip(t, player, round, [{ award_type: "ThreeDigit", number: "777", amount: 15 }])).statusCode).toBe(200);
    // The round as it was two days ago, with the player's shot 30 seconds before its result. The shot path
    // refuses shots outside a round's window, so the past shot is written by the owner.
    await owner(
      `update rounds set status = 'closed', open_at = now() - interval '2 days 1 hour', close_at = now() - interval '2 days 5 minutes', result_at = now() - interval '2 days' where id = $1`,
      [round],
    );
    await owner(
      `insert into yeekee_shots (round_id, seq, user_id, number, at, hash)
       select id, 1, $2, '12345', to_char((result_at - interval '30 seconds') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), repeat('0', 64)
       from rounds where id = $1`,
      [round, player.uuid],
    );
    await owner(
      `insert into yeekee_seed_refusals (round_id, at, role_name, backend_pid, client_addr) values ($1, now() - interval '2 days', 'someone', 4242, '10.0.0.9')`,
      [round],
    );

    const recent = await watch();
    expect(recent.rounds.map((r) => r.activityid)).not.toContain(round);
    expect(recent.refusals.map((f) => f.activityid)).not.toContain(round);

    const wider = await watch(3);
    expect(wider.rounds.find((r) => r.activityid === round)?.players).toEqual([
      { uuid: player.uuid, username: player.username, lateShots: 1, stake: 15 },
    ]);
    expect(wider.refusals.find((f) => f.activityid === round)).toMatchObject({ role: "someone", client: "10.0.0.9" });
  });

  it("is the operator's only: a player gets 403; bad input gets 400 with a Thai message", async () => {
    const player = await createPlayer(t);
    const forbidden = await readWatch({}, player.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body.message).toMatch(THAI);
    expect((await post(t.app, "/api/admin/read-yeekee-watch", {})).statusCode).toBe(401);
    for (const days of [0, 8, 1.5, "x", "1"]) {
      const bad = await readWatch({ days });
      expect(bad.statusCode, String(days)).toBe(400);
      expect(bad.body.status).toBe("Error");
      expect(bad.body.message).toMatch(THAI);
    }
  });
});
