import { describe, expect, it } from "vitest";
import { games } from "../../src/contract";
import { THAI } from "../support/app";
import { placeSlip } from "../support/betting";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, distinctHolder, playerData, post } from "../support/players";
import { makeRound, openYeekeeRound } from "../support/rounds";
import { creditOf, fund, reportDeposit } from "../support/wallet";

// The operator closes the site for maintenance; play and new money are refused on the server,
// money can still leave, operators carry on (decision 021).

const app = useTestApp();
const SET = "/api/admin/set-open-site";
const MESSAGE = "ปิดปรับปรุงระบบถึง 14:00 น. ขออภัยในความไม่สะดวก";

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await app.t.owner.$client.query(text, params)).rows as T[];
}
const siteAudits = () =>
  sql<{ actor_id: string; action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
    "select actor_id, action, before, after from audit_log where target = 'site_config:site' order by id",
  );
const storedSite = async () =>
  (await sql<{ value: Record<string, unknown> }>("select value from site_config where key = 'site'"))[0]!.value;
const publicConfig = async () => (await app.t.app.inject({ method: "GET", url: "/read-openSite-config" })).json().siteconfig;

async function player(credit = 1000) {
  const p = await createPlayer(app.t, { bankaccounts: distinctHolder() });
  await fund(app.t, app.admin, p.uuid, credit);
  return p;
}

describe("the operator's switch", () => {
  it("is for operators only: no token 401, a player 403, nothing changes", async () => {
    const p = await createPlayer(app.t);
    const body = { openSite: false, closedMessage: MESSAGE, reason: "ทดสอบสิทธิ์" };
    expect((await post(app.t.app, SET, body)).statusCode).toBe(401);
    const refused = await post(app.t.app, SET, body, p.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toMatch(THAI);
    expect((await storedSite()).openSite).toBe(true);
    expect(await siteAudits()).toEqual([]);
  });

  it("refuses bad input with a Thai 400 and writes nothing", async () => {
    for (const bad of [
      {},
      { openSite: false },
      { openSite: false, reason: "ab" },
      { openSite: "no", reason: "ปิดปรับปรุง" },
      { openSite: false, reason: "ปิดปรับปรุง", closedMessage: "ก".repeat(301) },
      { openSite: false, reason: "ปิดปรับปรุง", closedMessage: 5 },
      { openSite: false, reason: "ปิด\u0000ปรับปรุง" },
    ]) {
      const r = await post(app.t.app, SET, bad, app.admin);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.body.message, JSON.stringify(bad)).toMatch(THAI);
    }
    expect((await storedSite()).openSite).toBe(true);
    expect(await siteAudits()).toEqual([]);
  });
});

describe("a closed site", () => {
  it("refuses play, deposits and sign-ups with 503 and the operator's message; money leaves, reads and refunds work; operators carry on; reopening restores play", async () => {
    const p = await player(1000);
    const other = await player(1000);
    const round = await makeRound(app.t.db, "hanoi", 30 * 60_000);
    const yeekee = await openYeekeeRound(app.t.owner);
    // Placed while open: a slip to cancel and a game waiting for a challenger.
    const slip = await placeSlip(app.t, p, round, [{ award_type: "TwoDigit", number: "12", amount: 20 }]);
    expect(slip.statusCode).toBe(200);
    const game = await call(app.t.app, games.addHuakoiHilow, { uuid: other.uuid, price: 10, gametype: "huakoi", bet: "หัว" }, other.token);
    expect(game.ok).toBe(true);
    const gameId = game.ok ? game.body.game.id : 0;
    const ownGame = await call(app.t.app, games.addHuakoiHilow, { uuid: p.uuid, price: 10, gametype: "huakoi", bet: "ก้อย" }, p.token);
    expect(ownGame.ok).toBe(true);
    expect(
      (
        await post(
          app.t.app,
          "/api/admin/save-mybank",
          { bankname: "kbank", bankno: "0011223344", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
          app.admin,
        )
      ).statusCode,
    ).toBe(200);
    const pendingDeposit = await reportDeposit(app.t, p, 300);

    const closed = await post(app.t.app, SET, { openSite: false, closedMessage: `  ${MESSAGE}  `, reason: "อัปเดตระบบฐานข้อมูล" }, app.admin);
    expect(closed.statusCode).toBe(200);
    expect(closed.body.message).toMatch(THAI);
    expect(closed.body.siteconfig).toEqual({ openSite: false, siteName: "หวยออนไลน์", closedMessage: MESSAGE });
    expect(await publicConfig()).toEqual({ openSite: false, siteName: "หวยออนไลน์", closedMessage: MESSAGE });
    expect(await storedSite()).toEqual({ openSite: false, siteName: "หวยออนไลน์", closedMessage: MESSAGE });
    const audits = await siteAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "site.close",
      before: { openSite: true },
      after: { openSite: false, closedMessage: MESSAGE, reason: "อัปเดตระบบฐานข้อมูล" },
    });
    expect(audits[0]!.actor_id).toBeTruthy();

    const credit = await creditOf(app.t, p.token);
    const slipsBefore = (await sql("select id from slips")).length;
    const fresh = playerData();
    const refused: Array<[string, unknown, string?]> = [
      [
        "/api/post-numberdigit-mockdata",
        {
          uuid: p.uuid,
          activityid: round,
          datetime: new Date().toISOString(),
          numberlist: [{ award_type: "TwoDigit", number: "34", amount: 10 }],
        },
      ],
      ["/api/post-numberrecord-mockdata", { uuid: p.uuid, activityid: yeekee, number: "12345" }],
      ["/api/add-huakoi-hilow", { uuid: p.uuid, price: 10, gametype: "huakoi", bet: "หัว" }, "msg"],
      ["/api/guess-huakoi-hilow", { id: gameId, guess: "หัว", uuid: p.uuid, gametype: "huakoi" }, "msg"],
      ["/api/gent-amount", { amount: 500 }],
      ["/api/add-paynow", { amount: 500.01, paytime: new Date().toISOString(), comment: "", bankname: "kbank", transection: "x" }],
      ["/api/redeem-allscore", { uuid: p.uuid, idlist: [1] }],
    ];
    for (const [url, body, field] of refused) {
      const r = await post(app.t.app, url, body, p.token);
      expect(r.statusCode, url).toBe(503);
      expect(r.body).toMatchObject({ status: "Error", message: MESSAGE });
      if (field === "msg") expect(r.body.msg, url).toBe(MESSAGE);
    }
    // Sign-ups: the phone check (an SMS) and the registration itself.
    expect((await post(app.t.app, "/check-phonenumber", { phonenumber: fresh.phonenumber })).statusCode).toBe(503);
    const register = await post(app.t.app, "/register", fresh);
    expect(register.statusCode).toBe(503);
    expect(register.body.message).toBe(MESSAGE);
    expect((await sql("select 1 from users where username = $1", [fresh.username])).length).toBe(0);
    // Nothing was staked or requested.
    expect(await creditOf(app.t, p.token)).toBe(credit);
    expect((await sql("select id from slips")).length).toBe(slipsBefore);
    expect((await sql("select 1 from yeekee_shots where round_id = $1", [yeekee])).length).toBe(0);

    // Reads keep working, and a player can still sign in.
    expect((await post(app.t.app, "/login", { username: p.username, password: p.password })).statusCode).toBe(200);
    for (const [url, body] of [
      ["/api/get-credit", {}],
      ["/api/postdigitList", { period: 1 }],
      ["/api/read-withdrawallist", { uuid: p.uuid, dayperiod: 1 }],
      ["/api/read-payRecordByUUID", { uuid: p.uuid, dayperiod: 1 }],
      ["/api/read-numberrecord", { activityid: yeekee }],
    ] as const) {
      expect((await post(app.t.app, url, body, p.token)).statusCode, url).toBe(200);
    }

    // Money leaves: a withdrawal, a refund of an open slip, the player's own open game cancelled.
    const withdrawal = await post(
      app.t.app,
      "/api/add-withdrawal",
      { uuid: p.uuid, amount: "100", note: "ระหว่างปิดปรับปรุง", bankname: p.bankname },
      p.token,
    );
    expect(withdrawal.statusCode).toBe(200);
    const cancelled = await post(
      app.t.app,
      "/api/cancel-allpostnumber-mockdata",
      { uuid: p.uuid, activityid: round, master_id: slip.body.master_id },
      p.token,
    );
    expect(cancelled.statusCode).toBe(200);
    const gameCancelled = await call(
      app.t.app,
      games.cancelHuakoiHilow,
      { id: ownGame.ok ? ownGame.body.game.id : 0, uuid: p.uuid },
      p.token,
    );
    expect(gameCancelled.statusCode).toBe(200);
    expect(await creditOf(app.t, p.token)).toBe(credit - 100 + 20 + 10);
    // Limiting one's own play is never closed.
    expect((await post(app.t.app, "/api/rg/set-limit", { kind: "stake", period: "day", amount: 100 }, p.token)).statusCode).toBe(200);

    // Operators are not refused: their own calls, and a refused call answers them as it would when open.
    expect((await post(app.t.app, "/api/admin/approve-paynow", { id: pendingDeposit.id, status: "Approve" }, app.admin)).statusCode).toBe(
      200,
    );
    expect((await post(app.t.app, "/api/gent-amount", { amount: 500 }, app.admin)).statusCode).not.toBe(503);
    expect(
      (await post(app.t.app, "/api/post-numberdigit-mockdata", { activityid: round, datetime: "x", numberlist: [] }, app.admin)).statusCode,
    ).not.toBe(503);

    // Closing again changes the message; the standard message when none is given.
    expect(
      (await post(app.t.app, SET, { openSite: false, closedMessage: "", reason: "ข้อความมาตรฐาน" }, app.admin)).body.siteconfig,
    ).toMatchObject({
      openSite: false,
      closedMessage: "ปิดปรับปรุงระบบชั่วคราว กรุณากลับมาใหม่ภายหลัง",
    });

    // Reopened: play goes through at once, the message stays for next time, the change is audited.
    const opened = await post(app.t.app, SET, { openSite: true, reason: "อัปเดตเสร็จแล้ว" }, app.admin);
    expect(opened.statusCode).toBe(200);
    expect(opened.body.siteconfig).toMatchObject({ openSite: true });
    expect(await publicConfig()).toMatchObject({ openSite: true });
    expect((await placeSlip(app.t, p, round, [{ award_type: "TwoDigit", number: "34", amount: 10 }])).statusCode).toBe(200);
    expect(
      (await post(app.t.app, "/api/post-numberrecord-mockdata", { uuid: p.uuid, activityid: yeekee, number: "12345" }, p.token)).statusCode,
    ).toBe(200);
    const guessed = await call(app.t.app, games.guessHuakoiHilow, { id: gameId, guess: "หัว", uuid: p.uuid, gametype: "huakoi" }, p.token);
    expect(guessed.statusCode).toBe(200);
    expect((await post(app.t.app, "/check-phonenumber", { phonenumber: fresh.phonenumber })).statusCode).toBe(200);
    expect((await siteAudits()).map((a) => [a.action, a.after.reason])).toEqual([
      ["site.close", "อัปเดตระบบฐานข้อมูล"],
      ["site.close", "ข้อความมาตรฐาน"],
      ["site.open", "อัปเดตเสร็จแล้ว"],
    ]);
  });
});
