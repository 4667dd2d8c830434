import { randomUUID } from "node:crypto";
import type { TestApp } from "./app";
import { TEST_ADMIN } from "./test-admin";
import { loginAs, post } from "./players";

export async function adminToken(t: TestApp): Promise<string> {
  return loginAs(t, TEST_ADMIN.username, TEST_ADMIN.password);
}

export async function creditOf(t: TestApp, token: string): Promise<number> {
  const res = await post(t.app, "/api/get-credit", {}, token);
  return res.body.credit as number;
}

/** Gives a player credit the way an operator would: a manual adjustment with a reason. */
export async function fund(t: TestApp, admin: string, uuid: string, baht: number): Promise<void> {
  const res = await adjust(t, admin, { uuid, amount: baht, note: "ทดสอบ เติมเครดิต" });
  if (res.statusCode !== 200) throw new Error(`fund failed: ${JSON.stringify(res.body)}`);
}

/** An operator's credit adjustment, with the Idempotency-Key it must carry (a fresh one unless given). */
export async function adjust(t: TestApp, admin: string, body: Record<string, unknown>, key: string = randomUUID()) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/adjust-credit",
    payload: body,
    headers: { authorization: `Bearer ${admin}`, "idempotency-key": key },
  });
  return { statusCode: res.statusCode, body: res.json() as Record<string, unknown> & { status: string; message?: string } };
}

/** The site's receiving account, set up as an operator does in the back office (`/api/admin/save-mybank`). */
export async function saveReceivingBank(
  t: TestApp,
  admin: string,
  bank: { bankname: string; bankno: string; bankaccounts: string; promptpay?: string } = {
    bankname: "kbank",
    bankno: "0011223344",
    bankaccounts: "บริษัท หวยดี จำกัด",
    promptpay: "0812345678",
  },
): Promise<void> {
  const res = await post(t.app, "/api/admin/save-mybank", bank, admin);
  if (res.statusCode !== 200) throw new Error(`save-mybank failed: ${JSON.stringify(res.body)}`);
}

/** A deposit the whole way: amount request, transfer report, and (optionally) the operator's decision. */
export async function reportDeposit(t: TestApp, player: { uuid: string; token: string }, baht: number) {
  const amount = await post(t.app, "/api/gent-amount", { amount: baht }, player.token);
  if (amount.statusCode !== 200) throw new Error(`gent-amount failed: ${JSON.stringify(amount.body)}`);
  const report = await post(
    t.app,
    "/api/add-paynow",
    {
      amount: amount.body.amount,
      paytime: new Date().toISOString(),
      comment: "",
      bankname: "kbank",
      transection: amount.body.transection,
    },
    player.token,
  );
  if (report.statusCode !== 200) throw new Error(`add-paynow failed: ${JSON.stringify(report.body)}`);
  return { id: report.body.id as number, amount: amount.body.amount as number, transection: amount.body.transection as string };
}

export async function ledgerCheck(t: TestApp, admin: string) {
  const res = await post(t.app, "/api/admin/ledger-check", {}, admin);
  return res.body as unknown as {
    ok: boolean;
    totalBalance: number;
    differences: unknown[];
    negativePlayers: unknown[];
    unbalancedTransactions: unknown[];
  };
}
