import { describe, expect, it } from "vitest";
import { games, lottery, rg } from "../../src/contract";
import { lapseRaises } from "../../src/server/rg/service";
import { settleRound } from "../../src/server/settlement/settle";
import { THAI } from "../support/app";
import { placeSlip } from "../support/betting";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, distinctHolder, loginAs, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { creditOf, fund, ledgerCheck, reportDeposit } from "../support/wallet";

const app = useTestApp();
type Player = Awaited<ReturnType<typeof createPlayer>>;

async function player(credit = 1000): Promise<Player> {
  const p = await createPlayer(app.t, { bankaccounts: distinctHolder("ผู้เล่น รับผิดชอบ") });
  if (credit > 0) await fund(app.t, app.admin, p.uuid, credit);
  return p;
}

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await app.t.owner.$client.query(text, params)).rows as T[];
}

let bankReady = false;
/** The site's receiving account, once: deposits need one. */
async function bank() {
  if (bankReady) return;
  bankReady = true;
  await post(
    app.t.app,
    "/api/admin/save-mybank",
    { bankname: "scb", bankno: "111-2-33333-4", bankaccounts: "บริษัท หวยดี จำกัด", promptpay: "0812345678" },
    app.admin,
  );
}

const settings = async (p: Player) => {
  const r = await call(app.t.app, rg.readSettings, {}, p.token);
  if (!r.ok) throw new Error(JSON.stringify(r.body));
  return r.body;
};
const setLimit = (p: Player, kind: string, period: string, amount: number | null) =>
  call(app.t.app, rg.setLimit, { kind, period, amount } as never, p.token);
const limitOf = (s: Awaited<ReturnType<typeof settings>>, kind: string, period: string) =>
  s.limits.find((l) => l.kind === kind && l.period === period)!;
const auditOf = async (p: Player) =>
  sql<{ actor: string; action: string; before: unknown; after: unknown; reason: string | null }>(
    `select actor, action, before, after, reason from rg_audit where user_id = $1 order by id`,
    [p.uuid],
  );
/** Passes time for a pending raise: its request moves back by `hours`. */
const age = (p: Player, hours: number) =>
  sql(`update rg_limits set pending_at = pending_at - make_interval(hours => $2) where user_id = $1 and pending_at is not null`, [
    p.uuid,
    hours,
  ]);

const bet = (p: Player, round: number, amount: number, number = "12") =>
  placeSlip(app.t, p, round, [{ award_type: "TwoDigit", number, amount }]);

describe("limits", () => {
  it("a new or lower limit applies at once; a raise waits 24 h, then holds until confirmed, and lapses after 7 days", async () => {
    const p = await player();
    expect((await setLimit(p, "stake", "day", 500)).ok).toBe(true);
    expect(limitOf(await settings(p), "stake", "day")).toMatchObject({ amount: 500, pending: null });
    const lower = await setLimit(p, "stake", "day", 300);
    expect(lower.ok && limitOf(lower.body, "stake", "day").amount).toBe(300);

    const raise = await setLimit(p, "stake", "day", 800);
    expect(raise.ok).toBe(true);
    if (raise.ok) {
      expect(raise.body.message).toMatch(/ยืนยันได้ตั้งแต่/);
      expect(limitOf(raise.body, "stake", "day")).toMatchObject({ amount: 300, pending: { amount: 800, state: "cooling" } });
    }
    // Before 24 h: the confirmation is refused and the old limit stands.
    const early = await call(app.t.app, rg.confirmLimit, { kind: "stake", period: "day" }, p.token);
    expect(early.statusCode).toBe(409);
    expect(early.body.message).toMatch(THAI);
    await age(p, 25);
    expect(limitOf(await settings(p), "stake", "day")).toMatchObject({ amount: 300, pending: { amount: 800, state: "confirmable" } });
    const confirmed = await call(app.t.app, rg.confirmLimit, { kind: "stake", period: "day" }, p.token);
    expect(confirmed.ok && limitOf(confirmed.body, "stake", "day")).toMatchObject({ amount: 800, pending: null });

    // A removal asked for and never confirmed lapses after 24 h + 7 days (the ticker's step; run twice).
    expect((await setLimit(p, "stake", "day", null)).ok).toBe(true);
    await age(p, 24 + 7 * 24 + 1);
    expect(await lapseRaises(app.t.db)).toBeGreaterThanOrEqual(1);
    expect(await lapseRaises(app.t.db)).toBe(0);
    expect(limitOf(await settings(p), "stake", "day")).toMatchObject({ amount: 800, pending: null });
    const late = await call(app.t.app, rg.confirmLimit, { kind: "stake", period: "day" }, p.token);
    expect(late.statusCode).toBe(409);

    expect((await auditOf(p)).map((a) => `${a.actor}:${a.action}`)).toEqual([
      "player:limit.set",
      "player:limit.lower",
      "player:limit.raise_requested",
      "player:limit.raise_confirmed",
      "player:limit.remove_requested",
      "system:limit.raise_lapsed",
    ]);
    expect((await auditOf(p))[1]).toMatchObject({
      before: { kind: "stake", period: "day", amount: 500 },
      after: { kind: "stake", period: "day", amount: 300 },
    });
    expect((await auditOf(p))[3]).toMatchObject({ after: { kind: "stake", period: "day", amount: 800 } });
  });

  it("keeps daily ≤ weekly ≤ monthly and refuses bad input with a Thai message, writing nothing", async () => {
    const p = await player();
    expect((await setLimit(p, "loss", "week", 1000)).ok).toBe(true);
    const over = await setLimit(p, "loss", "day", 1500);
    expect(over.statusCode).toBe(400);
    expect(over.body.message).toMatch(/ต่อวัน.*ต่อสัปดาห์/);
    const under = await setLimit(p, "loss", "month", 900);
    expect(under.statusCode).toBe(400);
    for (const bad of [
      { kind: "stake", period: "day", amount: 0 },
      { kind: "stake", period: "day", amount: -5 },
      { kind: "stake", period: "day", amount: 1.234 },
      { kind: "stake", period: "year", amount: 10 },
      { kind: "wager", period: "day", amount: 10 },
    ]) {
      const r = await post(app.t.app, "/api/rg/set-limit", bad, p.token);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.body.message).toMatch(THAI);
    }
    expect((await post(app.t.app, "/api/rg/set-reality-check", { minutes: 45 }, p.token)).statusCode).toBe(400);
    expect((await post(app.t.app, "/api/rg/take-break", { length: "3d", confirm: true }, p.token)).statusCode).toBe(400);
    expect((await post(app.t.app, "/api/rg/take-break", { length: "24h" }, p.token)).statusCode).toBe(400);
    expect((await sql(`select kind, period from rg_limits where user_id = $1`, [p.uuid])).length).toBe(1);
    expect((await post(app.t.app, "/api/rg/settings", {})).statusCode).toBe(401);
  });

  it("20 bets at once against a daily stake limit never take the day's stakes past it", async () => {
    const p = await player(5000);
    expect((await setLimit(p, "stake", "day", 100)).ok).toBe(true);
    const round = await makeRound(app.t.db, "hanoi", 600_000);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => bet(p, round, 15, String(10 + i))));
    const placed = results.filter((r) => r.statusCode === 200).length;
    expect(placed).toBe(6);
    const refused = results.find((r) => r.statusCode !== 200)!;
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message, refused.body.message).toBe("เกินวงเงินยอดแทงต่อวันที่คุณตั้งไว้ แทงได้อีก 10 บาท");
    const staked = await sql<{ s: string }>(`select coalesce(sum(total_paid), 0)::text as s from slips where user_id = $1`, [p.uuid]);
    expect(Number(staked[0]!.s)).toBe(9000);
    expect(await creditOf(app.t, p.token)).toBe(5000 - 90);
    // A game stake counts against the same limit.
    const game = await call(app.t.app, games.addHuakoiHilow, { uuid: p.uuid, price: 20, gametype: "huakoi", bet: "หัว" }, p.token);
    expect(game.statusCode).toBe(400);
    expect((await call(app.t.app, games.addHuakoiHilow, { uuid: p.uuid, price: 10, gametype: "huakoi", bet: "หัว" }, p.token)).ok).toBe(
      true,
    );
    expect(limitOf(await settings(p), "stake", "day")).toMatchObject({ used: 100, left: 0 });
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("a loss limit counts stakes less their winnings; a stake counts as lost until settled", async () => {
    const p = await player(2000);
    expect((await setLimit(p, "loss", "day", 100)).ok).toBe(true);
    const round = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await bet(p, round, 60, "42")).statusCode).toBe(200);
    expect((await bet(p, round, 30, "43")).statusCode).toBe(200);
    // 90 staked and unsettled: only 10 more.
    const refused = await bet(p, round, 20, "44");
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message, refused.body.message).toMatch(/ยอดเสียต่อวัน.*เสียได้อีก 10 บาท/);
    // "42" wins two-bottom: its payout comes off the loss.
    await sql(
      `update rounds set close_at = now() - interval '1 second', open_at = least(open_at, now() - interval '2 hours') where id = $1`,
      [round],
    );
    const award = await call(app.t.app, lottery.addAward, { activityid: round, threeTop: "999", twoBottom: "42" } as never, app.admin);
    expect(award.statusCode, JSON.stringify(award.body)).toBe(200);
    await settleRound(app.t.db, round);
    const won = await sql<{ p: string }>(
      `select coalesce(sum(payout), 0)::text as p from slip_lines where user_id = $1 and result = 'win'`,
      [p.uuid],
    );
    expect(Number(won[0]!.p)).toBeGreaterThan(9000);
    // The day is now a net win: nothing counts as lost, and stakes may reach the winnings plus the limit.
    const wins = Number(won[0]!.p) / 100;
    const s = limitOf(await settings(p), "loss", "day");
    expect(s.used).toBe(0);
    expect(s.left).toBe(100 - (90 - wins));
    const next = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await bet(p, next, 200, "45")).statusCode).toBe(200);
  });

  it("a deposit request beyond the deposit limit is refused with the room left; a transfer that arrives anyway is credited and flagged", async () => {
    await bank();
    const p = await player(0);
    expect((await setLimit(p, "deposit", "day", 500)).ok).toBe(true);
    const big = await post(app.t.app, "/api/gent-amount", { amount: 600 }, p.token);
    expect(big.statusCode).toBe(400);
    expect(big.body.message).toBe("เกินวงเงินยอดฝากต่อวันที่คุณตั้งไว้ ฝากได้อีก 500 บาท");
    const d = await reportDeposit(app.t, p, 300);
    expect((await post(app.t.app, "/api/admin/approve-paynow", { id: d.id, status: "Approve" }, app.admin)).statusCode).toBe(200);
    const more = await post(app.t.app, "/api/gent-amount", { amount: 250 }, p.token);
    expect(more.statusCode).toBe(400);
    expect(more.body.message).toMatch(/ฝากได้อีก 19\d\.\d\d บาท/);
    // The operator lowers the limit; a transfer reported earlier arrives anyway.
    const second = await reportDeposit(app.t, p, 150);
    const lowered = await call(
      app.t.app,
      rg.adminLowerLimit,
      { uuid: p.uuid, kind: "deposit", period: "day", amount: 350, reason: "ผู้เล่นขอให้ช่วยลด" },
      app.admin,
    );
    expect(lowered.ok).toBe(true);
    expect((await post(app.t.app, "/api/admin/approve-paynow", { id: second.id, status: "Approve" }, app.admin)).statusCode).toBe(200);
    expect(await creditOf(app.t, p.token)).toBeCloseTo(d.amount + second.amount, 2);
    const listed = await call(app.t.app, rg.adminRgPlayers, {}, app.admin);
    expect(listed.ok && listed.body.players.find((x) => x.uuid === p.uuid)).toMatchObject({
      flagged_deposits: 1,
      limits: [{ kind: "deposit", period: "day", amount: 350 }],
    });
  });

  it("an operator can lower a limit with a reason, never raise it; each change is audited as the operator's", async () => {
    const p = await player(0);
    expect((await setLimit(p, "stake", "week", 1000)).ok).toBe(true);
    const raise = await call(
      app.t.app,
      rg.adminLowerLimit,
      { uuid: p.uuid, kind: "stake", period: "week", amount: 2000, reason: "ทดสอบเพิ่ม" },
      app.admin,
    );
    expect(raise.statusCode).toBe(400);
    const lower = await call(
      app.t.app,
      rg.adminLowerLimit,
      { uuid: p.uuid, kind: "stake", period: "week", amount: 400, reason: "พฤติกรรมเสี่ยง" },
      app.admin,
    );
    expect(lower.ok).toBe(true);
    const noReason = await post(
      app.t.app,
      "/api/admin/rg/lower-limit",
      { uuid: p.uuid, kind: "stake", period: "week", amount: 300 },
      app.admin,
    );
    expect(noReason.statusCode).toBe(400);
    const byPlayer = await post(
      app.t.app,
      "/api/admin/rg/lower-limit",
      { uuid: p.uuid, kind: "stake", period: "week", amount: 300, reason: "ลองดู" },
      p.token,
    );
    expect(byPlayer.statusCode).toBe(403);
    const audit = await call(app.t.app, rg.adminRgAudit, { uuid: p.uuid }, app.admin);
    expect(audit.ok && audit.body.lines[0]).toMatchObject({
      actor: "operator",
      action: "limit.lower",
      before: { amount: 1000 },
      after: { amount: 400 },
      reason: "พฤติกรรมเสี่ยง",
    });
  });
});

describe("reality check", () => {
  it("when due, bets and game stakes wait for the answer; each prompt and answer is logged", async () => {
    const p = await player();
    const round = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await bet(p, round, 10)).statusCode).toBe(200);
    expect((await settings(p)).reality).toMatchObject({ minutes: 60, due: false, stakes: 10, net: -10 });
    await sql(`update rg_state set reality_due_at = now() - interval '1 second' where user_id = $1`, [p.uuid]);
    const waiting = await bet(p, round, 10, "13");
    expect(waiting.statusCode).toBe(409);
    expect(waiting.body.message).toBe("กรุณาตอบการเตือนเวลาเล่นก่อนแทงต่อ");
    expect(
      (await call(app.t.app, games.addHuakoiHilow, { uuid: p.uuid, price: 10, gametype: "huakoi", bet: "หัว" }, p.token)).statusCode,
    ).toBe(409);
    const shown = await settings(p);
    expect(shown.reality).toMatchObject({ due: true, stakes: 10, net: -10 });
    await settings(p);
    const go = await call(app.t.app, rg.answerRealityCheck, { answer: "continue" }, p.token);
    expect(go.ok && go.body.reality.due).toBe(false);
    expect((await bet(p, round, 10, "13")).statusCode).toBe(200);
    const log = await sql<{ answer: string }>(`select answer from rg_reality_checks where user_id = $1`, [p.uuid]);
    expect(log).toEqual([{ answer: "continue" }]);
    // Not due: an answer is refused. A shorter interval takes effect from now; off means never due.
    expect((await call(app.t.app, rg.answerRealityCheck, { answer: "continue" }, p.token)).statusCode).toBe(409);
    const off = await call(app.t.app, rg.setRealityCheck, { minutes: null }, p.token);
    expect(off.ok && off.body.reality).toMatchObject({ minutes: null, due_at: null });
    const fifteen = await call(app.t.app, rg.setRealityCheck, { minutes: 15 }, p.token);
    expect(fifteen.ok && Date.parse(fifteen.body.reality.due_at!) - Date.now()).toBeGreaterThan(14 * 60_000);

    // "Sign out" ends this session.
    await sql(`update rg_state set reality_due_at = now() - interval '1 second' where user_id = $1`, [p.uuid]);
    expect((await call(app.t.app, rg.answerRealityCheck, { answer: "signout" }, p.token)).ok).toBe(true);
    expect((await post(app.t.app, "/api/rg/settings", {}, p.token)).statusCode).toBe(401);
  });
});

describe("time-out and self-exclusion", () => {
  it("revokes every session, refunds open games, refuses bets, games and deposits, allows sign-in to withdraw, and accrues nothing", async () => {
    await bank();
    const referrer = await player(0);
    const p = await player(1000);
    const password = p.password;
    await sql(`update users set referrer_id = $1 where id = $2`, [referrer.uuid, p.uuid]);
    const friend = await player(500);
    await sql(`update users set referrer_id = $1 where id = $2`, [p.uuid, friend.uuid]);
    // The friend has deposited, so their slips would earn p commission.
    const fd = await reportDeposit(app.t, friend, 100);
    expect((await post(app.t.app, "/api/admin/approve-paynow", { id: fd.id, status: "Approve" }, app.admin)).statusCode).toBe(200);

    const round = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await bet(p, round, 50, "77")).statusCode).toBe(200);
    const open = await call(app.t.app, games.addHuakoiHilow, { uuid: p.uuid, price: 100, gametype: "huakoi", bet: "หัว" }, p.token);
    expect(open.ok).toBe(true);
    expect(await creditOf(app.t, p.token)).toBe(850);
    const other = await loginAs(app.t, p.username, password);

    const took = await call(app.t.app, rg.takeBreak, { length: "6m", confirm: true }, p.token);
    expect(took.ok && took.body.break).toMatchObject({ kind: "self_exclusion" });
    // Every token of the player now answers 401.
    expect((await post(app.t.app, "/api/rg/settings", {}, p.token)).statusCode).toBe(401);
    expect((await post(app.t.app, "/api/rg/settings", {}, other)).statusCode).toBe(401);
    expect(await sql(`select status from games where creator_id = $1`, [p.uuid])).toEqual([{ status: "cancelled" }]);

    // Signing in still works, to see the balance and withdraw it.
    const token = await loginAs(app.t, p.username, password);
    const back = { ...p, token };
    expect(await creditOf(app.t, token)).toBe(950);
    expect((await bet(back, round, 10, "78")).statusCode).toBe(403);
    expect((await bet(back, round, 10, "78")).body.message).toMatch(/พักการเล่น/);
    expect(
      (await call(app.t.app, games.addHuakoiHilow, { uuid: p.uuid, price: 10, gametype: "huakoi", bet: "หัว" }, token)).statusCode,
    ).toBe(403);
    expect((await post(app.t.app, "/api/gent-amount", { amount: 100 }, token)).statusCode).toBe(403);
    const withdrawal = await post(app.t.app, "/api/add-withdrawal", { uuid: p.uuid, amount: "900", note: "", bankname: p.bankname }, token);
    expect(withdrawal.statusCode, JSON.stringify(withdrawal.body)).toBe(200);
    // Cannot be shortened; a return cannot be asked before the end.
    expect((await call(app.t.app, rg.takeBreak, { length: "24h", confirm: true }, token)).statusCode).toBe(409);
    expect((await call(app.t.app, rg.requestReturn, {}, token)).statusCode).toBe(409);

    // No points for p's settled slip, no commission from the friend's slip, while excluded.
    expect((await bet(friend, round, 40, "11")).statusCode).toBe(200);
    await sql(
      `update rounds set close_at = now() - interval '1 second', open_at = least(open_at, now() - interval '2 hours') where id = $1`,
      [round],
    );
    expect(
      (await call(app.t.app, lottery.addAward, { activityid: round, threeTop: "555", twoBottom: "99" } as never, app.admin)).statusCode,
    ).toBe(200);
    await settleRound(app.t.db, round);
    expect(await sql(`select amount from referral_commissions where referrer_id = $1 and amount > 0`, [p.uuid])).toEqual([]);
    expect(await sql(`select amount from points_log where user_id = $1 and kind = 'bet'`, [p.uuid])).toEqual([]);
    expect((await sql(`select amount from points_log where user_id = $1 and kind = 'bet'`, [friend.uuid])).length).toBe(1);

    // After the end the account stays closed until the player asks to return and 24 h pass.
    await sql(
      `update rg_state set break_until = now() - interval '1 minute', break_started_at = now() - interval '7 months' where user_id = $1`,
      [p.uuid],
    );
    expect((await bet(back, await makeRound(app.t.db, "hanoi", 600_000), 10, "79")).statusCode).toBe(403);
    expect((await call(app.t.app, rg.requestReturn, {}, token)).ok).toBe(true);
    expect((await post(app.t.app, "/api/gent-amount", { amount: 100 }, token)).statusCode).toBe(403);
    await sql(`update rg_state set return_requested_at = now() - interval '25 hours' where user_id = $1`, [p.uuid]);
    expect((await bet(back, await makeRound(app.t.db, "hanoi", 600_000), 10, "80")).statusCode).toBe(200);
    expect((await settings(back)).break).toBeNull();
    expect((await auditOf(p)).map((a) => a.action)).toEqual(["break.self_exclusion", "break.return_requested"]);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("a time-out is listed for the operator", async () => {
    const p = await player(0);
    expect((await call(app.t.app, rg.takeBreak, { length: "24h", confirm: true }, p.token)).ok).toBe(true);
    const listed = await call(app.t.app, rg.adminRgPlayers, {}, app.admin);
    expect(listed.ok && listed.body.players.find((x) => x.uuid === p.uuid)?.break).toMatchObject({ kind: "timeout" });
  });
});

describe("statement", () => {
  it("adds up the player's deposits, withdrawals, stakes, wins and points by month and day", async () => {
    await bank();
    const p = await player(0);
    const d = await reportDeposit(app.t, p, 500);
    expect((await post(app.t.app, "/api/admin/approve-paynow", { id: d.id, status: "Approve" }, app.admin)).statusCode).toBe(200);
    const round = await makeRound(app.t.db, "hanoi", 600_000);
    expect((await bet(p, round, 30, "21")).statusCode).toBe(200);
    expect((await bet(p, round, 20, "22")).statusCode).toBe(200);
    const r = await call(app.t.app, rg.readStatement, {}, p.token);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    expect(r.body.days[0]).toMatchObject({ period: today, deposits: d.amount, stakes: 50, wins: 0, withdrawals: 0 });
    expect(r.body.months[0]).toMatchObject({ period: today.slice(0, 7), deposits: d.amount, stakes: 50 });
    expect(r.body.months.length).toBe(1);
  });
});
