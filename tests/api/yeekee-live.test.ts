import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { type LiveMessage, unpackLiveShots } from "../../src/contract/yeekee";
import { decodeLiveShots } from "../../src/contract/yeekee-live-binary";
import { buildApp } from "../../src/server/app";
import { connect, type Db } from "../../src/server/db/client";
import { createTestApp, recordingSms, testConfig, type TestApp } from "../support/app";
import { createPlayer } from "../support/players";

// Two instances on one database: a shot sent to one reaches a WebSocket watcher of the other.
let a: TestApp;
let bDb: Db;
let b: Awaited<ReturnType<typeof buildApp>>;
let bUrl: string;
/**
 * A third instance as a live worker runs it: its fan-out's passes spaced (docs/decisions/073), here at least
 * a second apart, so that several reads' shots wait for the same pass.
 */
let c: Awaited<ReturnType<typeof buildApp>>;
let cUrl: string;
/** The watchers' session: the feed is a player's (the page's jwt cookie, docs/decisions/048). */
let signedIn: { headers: { cookie: string } };

beforeAll(async () => {
  a = await createTestApp();
  const url = a.db.$client.options.connectionString!;
  bDb = connect(url);
  b = await buildApp({ config: testConfig(), db: bDb, databaseUrl: url, sms: recordingSms(), logger: false });
  bUrl = (await b.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws");
  c = await buildApp({
    config: testConfig(),
    db: bDb,
    databaseUrl: url,
    sms: recordingSms(),
    logger: false,
    liveWorker: { leastPassGapMs: 1000 },
  });
  cUrl = (await c.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws");
  await a.db.$client.query(`update site_config set value = value || '{"shotIntervalSeconds": 0}'::jsonb where key = 'yeekee'`);
  signedIn = { headers: { cookie: `jwt=${(await createPlayer(a)).token}` } };
});
afterAll(async () => {
  await c.close();
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

function watch(round: number, after = 0, base = bUrl) {
  const ws = new WebSocket(`${base}/api/ws/yeekee?activityid=${round}&after=${after}`, signedIn);
  const messages: LiveMessage[] = [];
  const frames: Array<{ binary: boolean; bytes: number; rows: number }> = [];
  // A shot's shooter named by an earlier shot this watcher received (docs/decisions/064).
  const held = (seq: number) => {
    for (const m of messages)
      if (m.type === "shots") for (const row of m.shots) if (row[0] === seq) return { username: row[2], shooter: row[3] };
    return undefined;
  };
  ws.on("message", (m: Buffer, binary: boolean) => {
    const message = binary ? decodeLiveShots(m, held) : (JSON.parse(String(m)) as LiveMessage);
    if (message?.type === "shots") frames.push({ binary, bytes: m.length, rows: message.shots.length });
    messages.push(message ?? { type: "error", message: `a frame that does not decode (${m.length} bytes)` });
  });
  const opened = new Promise((r) => ws.once("open", r));
  const until = async (pred: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, messages, frames, opened, until, shots: () => messages.flatMap((m) => (m.type === "shots" ? unpackLiveShots(m) : [])) };
}

const shoot = (p: { uuid: string; token: string }, activityid: number, number: string) =>
  a.app.inject({
    method: "POST",
    url: "/api/post-numberrecord-mockdata",
    payload: { uuid: p.uuid, activityid, number },
    headers: { authorization: `Bearer ${p.token}` },
  });

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

it("a live worker, its passes spaced, sends every shot to its watcher in order over many passes", async () => {
  const round = await yeekeeRound();
  const players = await Promise.all([createPlayer(a), createPlayer(a), createPlayer(a)]);
  const w = watch(round, 0, cUrl);
  await w.opened;
  await w.until(() => w.messages.some((m) => m.type === "hello"));
  let sent = 0;
  for (let group = 0; group < 4; group++) {
    const answers = await Promise.all(players.map((p, i) => shoot(p, round, String(10000 + group * 10 + i))));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    sent += players.length;
    await w.until(() => w.shots().length === sent);
  }
  expect(w.shots().map((s) => s.seq)).toEqual(Array.from({ length: sent }, (_, i) => i + 1));
  w.ws.close();
});

it("a live worker's watchers, joining while shots come, get every shot once and in order, then the result", async () => {
  const round = await yeekeeRound();
  const players = await Promise.all([createPlayer(a), createPlayer(a), createPlayer(a)]);
  const group = async (g: number) => {
    const answers = await Promise.all(players.map((p, i) => shoot(p, round, String(20000 + g * 10 + i))));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
  };
  const first = watch(round, 0, cUrl);
  await first.until(() => first.messages.some((m) => m.type === "hello"));
  await group(0);
  await first.until(() => first.shots().length === 3);
  // From here on nothing waits for the watchers: the shots, two watchers joining and the result all come
  // while the next pass waits (a second after the last one), several reads' segments for one pass.
  const second = watch(round, 2, cUrl);
  await group(1);
  const third = watch(round, 0, cUrl);
  await group(2);
  await group(3);
  // Both have joined (their hello sent after they were counted in): the result is not one a joiner races.
  for (const w of [second, third]) await w.until(() => w.messages.some((m) => m.type === "hello"));
  await group(4);
  await a.db.$client.query("select pg_notify('yeekee_shots', $1)", [JSON.stringify({ round, result: "void" })]);
  for (const [w, after] of [
    [first, 0],
    [second, 2],
    [third, 0],
  ] as const) {
    await w.until(() => w.messages.some((m) => m.type === "result"));
    expect(w.shots().map((s) => s.seq)).toEqual(Array.from({ length: 15 - after }, (_, i) => after + i + 1));
    expect(w.messages.at(-1)).toMatchObject({ type: "result", activityid: round, result: "void" });
    w.ws.close();
  }
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

it("shots come as binary frames naming each shooter once; every watcher decodes the listed shots exactly", async () => {
  const round = await yeekeeRound();
  const [p1, p2, viewer] = [await createPlayer(a), await createPlayer(a), await createPlayer(a)];
  const fromStart = watch(round);
  await fromStart.opened;
  await fromStart.until(() => fromStart.messages.some((m) => m.type === "hello"));
  for (const [p, n] of [
    [p1, "00001"],
    [p2, "00002"],
    [p1, "00003"],
  ] as const)
    expect((await shoot(p, round, n)).statusCode).toBe(200);
  await fromStart.until(() => fromStart.shots().length === 3);
  // A watcher opened later holds nothing before its `after`: its frames stand alone.
  const late = watch(round, 2);
  await late.until(() => late.shots().length === 1);
  // Several at once: frames of many rows, the shooters named back to their first shots (seq 1 and 2).
  const more = ["00004", "00005", "00006", "00007", "00008", "00009"];
  const answers = await Promise.all(more.map((n, i) => shoot(i % 2 ? p1 : p2, round, n)));
  expect(answers.map((r) => r.statusCode)).toEqual(more.map(() => 200));
  await fromStart.until(() => fromStart.shots().length === 9);
  await late.until(() => late.shots().length === 7);

  const listed = (
    await a.app.inject({
      method: "POST",
      url: "/api/read-numberrecord",
      payload: { activityid: round },
      headers: { authorization: `Bearer ${viewer.token}` },
    })
  ).json<{ recordlist: unknown[] }>().recordlist;
  expect(listed).toHaveLength(9);
  expect(fromStart.shots()).toEqual(listed);
  expect(late.shots()).toEqual(listed.slice(2));
  for (const w of [fromStart, late]) {
    expect(w.frames.every((f) => f.binary)).toBe(true);
    expect(w.messages.filter((m) => m.type === "error")).toEqual([]);
  }
  // The frames are a fraction of the JSON message for the same shots.
  const sent = fromStart.frames.reduce((sum, f) => sum + f.bytes, 0);
  const json = fromStart.messages.reduce((sum, m) => sum + (m.type === "shots" ? JSON.stringify(m).length : 0), 0);
  expect(sent).toBeLessThan(json / 2);
  for (const w of [fromStart, late]) w.ws.close();
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

it("a watcher that sends anything is closed, one that sends a large frame too; one address holds at most WS_MAX_PER_ADDRESS sockets", async () => {
  const round = await yeekeeRound();
  const closed = (ws: WebSocket) => new Promise<number>((r) => ws.once("close", (code) => r(code)));

  const talker = watch(round);
  await talker.opened;
  const talkerClosed = closed(talker.ws);
  talker.ws.send("hello");
  expect(await talkerClosed).toBe(1008);

  const flooder = watch(round);
  await flooder.opened;
  const flooderClosed = closed(flooder.ws);
  flooder.ws.send(Buffer.alloc(64 * 1024, 1));
  expect(await flooderClosed).toBe(1009);

  // A third instance with room for two sockets per address: the third from 127.0.0.1 is refused in Thai.
  const url = a.db.$client.options.connectionString!;
  const cDb = connect(url);
  const c = await buildApp({ config: testConfig({ wsMaxPerAddress: 2 }), db: cDb, databaseUrl: url, sms: recordingSms(), logger: false });
  const cUrl = (await c.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws");
  try {
    const open = (n: number) =>
      Array.from({ length: n }, () => new WebSocket(`${cUrl}/api/ws/yeekee?activityid=${round}&after=0`, signedIn));
    const first = open(2);
    await Promise.all(first.map((ws) => new Promise((r) => ws.once("open", r))));
    const [third] = open(1);
    const said: string[] = [];
    third!.on("message", (m) => said.push(String(m)));
    expect(await closed(third!)).toBe(1013);
    expect(said.join("")).toMatch(/[\u0E00-\u0E7F]/);
    // Once one closes, another may open. The client sees its socket closed before the server has
    // necessarily let go of its place, so a refusal (1013) is retried until the place is free.
    const oneClosed = closed(first[0]!);
    first[0]!.close();
    await oneClosed;
    // Admitted: a first message that is not the refusal's error; refused: the close code.
    const greeted = (ws: WebSocket) =>
      new Promise<number | "open">((r) => {
        ws.on("message", (m) => {
          if ((JSON.parse(String(m)) as { type: string }).type !== "error") r("open");
        });
        ws.once("close", (code) => r(code));
      });
    let again: WebSocket | undefined;
    for (const end = Date.now() + 10_000; !again;) {
      const [candidate] = open(1);
      const answer = await greeted(candidate!);
      if (answer === "open") again = candidate;
      else if (answer !== 1013 || Date.now() > end) throw new Error(`closed ${answer}`);
    }
    again.close();
    first[1]!.close();
  } finally {
    await c.close();
    await cDb.$client.end();
  }
});
