import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseStaleReservations } from "../../src/server/wallet/repository";
import { MAX_PENDING_REPORTS } from "../../src/server/wallet/service";
import { createTestApp, type TestApp } from "../support/app";
import { createPlayer, post } from "../support/players";
import { adminToken, creditOf, reportDeposit } from "../support/wallet";

// Abuse limits (docs/decisions/022): one player filed 90 transfer reports in 5 minutes and held 90 of the 99 unique amounts of
// 500 ฿. Reports waiting for the operator are capped per player, and a day unreviewed frees the amount.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  await post(
    t.app,
    "/api/admin/save-mybank",
    { bankname: "scb", bankno: "111-2-33333-4", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
    admin,
  );
});
afterAll(async () => {
  await t.close();
});

async function rows(sql: string, params: unknown[] = []) {
  return (await t.db.$client.query(sql, params)).rows;
}

describe("deposit reports", () => {
  it("a player holds at most 3 reports waiting for the operator; a report unreviewed for a day gives its amount back", async () => {
    const p = await createPlayer(t);
    const reports = [];
    for (let i = 0; i < MAX_PENDING_REPORTS; i++) reports.push(await reportDeposit(t, p, 500));
    // Five more requests at once: none is handed out while three reports wait.
    const more = await Promise.all(Array.from({ length: 5 }, () => post(t.app, "/api/gent-amount", { amount: 500 }, p.token)));
    expect(more.map((r) => r.statusCode)).toEqual([409, 409, 409, 409, 409]);
    expect(more[0]!.body.message).toMatch(/รอเจ้าหน้าที่ตรวจสอบ/);
    const held = () => rows(`select count(*)::int as n from deposit_requests where user_id = $1 and state in ('open', 'used')`, [p.uuid]);
    expect((await held())[0].n).toBe(3);
    // A day later the ticker frees the amounts; the reports stay for the operator, who can still approve one.
    await t.db.$client.query(`update pay_records set created_at = now() - interval '25 hours' where user_id = $1`, [p.uuid]);
    expect(await releaseStaleReservations(t.db, 24)).toBe(3);
    expect(await releaseStaleReservations(t.db, 24)).toBe(0);
    expect((await held())[0].n).toBe(0);
    const approved = await post(t.app, "/api/admin/approve-paynow", { id: reports[0]!.id, status: "Approve" }, admin);
    expect(approved.statusCode).toBe(200);
    expect(await creditOf(t, p.token)).toBe(reports[0]!.amount);
    // Still two waiting: one more request is handed out, then the cap holds again.
    expect((await post(t.app, "/api/gent-amount", { amount: 500 }, p.token)).statusCode).toBe(200);
  });
});
