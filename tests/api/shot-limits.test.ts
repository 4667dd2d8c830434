import { describe, expect, it } from "vitest";
import { ADDRESS_CEILING_FACTOR } from "../../src/server/http/register-route";
import { THAI } from "../support/app";
import { useTestApp } from "../support/fixture";
import { createPlayer, loginAs, post } from "../support/players";

// Yeekee shots count their limit in the instance's memory, in the route itself (docs/decisions/072): per player,
// with a ceiling per address of ADDRESS_CEILING_FACTOR times it, as the shared limits do (docs/decisions/048).
const PER_PLAYER = 3;
const app = useTestApp({ rateLimitShotsPerMinute: PER_PLAYER });

type Player = Awaited<ReturnType<typeof createPlayer>>;

const q = async (sql: string, params: unknown[] = []) => (await app.t.owner.$client.query(sql, params)).rows;

let roundNo = 0;
/** A yeekee round open for shots, every player's pace in the database off (only the limit counted here refuses). */
async function openRound(): Promise<number> {
  roundNo += 1;
  await q(`update site_config set value = value || '{"shotIntervalSeconds": 0}'::jsonb where key = 'yeekee'`);
  const r = await q(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     values ('yeekee', $1, current_date, now() - interval '1 hour', now() + interval '1 minute', now() + interval '2 minutes') returning id`,
    [200 + roundNo],
  );
  return Number(r[0].id);
}

let number = 0;
async function shoot(p: Player | null, round: number, remoteAddress: string) {
  number += 1;
  const res = await app.t.app.inject({
    method: "POST",
    url: "/api/post-numberrecord-mockdata",
    payload: { uuid: p?.uuid ?? "00000000-0000-4000-8000-000000000000", activityid: round, number: String(number).padStart(5, "0") },
    remoteAddress,
    headers: p ? { authorization: `Bearer ${p.token}` } : {},
  });
  return { status: res.statusCode, message: (res.json() as { message?: string }).message, retryAfter: res.headers["retry-after"] };
}

async function shots(p: Player, round: number, remoteAddress: string, n: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await shoot(p, round, remoteAddress)).status);
  return codes;
}

const countShots = async (round: number) =>
  (await q(`select count(*)::int as n from yeekee_shots where round_id = $1`, [round]))[0].n as number;

describe("the shots' limit, counted in memory", () => {
  it("each player from one address gets its own limit; past it a Thai 429 with retry-after, and nothing written", async () => {
    const round = await openRound();
    const a = await createPlayer(app.t);
    const b = await createPlayer(app.t);
    const address = "198.51.100.10";
    expect(await shots(a, round, address, PER_PLAYER)).toEqual(Array(PER_PLAYER).fill(200));
    const refused = await shoot(a, round, address);
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(THAI);
    expect(refused.message).toBe("ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่");
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(await countShots(round)).toBe(PER_PLAYER);
    expect(await shots(b, round, address, PER_PLAYER)).toEqual(Array(PER_PLAYER).fill(200));
    expect((await shoot(b, round, address)).status).toBe(429);
    expect(await countShots(round)).toBe(2 * PER_PLAYER);
  });

  it("one player from two addresses shares one limit", async () => {
    const round = await openRound();
    const p = await createPlayer(app.t);
    expect(await shots(p, round, "198.51.100.20", 2)).toEqual([200, 200]);
    expect(await shots(p, round, "198.51.100.21", PER_PLAYER - 2)).toEqual(Array(PER_PLAYER - 2).fill(200));
    expect((await shoot(p, round, "198.51.100.21")).status).toBe(429);
    expect((await shoot(p, round, "198.51.100.20")).status).toBe(429);
  });

  it("an address has a ceiling of ten times a player's limit, checked before the token", async () => {
    const round = await openRound();
    const address = "198.51.100.30";
    const players: Player[] = [];
    for (let i = 0; i < ADDRESS_CEILING_FACTOR + 1; i++) players.push(await createPlayer(app.t));
    for (const p of players.slice(0, ADDRESS_CEILING_FACTOR)) expect(await shots(p, round, address, PER_PLAYER)).not.toContain(429);
    const before = await countShots(round);
    // A fresh player, nothing shot yet: the address is at its ceiling, and so is a caller with no token (429, not 401).
    const last = players[ADDRESS_CEILING_FACTOR]!;
    const refused = await shoot(last, round, address);
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(THAI);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await shoot(null, round, address)).status).toBe(429);
    expect(await countShots(round)).toBe(before);
    // The same player from elsewhere is within its own limit.
    expect((await shoot(last, round, "198.51.100.31")).status).toBe(200);
  });

  it("a shot on an ended session is 401 and not counted against its player", async () => {
    const round = await openRound();
    const p = await createPlayer(app.t);
    expect((await post(app.t.app, "/api/logout", {}, p.token)).statusCode).toBe(200);
    // The ended token still names the player: counted before the session check, these would use up its limit.
    for (let i = 0; i < PER_PLAYER + 1; i++) expect((await shoot(p, round, "198.51.100.40")).status).toBe(401);
    const again = { ...p, token: await loginAs(app.t, p.username, p.password) };
    expect(await shots(again, round, "198.51.100.40", PER_PLAYER)).toEqual(Array(PER_PLAYER).fill(200));
    expect((await shoot(again, round, "198.51.100.40")).status).toBe(429);
  });
});
