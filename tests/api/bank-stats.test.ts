import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bank, wallet } from "../../src/contract";
import { bankWaitingStep } from "../../src/server/jobs/bank-watch";
import { processMetrics } from "../../src/server/metrics/server";
import { BANK_FEED_SECRET, simulatedBank } from "../support/bank";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer } from "../support/players";

// Today's figures of automatic deposits (docs/decisions/045-automatic-deposits.md): the dashboard's call and
// /metrics read the same numbers, and a record left waiting over 15 minutes is logged as an alert once.
const app = useTestApp({ bankFeedSecret: BANK_FEED_SECRET });
let siteBankId: number;
let scrape: ReturnType<typeof processMetrics>;

beforeAll(async () => {
  await app.t.owner.$client.query("update site_bank_accounts set active = false");
  const saved = await call(
    app.t.app,
    wallet.adminSaveMyBank,
    { bankname: "kbank", bankno: "2223334445", bankaccounts: "บริษัท หวยดี จำกัด" },
    app.admin,
  );
  expect(saved.statusCode).toBe(200);
  siteBankId = Number((await app.t.owner.$client.query("select id from site_bank_accounts where bank_no = '2223334445'")).rows[0].id);
  scrape = processMetrics(app.t.app.metrics.registry);
});
afterAll(async () => {
  await scrape?.close();
});

/** A record sent by the simulated bank, transferred `secondsAgo`. */
async function arrive(amount: number, secondsAgo = 0) {
  const relay = simulatedBank(app.t.app, "2223334445");
  const res = await relay.send([relay.record(amount, { time: new Date(Date.now() - secondsAgo * 1000).toISOString() })]);
  if (res.statusCode !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.records![0]!;
}
async function request(amount: number) {
  const p = await createPlayer(app.t);
  const asked = await call(app.t.app, wallet.gentAmount, { amount }, p.token);
  if (!asked.ok) throw new Error(JSON.stringify(asked.body));
  return asked.body;
}
async function autoApprove(on: boolean) {
  const res = await call(
    app.t.app,
    bank.adminUpdateBankSettings,
    { autoApprove: on, autoMax: 50_000, clockToleranceMinutes: 5 },
    app.admin,
  );
  expect(res.statusCode).toBe(200);
}
const stats = async () => {
  const res = await call(app.t.app, bank.adminBankStats, {}, app.admin);
  if (!res.ok) throw new Error(JSON.stringify(res.body));
  return res.body.stats;
};
async function metrics(): Promise<Map<string, number>> {
  const res = await scrape.inject({ method: "GET", url: "/metrics" });
  const samples = new Map<string, number>();
  for (const line of res.body.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}
const age = (id: number, minutes: number) =>
  app.t.owner.$client.query(`update bank_records set received_at = now() - make_interval(mins => $2) where id = $1`, [id, minutes]);

describe("today's figures of automatic deposits", () => {
  it("start at nothing, with no credit times", async () => {
    expect(await stats()).toEqual({
      received: 0,
      matchedAuto: 0,
      matchedByOperator: 0,
      waiting: 0,
      returned: 0,
      creditSecondsP50: null,
      creditSecondsP95: null,
      waitingOver15Minutes: 0,
    });
  });

  it("count today's records by outcome (Bangkok day), the whole queue, and the time from transfer to credit", async () => {
    // Two automatic credits, 30 and 90 seconds after their transfers.
    for (const [amount, secondsAgo] of [
      [300, 30],
      [400, 90],
    ] as const) {
      expect((await arrive((await request(amount)).amount, secondsAgo)).state).toBe("matched");
    }
    // One the operator credits: automatic approval off, it waits for one click.
    await autoApprove(false);
    const byHand = await request(600);
    const held = await arrive(byHand.amount);
    await autoApprove(true);
    expect(held.state).toBe("waiting");
    const matched = await call(
      app.t.app,
      bank.adminMatchBankRecord,
      { id: held.id, transection: byHand.transection, reason: "ตรวจแล้ว ยอดตรงกับรายการขอฝาก" },
      app.admin,
    );
    expect(matched.statusCode).toBe(200);
    // Three with no request: one stays waiting, one is returned today, one waits since yesterday.
    await arrive(123.45);
    const returned = await arrive(234.56);
    expect(
      (await call(app.t.app, bank.adminReturnBankRecord, { id: returned.id, reason: "ไม่ใช่ของผู้เล่น คืนผู้โอน" }, app.admin)).statusCode,
    ).toBe(200);
    const yesterday = await arrive(345.67, 26 * 3600);
    await age(yesterday.id, 26 * 60);
    // Matched by the system yesterday: not today's.
    const old = await arrive((await request(500)).amount);
    await app.t.owner.$client.query(
      "update bank_records set received_at = now() - interval '26 hours', matched_at = now() - interval '26 hours', transferred_at = now() - interval '27 hours' where id = $1",
      [old.id],
    );

    const s = await stats();
    expect(s).toMatchObject({ received: 5, matchedAuto: 2, matchedByOperator: 1, waiting: 2, returned: 1, waitingOver15Minutes: 1 });
    // percentile_cont over {30, 90}: the median halfway, p95 near the larger; a second of slack for the test's own time.
    expect(s.creditSecondsP50).toBeGreaterThanOrEqual(60);
    expect(s.creditSecondsP50).toBeLessThan(62);
    expect(s.creditSecondsP95).toBeGreaterThanOrEqual(87);
    expect(s.creditSecondsP95).toBeLessThan(89);

    const m = await metrics();
    expect(m.get('lotto_bank_records_today{kind="received"}')).toBe(s.received);
    expect(m.get('lotto_bank_records_today{kind="matched_auto"}')).toBe(s.matchedAuto);
    expect(m.get('lotto_bank_records_today{kind="matched_operator"}')).toBe(1);
    expect(m.get('lotto_bank_records_today{kind="returned"}')).toBe(1);
    expect(m.get("lotto_bank_records_waiting")).toBe(2);
    expect(m.get("lotto_bank_records_waiting_over_15_minutes")).toBe(1);
    expect(m.get('lotto_bank_credit_seconds{quantile="0.5"}')).toBe(s.creditSecondsP50);
    expect(m.get('lotto_bank_credit_seconds{quantile="0.95"}')).toBe(s.creditSecondsP95);
  });

  it("are for operators only", async () => {
    const p = await createPlayer(app.t);
    expect((await call(app.t.app, bank.adminBankStats, {}, p.token)).statusCode).toBe(403);
  });
});

describe("a record waiting over 15 minutes", () => {
  it("raises the alert line once per record, not on every tick", async () => {
    const alerts: Array<{ details: Record<string, unknown>; message: string }> = [];
    const log = { error: (details: object, message: string) => void alerts.push({ details: details as Record<string, unknown>, message }) };
    // So far one record has waited over 15 minutes: the one since yesterday.
    const late = (
      await app.t.owner.$client.query("select id from bank_records where state = 'waiting' and received_at < now() - interval '15 minutes'")
    ).rows.map((r) => Number(r.id));
    expect(late).toHaveLength(1);
    const fresh = await arrive(456.78);
    await age(fresh.id, 14);
    expect(await bankWaitingStep(app.t.db, log)).toBe(1);
    expect(alerts.map((a) => a.details.bankRecordId)).toEqual(late);
    expect(alerts[0]!.message).toMatch(/^ALERT: a bank transfer of 345.67 baht/);
    expect(alerts[0]!.details).toMatchObject({ alert: "bank-waiting", siteBankId });

    // The next ticks: nothing new; then the fresh one passes 15 minutes and is alerted, alone.
    expect(await bankWaitingStep(app.t.db, log)).toBe(0);
    await age(fresh.id, 16);
    expect(await bankWaitingStep(app.t.db, log)).toBe(1);
    expect(await bankWaitingStep(app.t.db, log)).toBe(0);
    expect(alerts.map((a) => a.details.bankRecordId)).toEqual([late[0], fresh.id]);
    expect(alerts[1]!.details).toMatchObject({ amount: 456.78, reason: "no_request" });
    expect((await stats()).waitingOver15Minutes).toBe(2);
  });
});
