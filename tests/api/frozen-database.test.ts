import { createServer, type Server, type Socket, connect as connectTcp } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp, THAI } from "../support/app";
import { placeSlip } from "../support/betting";
import { createPlayer, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { adminToken, creditOf, fund, ledgerCheck } from "../support/wallet";

/**
 * A database that stops answering (PostgreSQL stopped with SIGSTOP, a hung disk, a network partition):
 * the app's connections go through this proxy to the test's real PostgreSQL, and `freeze()` stops every
 * byte both ways, on the connections already open and on new ones, until `thaw()` — what a stopped server
 * looks like from the app. A connection the app drops is dropped upstream too, as PostgreSQL would see it.
 */
class FreezingProxy {
  private server: Server | undefined;
  private frozen = false;
  private readonly waiting: Array<() => void> = [];
  private readonly pairs = new Set<[Socket, Socket]>();

  async start(target: URL): Promise<string> {
    this.server = createServer((client) => {
      const open = () => {
        const upstream = connectTcp({ host: target.hostname, port: Number(target.port || 5432) });
        const pair: [Socket, Socket] = [client, upstream];
        this.pairs.add(pair);
        client.pipe(upstream);
        upstream.pipe(client);
        if (this.frozen) this.pause(pair);
        const end = () => {
          this.pairs.delete(pair);
          client.destroy();
          upstream.destroy();
        };
        client.on("close", end).on("error", end);
        upstream.on("close", end).on("error", end);
      };
      if (this.frozen) this.waiting.push(open);
      else open();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as { port: number };
    const url = new URL(target);
    url.hostname = "127.0.0.1";
    url.port = String(port);
    return url.toString();
  }

  private pause([a, b]: [Socket, Socket]) {
    a.pause();
    b.pause();
  }

  freeze() {
    this.frozen = true;
    for (const pair of this.pairs) this.pause(pair);
  }

  thaw() {
    this.frozen = false;
    for (const [a, b] of this.pairs) {
      a.resume();
      b.resume();
    }
    for (const open of this.waiting.splice(0)) open();
  }

  async stop() {
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

const proxy = new FreezingProxy();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    // Short bounds so the test does not wait long; the defaults are 5 s and 15 s (docs/decisions/051).
    { dbPoolSize: 4, dbAcquireTimeoutMs: 1_000, dbQueryTimeoutMs: 2_000 },
    { servingUrl: (url) => proxy.start(new URL(url)) },
  );
});
afterAll(async () => {
  proxy.thaw();
  await t.close();
  await proxy.stop();
});

it("a frozen database: readiness, reads and bets answer 503 in Thai while it is frozen; all recover after, books intact", async () => {
  const admin = await adminToken(t);
  const player = await createPlayer(t);
  await fund(t, admin, player.uuid, 500);
  const round = await makeRound(t.owner, "laos", 600_000);
  expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);

  proxy.freeze();
  // More calls than the pool has connections: some wait on a connection that never answers, the rest wait
  // for a free one. Each must be answered while the database is still frozen: the test thaws it only after
  // every answer has come, so a call that waited for the database would hold the test until it times out.
  const reads = Array.from({ length: 6 }, () => post(t.app, "/api/get-credit", {}, player.token));
  const bets = Array.from({ length: 2 }, () => placeSlip(t, player, round, [{ award_type: "TwoDigit", number: "12", amount: 10 }]));
  const ready = t.app.inject({ method: "GET", url: "/readyz" });
  const answered = await Promise.all([...reads, ...bets]);
  const readiness = await ready;
  proxy.thaw();

  expect(readiness.statusCode).toBe(503);
  expect(readiness.json().message).toMatch(THAI);
  for (const a of answered) {
    expect(a.statusCode).toBe(503);
    expect(a.body.message).toMatch(THAI);
  }

  // Thawed: the pool makes new connections and serves again; nothing half-done was kept.
  await expect
    .poll(async () => (await t.app.inject({ method: "GET", url: "/readyz" })).statusCode, { timeout: 20_000, interval: 100 })
    .toBe(200);
  expect(await creditOf(t, player.token)).toBe(500);
  const bet = await placeSlip(t, player, round, [{ award_type: "TwoDigit", number: "12", amount: 10 }]);
  expect(bet.statusCode).toBe(200);
  expect(await creditOf(t, player.token)).toBe(490);
  expect((await ledgerCheck(t, admin)).ok).toBe(true);
}, 60_000);
