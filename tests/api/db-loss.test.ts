import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { buildApp } from "../../src/server/app";
import { connect, type Db, runMigrations } from "../../src/server/db/client";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../../src/server/db/embedded";
import { DATABASE_AWAY } from "../../src/server/http/error-handler";
import { seed } from "../../src/server/seed";
import { recordingSms, TEST_ADMIN, testConfig, type TestApp } from "../support/app";
import { createPlayer, post } from "../support/players";
import { freePort } from "../support/processes";

// The database goes away under load (a restart or failover) and comes back: the server stays up,
// answers 503 with a Thai message meanwhile, and carries on afterwards (new pool connections, the live
// feeds' LISTEN re-established). PostgreSQL of its own, so stopping it touches no other test file.

let dir: string;
let port: number;
let pgServer: EmbeddedDatabase;
let db: Db;
let t: TestApp;
let base: string;

const start = () => startEmbeddedPostgres({ dir, port, persistent: true, settings: { fsync: "off", synchronous_commit: "off" } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lotto-dbloss-"));
  port = await freePort();
  pgServer = await start();
  db = connect(pgServer.url);
  await runMigrations(db);
  await seed(db, TEST_ADMIN);
  const sms = recordingSms();
  const app = await buildApp({ config: testConfig(), db, databaseUrl: pgServer.url, sms, logger: false });
  base = await app.listen({ port: 0, host: "127.0.0.1" });
  t = { app, db, owner: db, sms, close: async () => {} };
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  await db?.$client.end().catch(() => {});
  await pgServer?.stop().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

it("stays up while PostgreSQL restarts under load: 503 in Thai meanwhile, then serves again", async () => {
  const player = await createPlayer(t);
  const credit = () => post(t.app, "/api/get-credit", { uuid: player.uuid }, player.token);
  expect((await credit()).statusCode).toBe(200);

  const games = new WebSocket(`${base.replace("http", "ws")}/api/ws/games?gametype=huakoi`, { headers: { cookie: `jwt=${player.token}` } });
  const hellos: unknown[] = [];
  games.on("message", (m) => {
    const message = JSON.parse(String(m)) as { type: string };
    if (message.type === "hello") hellos.push(message);
  });
  await until(() => hellos.length === 1);

  // Load: 8 clients calling without a pause, through real HTTP, while the database stops and starts.
  const codes: number[] = [];
  const messages = new Set<string>();
  let loading = true;
  const client = async () => {
    while (loading) {
      const r = await fetch(`${base}/api/get-credit`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${player.token}` },
        body: JSON.stringify({ uuid: player.uuid }),
      });
      codes.push(r.status);
      if (r.status !== 200) messages.add(((await r.json()) as { message: string }).message);
      else await r.arrayBuffer();
    }
  };
  const load = Array.from({ length: 8 }, client);
  await until(() => codes.length > 50);

  await pgServer.stop();
  const downAt = codes.length;
  await until(() => codes.slice(downAt).filter((c) => c === 503).length > 20);
  const ready = await fetch(`${base}/readyz`);
  expect(ready.status).toBe(503);
  expect((await fetch(`${base}/healthz`)).status).toBe(200);

  pgServer = await start();
  const upAt = codes.length;
  await until(() => codes.slice(upAt).filter((c) => c === 200).length > 50, 30_000);
  loading = false;
  await Promise.all(load);

  // Only 200 and 503 were answered; every 503 said why in Thai.
  expect(new Set(codes)).toEqual(new Set([200, 503]));
  expect([...messages]).toEqual([DATABASE_AWAY]);
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
  expect((await credit()).statusCode).toBe(200);
  // The lobby's LISTEN connection came back and greeted the watcher again.
  await until(() => hellos.length >= 2, 15_000);
  games.close();
}, 120_000);

async function until(pred: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}
