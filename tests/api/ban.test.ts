import { expect, it } from "vitest";
import { auth } from "../../src/contract";
import { TEST_ADMIN, THAI } from "../support/app";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, loginAs, post } from "../support/players";

const app = useTestApp();

it("an operator bans a player: every session ends at once, signing in is refused in Thai, audited; lifting it lets them back", async () => {
  const { t, admin } = app;
  const p = await createPlayer(t);
  const second = await loginAs(t, p.username, p.password);
  expect((await post(t.app, "/api/get-credit", { uuid: p.uuid }, p.token)).statusCode).toBe(200);

  // Only the operator, with a reason.
  expect((await call(t.app, auth.adminBanPlayer, { uuid: p.uuid, banned: true, reason: "ทุจริต" }, p.token)).statusCode).toBe(403);
  const noReason = await call(t.app, auth.adminBanPlayer, { uuid: p.uuid, banned: true, reason: "" }, admin);
  expect(noReason.statusCode).toBe(400);
  expect(noReason.ok ? "" : noReason.body.message).toMatch(THAI);
  const admins = await t.owner.$client.query("select id from users where username = $1", [TEST_ADMIN.username]);
  expect((await call(t.app, auth.adminBanPlayer, { uuid: admins.rows[0].id, banned: true, reason: "ทดสอบผู้ดูแล" }, admin)).statusCode).toBe(
    404,
  );

  const banned = await call(t.app, auth.adminBanPlayer, { uuid: p.uuid, banned: true, reason: "ใช้บัญชีร่วมกันหลายคน" }, admin);
  expect(banned.ok).toBe(true);
  for (const token of [p.token, second]) expect((await post(t.app, "/api/get-credit", { uuid: p.uuid }, token)).statusCode).toBe(401);
  const login = await post(t.app, "/login", { username: p.username, password: p.password });
  expect(login.statusCode).toBe(403);
  expect(login.body.message).toMatch(THAI);
  const audit = await t.owner.$client.query("select action, after from audit_log where target = $1 order by id", [`user:${p.uuid}`]);
  expect(audit.rows.map((r) => r.action)).toEqual(["player.ban"]);
  expect(audit.rows[0].after).toMatchObject({ state: "banned", reason: "ใช้บัญชีร่วมกันหลายคน", sessionsRevoked: 2 });

  expect((await call(t.app, auth.adminBanPlayer, { uuid: p.uuid, banned: false, reason: "ตรวจสอบแล้ว" }, admin)).ok).toBe(true);
  const back = await loginAs(t, p.username, p.password);
  expect((await post(t.app, "/api/get-credit", { uuid: p.uuid }, back)).statusCode).toBe(200);
  // The old sessions stay ended.
  expect((await post(t.app, "/api/get-credit", { uuid: p.uuid }, p.token)).statusCode).toBe(401);
});
