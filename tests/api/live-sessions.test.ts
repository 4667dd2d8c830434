import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { games } from "../../src/contract";
import { buildApp } from "../../src/server/app";
import { connect, type Db } from "../../src/server/db/client";
import { createTestApp, recordingSms, testConfig, type TestApp, THAI } from "../support/app";
import { call } from "../support/call";
import { createPlayer, distinctHolder, loginAs, post } from "../support/players";
import { adminToken, fund } from "../support/wallet";

// A live socket ends with its session (docs/decisions/048): a games lobby or yeekee socket opened before a
// logout, ban or password change is closed (4401), at once on the instance that ended the session and
// within SESSION_CACHE_MS on another (here B, with 300 ms), which reads its sockets' sessions again.
let a: TestApp;
let admin: string;
let aUrl: string;
let bDb: Db;
let b: Awaited<ReturnType<typeof buildApp>>;
let bUrl: string;
let round: number;

beforeAll(async () => {
  a = await createTestApp();
  admin = await adminToken(a);
  aUrl = (await a.app.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws");
  const url = a.db.$client.options.connectionString!;
  bDb = connect(url);
  b = await buildApp({ config: testConfig({ sessionCacheMs: 300 }), db: bDb, databaseUrl: url, sms: recordingSms(), logger: false });
  bUrl = (await b.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws");
  const r = await a.owner.$client.query(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     values ('yeekee5', 900 + floor(random() * 1000)::int, current_date, now() - interval '1 hour', now() + interval '1 hour', now() + interval '2 hours') returning id`,
  );
  round = Number(r.rows[0].id);
});
afterAll(async () => {
  await b.close();
  await bDb.$client.end();
  await a.close();
});

type Player = Awaited<ReturnType<typeof createPlayer>>;
const player = () => createPlayer(a, { bankaccounts: distinctHolder("ผู้เล่น สดสด") });

/** A signed-in socket (the page's jwt cookie), its messages, its greeting and its close code. */
function live(base: string, path: string, token: string) {
  const ws = new WebSocket(`${base}${path}`, { headers: { cookie: `jwt=${token}` } });
  const messages: Array<{ type: string; message?: string; game?: { id: number } }> = [];
  const greeted = new Promise<void>((resolve, reject) => {
    ws.on("message", (m) => {
      const message = JSON.parse(String(m)) as { type: string };
      messages.push(message);
      if (message.type === "hello") resolve();
    });
    ws.once("close", (code) => reject(new Error(`closed ${code} before its greeting`)));
  });
  const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
  return { ws, messages, greeted, closed };
}
const lobby = (base: string, token: string) => live(base, "/api/ws/games?gametype=huakoi", token);
const yeekee = (base: string, token: string) => live(base, `/api/ws/yeekee?activityid=${round}&after=0`, token);

/** Closed as a session that ended: the 4401 code, after a Thai message saying so. */
async function endedBySession(socket: ReturnType<typeof live>) {
  expect(await socket.closed).toBe(4401);
  const last = socket.messages.at(-1);
  expect(last?.type).toBe("error");
  expect(last?.message).toMatch(THAI);
}

describe("a live socket ends with its session", () => {
  it("logout closes the session's sockets on this instance at once and on another within its session cache; other sessions' stay", async () => {
    const p: Player = await player();
    const otherSession = await loginAs(a, p.username, p.password);
    const here = lobby(aUrl, p.token);
    const there = lobby(bUrl, p.token);
    const shots = yeekee(bUrl, p.token);
    const stays = lobby(aUrl, otherSession);
    await Promise.all([here.greeted, there.greeted, shots.greeted, stays.greeted]);

    expect((await post(a.app, "/api/logout", {}, p.token)).statusCode).toBe(200);
    await endedBySession(here);
    await endedBySession(there);
    await endedBySession(shots);

    // The player's other session still hears the lobby: a game opened now reaches it.
    await fund(a, admin, p.uuid, 100);
    const made = await call(a.app, games.addHuakoiHilow, { uuid: p.uuid, price: 10, gametype: "huakoi", bet: "หัว" }, otherSession);
    expect(made.ok).toBe(true);
    const id = made.ok ? made.body.game.id : 0;
    await expect.poll(() => stays.messages.some((m) => m.type === "open" && m.game?.id === id), { timeout: 10_000 }).toBe(true);
    stays.ws.close();
  });

  it("a ban closes every socket of the player, on both instances", async () => {
    const p = await player();
    const sockets = [lobby(aUrl, p.token), lobby(bUrl, p.token), yeekee(aUrl, p.token), yeekee(bUrl, p.token)];
    await Promise.all(sockets.map((s) => s.greeted));
    expect((await post(a.app, "/api/admin/ban-player", { uuid: p.uuid, banned: true, reason: "ทดสอบการระงับ" }, admin)).statusCode).toBe(
      200,
    );
    for (const s of sockets) await endedBySession(s);
  });

  it("a password change closes the sockets of the player's other sessions, on both instances", async () => {
    const p = await player();
    const changer = await loginAs(a, p.username, p.password);
    const sockets = [lobby(aUrl, p.token), yeekee(bUrl, p.token), lobby(bUrl, p.token)];
    await Promise.all(sockets.map((s) => s.greeted));
    expect((await post(a.app, "/api/check-oldPassword", { user: p.username, pass: p.password }, changer)).statusCode).toBe(200);
    expect((await post(a.app, "/api/update-password", { uuid: p.uuid, pass: "new-password-9" }, changer)).statusCode).toBe(200);
    for (const s of sockets) await endedBySession(s);
  });

  it("a time-out the player takes closes every socket of the player, on both instances", async () => {
    const p = await player();
    const other = await loginAs(a, p.username, p.password);
    const sockets = [lobby(aUrl, p.token), yeekee(bUrl, p.token), lobby(bUrl, other)];
    await Promise.all(sockets.map((s) => s.greeted));
    expect((await post(a.app, "/api/rg/take-break", { length: "24h", confirm: true }, p.token)).statusCode).toBe(200);
    for (const s of sockets) await endedBySession(s);
  });

  it("a socket without a live session is refused (4401), the yeekee feed as the games lobby", async () => {
    const p = await player();
    expect((await post(a.app, "/api/logout", {}, p.token)).statusCode).toBe(200);
    const refused = [lobby(bUrl, p.token), yeekee(bUrl, p.token), yeekee(bUrl, "not-a-token")];
    // No greeting is coming: only the close is awaited.
    for (const s of refused) s.greeted.catch(() => {});
    for (const s of refused) {
      await endedBySession(s);
    }
  });
});
