import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { games } from "../../src/contract";
import type { GamesLiveMessage } from "../../src/contract/games";
import { buildApp } from "../../src/server/app";
import { connect, type Db } from "../../src/server/db/client";
import { expireGames } from "../../src/server/games/service";
import { createTestApp, recordingSms, testConfig, type TestApp } from "../support/app";
import { call } from "../support/call";
import { createPlayer, distinctHolder } from "../support/players";
import { adminToken, creditOf, fund, ledgerCheck } from "../support/wallet";

// The games lobby live: two instances on one database; games created, taken and cancelled through one
// reach a watcher of the other. And the game calls answer a retried Idempotency-Key once.
let a: TestApp;
let admin: string;
let bDb: Db;
let b: Awaited<ReturnType<typeof buildApp>>;
let bUrl: string;

beforeAll(async () => {
  a = await createTestApp();
  admin = await adminToken(a);
  const url = a.db.$client.options.connectionString!;
  bDb = connect(url);
  b = await buildApp({ config: testConfig(), db: bDb, databaseUrl: url, sms: recordingSms(), logger: false });
  bUrl = (await b.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws");
});
afterAll(async () => {
  await b.close();
  await bDb.$client.end();
  await a.close();
});

type Player = Awaited<ReturnType<typeof createPlayer>>;
async function player(credit = 1000): Promise<Player> {
  const p = await createPlayer(a, { bankaccounts: distinctHolder("ผู้ชม เกมสด") });
  await fund(a, admin, p.uuid, credit);
  return p;
}

function watch(gametype: string, token?: string) {
  const ws = new WebSocket(`${bUrl}/api/ws/games?gametype=${gametype}`, token ? { headers: { cookie: `jwt=${token}` } } : {});
  const messages: GamesLiveMessage[] = [];
  let closedWith: number | null = null;
  ws.on("message", (m) => messages.push(JSON.parse(String(m))));
  ws.on("close", (code) => {
    closedWith = code;
  });
  const until = async (pred: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, messages, until, closedWith: () => closedWith };
}

const create = (p: Player, body: Record<string, unknown>, key?: string) =>
  call(a.app, games.addHuakoiHilow, { uuid: p.uuid, ...body } as never, p.token, key ? { headers: { "idempotency-key": key } } : {});

describe("the lobby over WebSocket", () => {
  it("a game opened on one instance reaches the other's watchers (its creator as their own), and leaves when taken or cancelled", async () => {
    const creator = await player();
    const challenger = await player();
    const other = watch("hilow", challenger.token);
    const own = watch("hilow", creator.token);
    const huakoi = watch("huakoi", challenger.token);
    await other.until(() => other.messages.some((m) => m.type === "hello"));
    await own.until(() => own.messages.some((m) => m.type === "hello"));
    await huakoi.until(() => huakoi.messages.some((m) => m.type === "hello"));

    const made = await create(creator, { price: 20, gametype: "hilow", t1: 1, t2: 2, t3: 3 });
    expect(made.ok).toBe(true);
    const id = made.ok ? made.body.game.id : 0;
    await other.until(() => other.messages.some((m) => m.type === "open" && m.game.id === id));
    const seen = other.messages.find((m) => m.type === "open")!;
    // Others get the public view: the dice and salt stay hidden, the creator masked.
    expect(seen.type === "open" && seen.game).toMatchObject({
      id,
      mine: false,
      t1: null,
      salt: null,
      bet: null,
      status: "open",
      commitment: made.ok ? made.body.game.commitment : "",
    });
    await own.until(() => own.messages.some((m) => m.type === "open" && m.game.id === id));
    expect(own.messages.find((m) => m.type === "open")).toMatchObject({ game: { id, mine: true, t1: 1 } });

    const taken = await call(
      a.app,
      games.guessHuakoiHilow,
      { id, guess: "ต่ำ", uuid: challenger.uuid, gametype: "hilow" },
      challenger.token,
    );
    expect(taken.ok).toBe(true);
    await other.until(() => other.messages.some((m) => m.type === "closed" && m.id === id));
    await own.until(() => own.messages.some((m) => m.type === "closed" && m.id === id));
    expect(other.messages.find((m) => m.type === "closed")).toMatchObject({ id, status: "done", mine: false });
    expect(own.messages.find((m) => m.type === "closed")).toMatchObject({ id, status: "done", mine: true });

    const second = await create(creator, { price: 10, gametype: "hilow" });
    const secondId = second.ok ? second.body.game.id : 0;
    await other.until(() => other.messages.some((m) => m.type === "open" && m.game.id === secondId));
    const cancelled = await call(a.app, games.cancelHuakoiHilow, { id: secondId, uuid: creator.uuid }, creator.token);
    expect(cancelled.ok).toBe(true);
    await other.until(() => other.messages.some((m) => m.type === "closed" && m.id === secondId && m.status === "cancelled"));

    // An expired game leaves the list too.
    const third = await create(creator, { price: 10, gametype: "hilow" });
    const thirdId = third.ok ? third.body.game.id : 0;
    await a.owner.$client.query(`update games set created_at = now() - interval '25 hours' where id = $1`, [thirdId]);
    expect(await expireGames(a.db)).toBe(1);
    await other.until(() => other.messages.some((m) => m.type === "closed" && m.id === thirdId && m.status === "expired"));

    // The huakoi lobby heard nothing of the hi-low games.
    expect(huakoi.messages.map((m) => m.type)).toEqual(["hello"]);
    for (const w of [other, own, huakoi]) w.ws.close();
  });

  it("refuses a watcher without a valid sign-in or with an unknown game type", async () => {
    const anonymous = watch("huakoi");
    await anonymous.until(() => anonymous.closedWith() !== null);
    expect(anonymous.closedWith()).toBe(4401);
    expect(anonymous.messages).toEqual([{ type: "error", message: "กรุณาเข้าสู่ระบบใหม่" }]);
    const forged = watch("huakoi", "not-a-token");
    await forged.until(() => forged.closedWith() !== null);
    expect(forged.closedWith()).toBe(4401);
    const p = await player(1);
    const unknown = watch("poker", p.token);
    await unknown.until(() => unknown.closedWith() !== null);
    expect(unknown.closedWith()).toBe(1008);
    expect(unknown.messages[0]).toMatchObject({ type: "error" });
  });
});

describe("a retried request", () => {
  it("creating with the same Idempotency-Key makes one game and takes one stake; another body with it is refused", async () => {
    const p = await player(100);
    const key = randomUUID();
    const body = { price: 30, gametype: "huakoi", bet: "หัว" };
    const [first, second] = await Promise.all([create(p, body, key), create(p, body, key)]);
    const answers = [first, second].filter((r) => r.ok);
    // The concurrent retry either waits and reads the first answer, or is told the first is still running.
    expect(answers.length).toBeGreaterThanOrEqual(1);
    for (const r of [first, second]) if (!r.ok) expect(r.statusCode).toBe(409);
    const again = await create(p, body, key);
    expect(again.ok).toBe(true);
    if (again.ok && first.ok) expect(again.body.game.id).toBe(first.body.game.id);
    const rows = await a.owner.$client.query(`select count(*)::int as n from games where creator_id = $1`, [p.uuid]);
    expect(rows.rows[0].n).toBe(1);
    expect(await creditOf(a, p.token)).toBe(70);
    const other = await create(p, { ...body, price: 40 }, key);
    expect(other.ok).toBe(false);
    expect(other.statusCode).toBe(409);
    expect(await creditOf(a, p.token)).toBe(70);
  });

  it("a guess retried with its key reads its own answer back instead of 'already taken', and pays once", async () => {
    const creator = await player(100);
    const challenger = await player(100);
    const made = await create(creator, { price: 50, gametype: "huakoi", bet: "ก้อย" });
    const id = made.ok ? made.body.game.id : 0;
    const key = randomUUID();
    const body = { id, guess: "ก้อย", uuid: challenger.uuid, gametype: "huakoi" } as const;
    const first = await call(a.app, games.guessHuakoiHilow, body, challenger.token, { headers: { "idempotency-key": key } });
    const retry = await call(a.app, games.guessHuakoiHilow, body, challenger.token, { headers: { "idempotency-key": key } });
    expect(first.ok && retry.ok).toBe(true);
    expect(retry.body).toEqual(first.body);
    expect(first.ok && first.body).toMatchObject({ result: "win", returnprice: 95 });
    expect(await creditOf(a, challenger.token)).toBe(145);
    // Without the key, a second guess meets the taken game.
    const bare = await call(a.app, games.guessHuakoiHilow, body, challenger.token);
    expect(bare.statusCode).toBe(409);
    expect(await creditOf(a, challenger.token)).toBe(145);
    expect((await ledgerCheck(a, admin)).ok).toBe(true);
  });
});
