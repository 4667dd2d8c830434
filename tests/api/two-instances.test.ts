import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { connect, type Db } from "../../src/server/db/client";
import { startTicker } from "../../src/server/jobs/ticker";
import { planAll } from "../../src/server/lottery/planning";
import { seed } from "../../src/server/seed";
import { recordingSms, TEST_ADMIN, type TestApp, testConfig } from "../support/app";
import { createTestDatabase } from "../support/database";
import { createPlayer, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { adminToken, creditOf, fund, ledgerCheck } from "../support/wallet";

// Two app instances, each with its own connection pool, on one database.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let second: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  second = connect(database.url);
});
afterAll(async () => {
  await second.$client.end();
  await database.drop();
});

it("two instances seeding and planning at once create each round once", async () => {
  await Promise.all([seed(database.db, TEST_ADMIN), seed(second, TEST_ADMIN)]);
  await Promise.all([planAll(database.db), planAll(second), planAll(database.db), planAll(second)]);
  const dupes = await database.db.$client.query(
    "select lottery_id, close_at, count(*) from rounds group by lottery_id, close_at having count(*) > 1",
  );
  expect(dupes.rows).toEqual([]);
  const admins = await database.db.$client.query("select count(*)::int as n from users where role = 'admin'");
  expect(admins.rows[0].n).toBe(1);
  const total = await database.db.$client.query("select count(*)::int as n from rounds");
  expect(total.rows[0].n).toBeGreaterThan(88 + 264);
});

it("two running tickers close each due round once", async () => {
  const ids = await Promise.all(
    [300, 600, 900, 1200, 1500].map((ms, i) => makeRound(database.db, ["hanoi", "laos", "cambodia", "korea", "india"][i]!, ms)),
  );
  const errors: unknown[] = [];
  const tickers = [startTicker(database.db, (_m, e) => errors.push(e)), startTicker(second, (_m, e) => errors.push(e))];
  // Until every round is closed (by whichever ticker), not for a fixed while: a busy machine may need longer.
  const closedCount = async () =>
    (await database.db.$client.query("select count(*)::int as n from rounds where id = any($1::bigint[]) and status = 'closed'", [ids]))
      .rows[0].n as number;
  await expect.poll(closedCount, { timeout: 20_000, interval: 100 }).toBe(ids.length);
  for (const t of tickers) t.stop();
  expect(errors).toEqual([]);
  const rows = await database.db.$client.query(
    `select r.id, r.status, (select count(*)::int from round_events e where e.round_id = r.id and e.event = 'closed') as closes
     from rounds r where r.id = any($1::bigint[]) order by r.id`,
    [ids],
  );
  expect(rows.rows.map((r) => [r.status, r.closes])).toEqual(ids.map(() => ["closed", 1]));
});

it("both instances serve the same rounds over HTTP", async () => {
  const apps = await Promise.all(
    [database.db, second].map((db) => buildApp({ config: testConfig(), db, sms: recordingSms(), logger: false })),
  );
  try {
    const login = await apps[0]!.inject({ method: "POST", url: "/login", payload: TEST_ADMIN });
    const token = login.json().jwt as string;
    const lists = await Promise.all(
      apps.map((a) => a.inject({ method: "POST", url: "/api/lottolist", payload: {}, headers: { authorization: `Bearer ${token}` } })),
    );
    const next = lists.map((l) =>
      (l.json().lottoList as Array<{ configID: string; nextRound: { activityid: number } | null }>).map((x) => [
        x.configID,
        x.nextRound?.activityid,
      ]),
    );
    expect(next[0]).toEqual(next[1]);
  } finally {
    await Promise.all(apps.map((a) => a.close()));
  }
});

it("slips on the same numbers through two instances at once are all placed, each number's total exact", async () => {
  const sms = recordingSms();
  const apps = await Promise.all([database.db, second].map((db) => buildApp({ config: testConfig(), db, sms, logger: false })));
  try {
    const site: TestApp = { app: apps[0]!, db: database.db, owner: database.db, sms, close: async () => {} };
    const admin = await adminToken(site);
    const players = [];
    for (let i = 0; i < 8; i++) players.push(await createPlayer(site));
    for (const p of players) await fund(site, admin, p.uuid, 1000);
    const round = await makeRound(database.db, "laos", 600_000);
    // Every slip carries the same five numbers, each in another order, half through each instance:
    // the batches of the two instances lock the same rows at the same time.
    const numbers = ["11", "22", "33", "44", "55"];
    const sent = await Promise.all(
      players.flatMap((p, i) =>
        Array.from({ length: 5 }, (_, k) => {
          const order = [...numbers.slice((i + k) % 5), ...numbers.slice(0, (i + k) % 5)];
          const numberlist = (k % 2 ? order.reverse() : order).map((number) => ({ award_type: "TwoDigit", number, amount: 2 }));
          return post(
            apps[(i + k) % 2]!,
            "/api/post-numberdigit-mockdata",
            { uuid: p.uuid, activityid: round, datetime: `two-${i}-${k}`, numberlist },
            p.token,
          );
        }),
      ),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(sent.map(() => 200));
    const exposure = await database.db.$client.query(
      "select number, total_stake::int as s from number_exposure where round_id = $1 order by number",
      [round],
    );
    expect(exposure.rows).toEqual(numbers.map((number) => ({ number, s: 8 * 5 * 200 })));
    for (const p of players) expect(await creditOf(site, p.token)).toBe(1000 - 5 * 10);
    expect((await ledgerCheck(site, admin)).ok).toBe(true);
  } finally {
    await Promise.all(apps.map((a) => a.close()));
  }
});
