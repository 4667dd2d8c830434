import { expect, it } from "vitest";
import { auth, backOffice, wallet } from "../../src/contract";
import { THAI } from "../support/app";
import { placeSlip } from "../support/betting";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, loginAs, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { fund, reportDeposit } from "../support/wallet";

const app = useTestApp();
const q = async (text: string, params: unknown[] = []) => (await app.t.owner.$client.query(text, params)).rows;
const auditCount = async (action: string) =>
  (await q("select count(*)::int as n from audit_log where action = $1", [action]))[0].n as number;

it("the operator finds a player by username, phone, name or bank number; players are refused; every search is audited", async () => {
  const { t, admin } = app;
  const p = await createPlayer(t, { bankaccounts: "มานี ค้นเจอ" });
  expect((await call(t.app, wallet.adminFindUser, { query: p.username }, p.token)).statusCode).toBe(403);
  const before = await auditCount("player.search");
  const bad = await call(t.app, wallet.adminFindUser, { query: "   " }, admin);
  expect(bad.statusCode).toBe(400);
  expect(bad.ok ? "" : bad.body.message).toMatch(THAI);
  expect(await auditCount("player.search")).toBe(before);

  const phoneWritten = `${p.phonenumber.slice(0, 3)}-${p.phonenumber.slice(3, 6)}-${p.phonenumber.slice(6)}`;
  for (const query of [p.username, p.phonenumber, phoneWritten, "ค้นเจอ", p.bankno]) {
    const found = await call(t.app, wallet.adminFindUser, { query }, admin);
    expect(found.ok, query).toBe(true);
    if (found.ok)
      expect(
        found.body.users.map((u) => u.uuid),
        query,
      ).toContain(p.uuid);
    if (found.ok)
      expect(found.body.users.find((u) => u.uuid === p.uuid)).toMatchObject({ name: "มานี ค้นเจอ", bankno: p.bankno, state: "active" });
  }
  expect(await auditCount("player.search")).toBe(before + 5);
  const rows = await q("select after from audit_log where action = 'player.search' order by id desc limit 1");
  expect(rows[0].after).toMatchObject({ query: p.bankno, found: 1 });
});

it("the player view shows balance, ledger, slips, deposits, withdrawals and referrer; audited; another player or bad input refused", async () => {
  const { t, admin } = app;
  expect(
    (await post(t.app, "/api/admin/save-mybank", { bankname: "scb", bankno: "4445556667", bankaccounts: "บริษัท หวย จำกัด" }, admin))
      .statusCode,
  ).toBe(200);
  const referrer = await createPlayer(t);
  const p = await createPlayer(t, { uuidmother: referrer.uuid });
  await fund(t, admin, p.uuid, 1_000);
  const deposit = await reportDeposit(t, p, 300);
  const round = await makeRound(t.db, "hanoi", 600_000);
  expect((await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "42", amount: 20 }])).statusCode).toBe(200);
  const w = await post(t.app, "/api/add-withdrawal", { uuid: p.uuid, amount: "100", note: "", bankname: p.bankname }, p.token);
  expect(w.statusCode, JSON.stringify(w.body)).toBe(200);

  expect((await call(t.app, backOffice.adminPlayerView, { uuid: p.uuid }, p.token)).statusCode).toBe(403);
  expect((await call(t.app, backOffice.adminPlayerView, { uuid: p.uuid }, referrer.token)).statusCode).toBe(403);
  const views = await auditCount("player.view");
  const bad = await call(t.app, backOffice.adminPlayerView, { uuid: "not-a-uuid" }, admin);
  expect(bad.statusCode).toBe(400);
  expect(bad.ok ? "" : bad.body.message).toMatch(THAI);
  expect((await call(t.app, backOffice.adminPlayerView, { uuid: "00000000-0000-4000-8000-000000000000" }, admin)).statusCode).toBe(404);
  expect(await auditCount("player.view")).toBe(views);

  const view = await call(t.app, backOffice.adminPlayerView, { uuid: p.uuid }, admin);
  expect(view.ok).toBe(true);
  if (!view.ok) return;
  expect(await auditCount("player.view")).toBe(views + 1);
  const { player, logArr, slips, deposits, withdrawals } = view.body;
  expect(player).toMatchObject({
    uuid: p.uuid,
    username: p.username,
    name: p.bankaccounts,
    phonenumber: p.phonenumber,
    bankno: p.bankno,
    state: "active",
  });
  expect(player.referrer).toEqual({ uuid: referrer.uuid, username: referrer.username });
  expect(player.credit).toBe(1_000 - 20 - 100);
  expect(logArr.map((l) => l.kind)).toEqual(["withdrawal.hold", "stake", "adjust.credit"]);
  expect(logArr[0]!.balance_after).toBe(player.credit);
  expect(slips).toHaveLength(1);
  expect(slips[0]).toMatchObject({ activityid: round, totalPaid: 20 });
  expect(deposits.map((d) => d.id)).toEqual([deposit.id]);
  expect(withdrawals.map((x) => x.amount)).toEqual([100]);
});

it("ban with a reason ends every session (old token 401) and the view says why; unban lets the player sign in again; both audited", async () => {
  const { t, admin } = app;
  const p = await createPlayer(t);
  const other = await loginAs(t, p.username, p.password);
  const noReason = await call(t.app, auth.adminBanPlayer, { uuid: p.uuid, banned: true, reason: " " }, admin);
  expect(noReason.statusCode).toBe(400);
  expect(noReason.ok ? "" : noReason.body.message).toMatch(THAI);
  expect((await q("select state from users where id = $1", [p.uuid]))[0].state).toBe("active");

  expect((await call(t.app, auth.adminBanPlayer, { uuid: p.uuid, banned: true, reason: "โกงโบนัส" }, admin)).ok).toBe(true);
  for (const token of [p.token, other]) expect((await post(t.app, "/api/get-credit", { uuid: p.uuid }, token)).statusCode).toBe(401);
  const refused = await post(t.app, "/login", { username: p.username, password: p.password });
  expect(refused.statusCode).toBe(403);
  expect(refused.body.message).toContain("ติดต่อเจ้าหน้าที่");
  const banned = await call(t.app, backOffice.adminPlayerView, { uuid: p.uuid }, admin);
  if (banned.ok) expect(banned.body.player).toMatchObject({ state: "banned", stateReason: "โกงโบนัส" });
  else expect.fail("view refused");

  expect((await call(t.app, auth.adminBanPlayer, { uuid: p.uuid, banned: false, reason: "ตรวจสอบแล้วไม่พบการโกง" }, admin)).ok).toBe(true);
  const back = await loginAs(t, p.username, p.password);
  expect((await post(t.app, "/api/get-credit", { uuid: p.uuid }, back)).statusCode).toBe(200);
  const lifted = await call(t.app, backOffice.adminPlayerView, { uuid: p.uuid }, admin);
  if (lifted.ok) expect(lifted.body.player).toMatchObject({ state: "active", stateReason: "ตรวจสอบแล้วไม่พบการโกง" });
  const audit = await q("select action, after from audit_log where target = $1 and action like 'player.%ban' order by id", [
    `user:${p.uuid}`,
  ]);
  expect(audit.map((r) => r.action)).toEqual(["player.ban", "player.unban"]);
});
