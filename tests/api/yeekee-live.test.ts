import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { type LiveMessage, unpackLiveShots } from "../../src/contract/yeekee";
import { buildApp } from "../../src/server/app";
import { connect, type Db } from "../../src/server/db/client";
import { createTestApp, recordingSms, testConfig, type TestApp } from "../support/app";
import { createPlayer } from "../support/players";

// Two instances on one database: a shot sent to one reaches a WebSocket watcher of the other.
let a: TestApp;
let bDb: Db;
let b: Awaited<ReturnType<typeof buildApp>>;
let bUrl: string;

beforeAll(async () => {
  a = await createTestApp();
  const url = a.db.$client.options.connectionString!;
  bDb = connect(url);
  b = await buildApp({ config: testConfig(), db: bDb, databaseUrl: url, sms: recordingSms(), logger: false });
  bUrl = (await b.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws");
  await a.db.$client.query(`update site_config set value = value || '{"shotIntervalSeconds": 0}'::jsonb where key = 'yeekee'`);
});
afterAll(async () => {
  await b.close();
  await bDb.$client.end();
  await a.close();
});

async function yeekeeRound(): Promise<number> {
  const r = await a.db.$client.query(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     values ('yeekee5', 900 + floor(random() * 1000)::int, current_date, now() - interval '1 hour', now() + interval '1 hour', now() + interval '2 hours') returning id`,
  );
  return Number(r.rows[0].id);
}

function watch(round: number, after = 0) {
  const ws = new WebSocket(`${bUrl}/api/ws/yeekee?activityid=${round}&after=${after}`);
  const messages: LiveMessage[] = [];
  ws.on("message", (m) => messages.push(JSON.parse(String(m))));
  const opened = new Promise((r) => ws.once("open", r));
  const until = async (pred: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, messages, opened, until, shots: () => messages.flatMap((m) => (m.type === "shots" ? unpackLiveShots(m) : [])) };
}

const shoot = (p: { uuid: string; token: string }, activityid: number, number: string) =>
  a.app.inject({ method: "POST", url: "/api/post-numberrecord-mockdata", payload: { uuid: p.uuid, activityid, number }, headers: { authorization: `Bearer ${p.token}` } });

it("a shot sent to one instance reaches a WebSocket watcher of the other, in order", async () => {
  const round = await yeekeeRound();
  const player = await createPlayer(a);
  const w = watch(round);
  await w.opened;
  await w.until(() => w.messages.some((m) => m.type === "hello"));
  for (const n of ["11111", "22222", "33333"]) expect((await shoot(player, round, n)).statusCode).toBe(200);
  await w.until(() => w.shots().length === 3);
  expect(w.shots().map((s) => [s.seq, s.number])).toEqual([
    [1, "11111"],
    [2, "22222"],
    [3, "33333"],
  ]);
  w.ws.close();
});

it("a watcher that reconnects catches up from its last shot without gaps", async () => {
  const round = await yeekeeRound();
  const player = await createPlayer(a);
  for (const n of ["10001", "10002", "10003", "10004"]) await shoot(player, round, n);
  const w = watch(round, 2);
  await w.opened;
  await w.until(() => w.shots().length === 2);
  await shoot(player, round, "10005");
  await w.until(() => w.shots().length === 3);
  expect(w.shots().map((s) => s.seq)).toEqual([3, 4, 5]);
  w.ws.close();
});

it("a newcomer asking for shots far ahead does not hold back the other watchers", async () => {
  const round = await yeekeeRound();
  const player = await createPlayer(a);
  const honest = watch(round);
  const other = watch(round, 1);
  await Promise.all([honest.opened, other.opened]);
  await honest.until(() => honest.messages.some((m) => m.type === "hello"));
  const greedy = watch(round, 1_000_000_000);
  await greedy.opened;
  await greedy.until(() => greedy.messages.some((m) => m.type === "hello"));
  for (const n of ["20001", "20002", "20003"]) expect((await shoot(player, round, n)).statusCode).toBe(200);
  await honest.until(() => honest.shots().length === 3);
  await other.until(() => other.shots().length === 2);
  expect(honest.shots().map((s) => s.seq)).toEqual([1, 2, 3]);
  expect(other.shots().map((s) => s.seq)).toEqual([2, 3]);
  expect(greedy.shots()).toEqual([]);
  for (const w of [honest, other, greedy]) w.ws.close();
});
