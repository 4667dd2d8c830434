import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ledgerCheckStep } from "../../src/server/jobs/ledger-watch";
import { operatorMetrics } from "../../src/server/metrics/registry";
import { processMetrics } from "../../src/server/metrics/server";
import { loadConfig } from "../../src/server/config";
import { createTestApp, type TestApp } from "../support/app";
import { placeSlip } from "../support/betting";
import { createPlayer, post } from "../support/players";
import { makeRound, openYeekeeRound } from "../support/rounds";
import { adminToken, fund, reportDeposit } from "../support/wallet";

// The operator's view (docs/decisions/019): /metrics on its own port moves with what players
// do, the ledger check run by the ticker sets its gauge and alerts in the log, and every log line of a
// request carries its id.

const lines: string[] = [];
let t: TestApp;
let admin: string;
let scrape: ReturnType<typeof processMetrics>;

beforeAll(async () => {
  t = await createTestApp({ logLevel: "info" }, { logStream: { write: (line) => void lines.push(line) } });
  admin = await adminToken(t);
  scrape = processMetrics(t.app.metrics.registry);
  await t.owner.$client.query(`update site_config set value = value || '{"shotIntervalSeconds": 0}'::jsonb where key = 'yeekee'`);
});
afterAll(async () => {
  await scrape?.close();
  await t?.close();
});

/** The scrape's samples, by series (`name{labels}` exactly as printed). */
async function metrics(): Promise<Map<string, number>> {
  const res = await scrape.inject({ method: "GET", url: "/metrics" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toContain("text/plain");
  const samples = new Map<string, number>();
  for (const line of res.body.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}
const value = (m: Map<string, number>, series: string) => m.get(series) ?? 0;
const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe("GET /metrics", () => {
  it("counts slips placed and refused by reason, yeekee shots, and times each route by its pattern", async () => {
    const player = await createPlayer(t);
    await fund(t, admin, player.uuid, 100);
    const round = await makeRound(t.owner, "hanoi", 60 * 60_000);
    const yeekee = await openYeekeeRound(t.owner);
    const before = await metrics();

    expect((await placeSlip(t, player, round, [{ award_type: "TwoDigit", number: "12", amount: 10 }])).statusCode).toBe(200);
    // More than the player holds: refused by the bet path as insufficient_funds.
    expect((await placeSlip(t, player, round, [{ award_type: "TwoDigit", number: "34", amount: 5000 }])).statusCode).toBe(400);
    const shot = await post(
      t.app,
      "/api/post-numberrecord-mockdata",
      { uuid: player.uuid, activityid: yeekee, number: "12345" },
      player.token,
    );
    expect(shot.statusCode).toBe(200);
    // A URL no route has is counted under one series, never under its own text.
    await t.app.inject({ method: "GET", url: "/api/no-such-call/12345" });

    const after = await metrics();
    expect(value(after, "lotto_slips_placed_total") - value(before, "lotto_slips_placed_total")).toBe(1);
    const refused = 'lotto_slips_refused_total{reason="insufficient_funds"}';
    expect(value(after, refused) - value(before, refused)).toBe(1);
    expect(value(after, "lotto_yeekee_shots_accepted_total") - value(before, "lotto_yeekee_shots_accepted_total")).toBe(1);

    const slipCount = 'lotto_http_request_duration_seconds_count{method="POST",route="/api/post-numberdigit-mockdata",status_code="200"}';
    expect(value(after, slipCount) - value(before, slipCount)).toBe(1);
    expect(
      value(after, 'lotto_http_request_duration_seconds_count{method="POST",route="/api/post-numberdigit-mockdata",status_code="400"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      after.get(
        'lotto_http_request_duration_seconds_bucket{method="POST",route="/api/post-numberdigit-mockdata",status_code="200",le="+Inf"}',
      ),
    ).toBe(after.get(slipCount));
    expect(
      value(after, 'lotto_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect([...after.keys()].some((k) => k.includes("12345"))).toBe(false);
  });

  it("reads what waits for settlement and approval from the database when scraped", async () => {
    const before = await metrics();
    const player = await createPlayer(t);
    // The site's receiving account, without which deposits are not open.
    await post(
      t.app,
      "/api/admin/save-mybank",
      { bankname: "scb", bankno: "111-2-33333-4", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
      admin,
    );
    await reportDeposit(t, player, 300);
    // A round whose result time passed an hour ago with no result yet.
    await t.owner.$client.query(
      `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at, status)
       values ('laos', 77, current_date, now() - interval '3 hours', now() - interval '2 hours', now() - interval '1 hour', 'closed')`,
    );
    const after = await metrics();
    expect(
      value(after, 'lotto_wallet_waiting_approval{kind="deposit"}') - value(before, 'lotto_wallet_waiting_approval{kind="deposit"}'),
    ).toBe(1);
    expect(after.get('lotto_wallet_waiting_approval{kind="withdrawal"}')).toBe(0);
    expect(
      value(after, 'lotto_settlement_rounds_waiting{stage="result"}') - value(before, 'lotto_settlement_rounds_waiting{stage="result"}'),
    ).toBe(1);
    expect(value(after, 'lotto_settlement_oldest_wait_seconds{stage="result"}')).toBeGreaterThanOrEqual(3600);
    expect(after.has('lotto_settlement_rounds_waiting{stage="payout"}')).toBe(true);
    // The pool as the app holds it; the scrape's own read has come and gone.
    expect(after.get("lotto_db_pool_max")).toBe(t.db.$client.options.max);
    expect(value(after, "lotto_db_pool_connections")).toBeGreaterThanOrEqual(1);
    expect(after.get("lotto_db_pool_waiting")).toBe(0);
    expect(after.get("lotto_metrics_db_read_failures_total")).toBe(0);
  });

  it("answers within the read's time limit when the database does not, keeping the previous values", async () => {
    // A pool whose connections never come (saturated, or the database gone).
    const stuck = { totalCount: 20, idleCount: 0, waitingCount: 7, options: { max: 20 }, connect: () => new Promise(() => {}) };
    const warnings: string[] = [];
    const m = operatorMetrics({ pool: stuck as unknown as pg.Pool, dbReadTimeoutMs: 100, warn: (msg) => void warnings.push(msg) });
    const started = Date.now();
    const text = await m.registry.metrics();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(text).toContain("lotto_metrics_db_read_failures_total 1");
    expect(text).toContain("lotto_db_pool_waiting 7");
    expect(warnings).toHaveLength(1);
  });

  it("counts the live feeds' watchers while their sockets are open", async () => {
    const round = await openYeekeeRound(t.owner);
    const base = (await t.app.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws");
    const watcher = await createPlayer(t);
    const ws = new WebSocket(`${base}/api/ws/yeekee?activityid=${round}`, { headers: { cookie: `jwt=${watcher.token}` } });
    await new Promise((resolve) => ws.once("message", resolve));
    expect((await metrics()).get('lotto_live_watchers{feed="yeekee"}')).toBe(1);
    const closed = new Promise((resolve) => ws.once("close", resolve));
    ws.close();
    await closed;
    // The server lets go of the socket after the client has seen it closed: wait for the gauge, however long it takes.
    await expect.poll(async () => (await metrics()).get('lotto_live_watchers{feed="yeekee"}'), { timeout: 10_000 }).toBe(0);
  });
});

describe("the ticker's ledger check", () => {
  it("sets the gauge, and logs an alert line when the books do not balance", async () => {
    const alerts: Array<{ details: Record<string, unknown>; message: string }> = [];
    const alertLog = {
      error: (details: object, message: string) => void alerts.push({ details: details as Record<string, unknown>, message }),
    };
    expect((await metrics()).get("lotto_ledger_check_ok")).toBeNaN();

    await ledgerCheckStep(t.db, alertLog, t.app.metrics.ledgerChecked);
    let m = await metrics();
    expect(m.get("lotto_ledger_check_ok")).toBe(1);
    expect(m.get("lotto_ledger_check_problems")).toBe(0);
    expect(m.get("lotto_ledger_check_last_run_timestamp_seconds")).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(alerts).toEqual([]);

    // A balance changed behind the ledger's back (only the owner can): the check must say so.
    const account = (
      await t.owner.$client.query(`select id from accounts where owner_id is not null and kind = 'credit' order by id limit 1`)
    ).rows[0].id;
    await t.owner.$client.query("update accounts set balance = balance + 100 where id = $1", [account]);
    try {
      await ledgerCheckStep(t.db, alertLog, t.app.metrics.ledgerChecked);
      m = await metrics();
      expect(m.get("lotto_ledger_check_ok")).toBe(0);
      expect(m.get("lotto_ledger_check_problems")).toBeGreaterThanOrEqual(1);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.message).toMatch(/^ALERT: the ledger check failed/);
      expect(alerts[0]!.details).toMatchObject({ alert: "ledger-check", differences: 1 });
    } finally {
      await t.owner.$client.query("update accounts set balance = balance - 100 where id = $1", [account]);
    }
    await ledgerCheckStep(t.db, alertLog, t.app.metrics.ledgerChecked);
    expect((await metrics()).get("lotto_ledger_check_ok")).toBe(1);
  });
});

describe("request ids", () => {
  it("echoes a sane incoming x-request-id and puts it on every log line of the request, with the ledger transaction", async () => {
    const player = await createPlayer(t);
    const funded = await t.app.inject({
      method: "POST",
      url: "/api/admin/adjust-credit",
      payload: { uuid: player.uuid, amount: 50, note: "ทดสอบ รหัสคำขอ" },
      headers: { authorization: `Bearer ${admin}`, "idempotency-key": `k-${player.uuid}`, "x-request-id": "proxy-abc.123" },
    });
    expect(funded.statusCode).toBe(200);
    expect(funded.headers["x-request-id"]).toBe("proxy-abc.123");
    const ofRequest = logged().filter((l) => l.reqId === "proxy-abc.123");
    expect(ofRequest.map((l) => l.msg)).toEqual(
      expect.arrayContaining(["incoming request", "ledger movement written", "request completed"]),
    );
    const movement = ofRequest.find((l) => l.msg === "ledger movement written")!;
    expect(movement).toMatchObject({ kind: "adjust.credit", reference: `adjust:${player.uuid}` });
    const inLedger = await t.owner.$client.query("select kind from ledger_transactions where id = $1", [movement.ledgerTx]);
    expect(inLedger.rows[0]?.kind).toBe("adjust.credit");

    // The bet path: one line per batch, each slip with its request and stake movement.
    const round = await makeRound(t.owner, "hanoi", 60 * 60_000);
    const slip = await t.app.inject({
      method: "POST",
      url: "/api/post-numberdigit-mockdata",
      payload: {
        uuid: player.uuid,
        activityid: round,
        datetime: "req-id-test",
        numberlist: [{ award_type: "TwoDigit", number: "55", amount: 5 }],
      },
      headers: { authorization: `Bearer ${player.token}`, "x-request-id": "bet-req-1" },
    });
    expect(slip.statusCode).toBe(200);
    const batch = logged().find((l) => l.msg === "slips placed: ledger movements written" && JSON.stringify(l.slips).includes("bet-req-1"));
    const placed = (batch!.slips as Array<{ reqId: string; slip: number; ledgerTx: number }>).find((s) => s.reqId === "bet-req-1")!;
    expect(placed.slip).toBe(slip.json().master_id);
    const stake = await t.owner.$client.query("select kind, reference from ledger_transactions where id = $1", [placed.ledgerTx]);
    expect(stake.rows[0]).toEqual({ kind: "stake", reference: `slip:${placed.slip}` });
  });

  it("replaces an id that is not a sane token with its own", async () => {
    for (const given of ["has space", "x".repeat(200), "line\nbreak"]) {
      const res = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": given } });
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    }
    const a = await t.app.inject({ method: "GET", url: "/get-timenow" });
    const b = await t.app.inject({ method: "GET", url: "/get-timenow" });
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
    expect(logged().some((l) => l.reqId === a.headers["x-request-id"])).toBe(true);
  });
});

describe("configuration", () => {
  it("serves metrics only when METRICS_PORT is set, on loopback unless told", () => {
    const base = { JWT_SECRET: "x".repeat(40), DATABASE_URL: "postgres://u@h/db" };
    expect(loadConfig(base).metricsPort).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_PORT: "9464" })).toMatchObject({
      metricsPort: 9464,
      metricsHost: "127.0.0.1",
      ledgerCheckMinutes: 5,
    });
    expect(loadConfig({ ...base, LEDGER_CHECK_MINUTES: "0" }).ledgerCheckMinutes).toBe(0);
  });
});
