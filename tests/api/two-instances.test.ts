import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { connect, type Db } from "../../src/server/db/client";
import { planAll, startTicker } from "../../src/server/lottery/ticker";
import { seed } from "../../src/server/seed";
import { recordingSms, TEST_ADMIN, testConfig } from "../support/app";
import { createTestDatabase } from "../support/database";
import { makeRound } from "../support/rounds";

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
  const ids = await Promise.all([300, 600, 900, 1200, 1500].map((ms, i) => makeRound(database.db, ["hanoi", "laos", "cambodia", "korea", "india"][i]!, ms)));
  const errors: unknown[] = [];
  const tickers = [startTicker(database.db, (_m, e) => errors.push(e)), startTicker(second, (_m, e) => errors.push(e))];
  await new Promise((r) => setTimeout(r, 3500));
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
    const next = lists.map((l) => (l.json().lottoList as Array<{ configID: string; nextRound: { activityid: number } | null }>).map((x) => [x.configID, x.nextRound?.activityid]));
    expect(next[0]).toEqual(next[1]);
  } finally {
    await Promise.all(apps.map((a) => a.close()));
  }
});
