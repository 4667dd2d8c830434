import { describe, expect, it } from "vitest";
import { betting } from "../../src/contract";
import { placeSlip } from "../support/betting";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { creditOf, fund, ledgerCheck } from "../support/wallet";

// A slip's state follows its round (spec §4, docs/decisions/036): after an early close and a result the list
// agrees with the detail and with the ledger, with the 2-minute grace counted from the actual close.

const app = useTestApp();

/** The payouts the ledger credited to the player's credit account for the round, in baht. */
async function ledgerPayouts(uuid: string, roundId: number): Promise<number> {
  const r = await app.t.owner.$client.query(
    `select coalesce(sum(e.amount), 0)::bigint as total from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
     join accounts a on a.id = e.account_id where x.kind = 'payout' and x.reference like $1 and a.owner_id = $2 and a.kind = 'credit'`,
    [`round:${roundId}:%`, uuid],
  );
  return Number(r.rows[0].total) / 100;
}

/** Moves every time of the round back, as if it had all happened `minutes` earlier (no sleeping). */
async function shiftRound(roundId: number, minutes: number) {
  await app.t.owner.$client.query(
    `update rounds set open_at = open_at - make_interval(mins => $2), close_at = close_at - make_interval(mins => $2),
       closed_at = closed_at - make_interval(mins => $2), result_at = result_at - make_interval(mins => $2) where id = $1`,
    [roundId, minutes],
  );
}

async function list(player: { token: string }) {
  const res = await call(app.t.app, betting.postdigitList, { period: 1 }, player.token);
  if (!res.ok) throw new Error(`list refused: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function detail(player: { token: string }, masterId: number) {
  const res = await call(app.t.app, betting.getRefMasterId, { ref_masterID: masterId }, player.token);
  if (!res.ok) throw new Error(`detail refused: ${JSON.stringify(res.body)}`);
  return res.body.postDigitMasterObj;
}

describe("slip states after an early close and a result", () => {
  it("the list's states and totals agree with the detail and the ledger, the grace running from the actual close", async () => {
    const player = await createPlayer(app.t);
    await fund(app.t, app.admin, player.uuid, 1000);
    // Planned to close in an hour and to have its result ten minutes after that.
    const round = await makeRound(app.t.db, "hanoi", 60 * 60_000);
    const slips = [
      await placeSlip(app.t, player, round, [{ award_type: "ThreeDigit", number: "123", amount: 2 }]),
      await placeSlip(app.t, player, round, [{ award_type: "TwoDigit", number: "45", amount: 10 }]),
      await placeSlip(app.t, player, round, [{ award_type: "TwoDigit", number: "46", amount: 5 }]),
    ];
    for (const s of slips) expect(s.statusCode, JSON.stringify(s.body)).toBe(200);
    const [won, lost, cancelled] = slips.map((s) => s.body.master_id as number) as [number, number, number];
    const cancel = await post(
      app.t.app,
      "/api/cancel-allpostnumber-mockdata",
      { uuid: player.uuid, activityid: round, master_id: cancelled },
      player.token,
    );
    expect(cancel.statusCode, JSON.stringify(cancel.body)).toBe(200);

    const open = await list(player);
    const stateOf = (l: typeof open) => Object.fromEntries(l.postdigit_list.map((s) => [s.master_id, s.state]));
    expect(stateOf(open)).toEqual({ [won]: "accepting", [lost]: "accepting", [cancelled]: "cancelled" });
    expect(open.totals).toEqual({ count: 3, staked: 12, won: 0 });

    const before = await creditOf(app.t, player.token);
    const closed = await post(app.t.app, "/api/admin/close-activity", { activityid: round }, app.admin);
    expect(closed.statusCode, JSON.stringify(closed.body)).toBe(200);
    const added = await post(app.t.app, "/api/admin/add-award", { activityid: round, threeTop: "123", twoBottom: "99" }, app.admin);
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
    const payout = (await creditOf(app.t, player.token)) - before;
    expect(payout).toBe(2 * 900);
    expect(await ledgerPayouts(player.uuid, round)).toBe(payout);

    // Within 2 minutes of the early close: still รับแทง, in the list and the detail alike, no win counted.
    const inGrace = await list(player);
    expect(stateOf(inGrace)).toEqual({ [won]: "accepting", [lost]: "accepting", [cancelled]: "cancelled" });
    expect(inGrace.totals).toEqual({ count: 3, staked: 12, won: 0 });
    expect((await detail(player, won)).state).toBe("accepting");
    const earlyClose = Date.parse(inGrace.postdigit_list.find((s) => s.master_id === won)!.timestop);
    expect(Math.abs(earlyClose - Date.now())).toBeLessThan(60_000);

    // The early close was 3 minutes ago (the planned close and result time are still ahead): past the grace.
    await shiftRound(round, 3);
    const decided = await list(player);
    expect(stateOf(decided)).toEqual({ [won]: "won", [lost]: "lost", [cancelled]: "cancelled" });
    const wonRow = decided.postdigit_list.find((s) => s.master_id === won)!;
    expect(wonRow.totalWin).toBe(payout);
    expect(decided.totals).toEqual({ count: decided.postdigit_list.length, staked: 12, won: payout });
    // The totals are those of the rows listed.
    const listedWins = decided.postdigit_list.filter((s) => s.state === "won").reduce((t, s) => t + s.totalWin, 0);
    expect(decided.totals.won).toBe(listedWins);

    const wonDetail = await detail(player, won);
    expect(wonDetail.state).toBe("won");
    expect(wonDetail.totalWin).toBe(wonRow.totalWin);
    expect((await detail(player, lost)).state).toBe("lost");
    expect((await detail(player, cancelled)).state).toBe("cancelled");
    // The round's own slips say the same.
    const ofRound = await call(app.t.app, betting.readPostNumberDigit, { activityid: round, uuid: player.uuid }, player.token);
    expect(ofRound.ok && Object.fromEntries(ofRound.body.postdigit_list.map((s) => [s.master_id, s.state]))).toEqual(stateOf(decided));
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });

  it("a cancelled round's slips show คืนโพย and count no stake", async () => {
    const player = await createPlayer(app.t);
    await fund(app.t, app.admin, player.uuid, 100);
    const round = await makeRound(app.t.db, "laos", 60 * 60_000);
    const placed = await placeSlip(app.t, player, round, [{ award_type: "TwoDigit", number: "12", amount: 10 }]);
    expect(placed.statusCode, JSON.stringify(placed.body)).toBe(200);
    const cancelled = await post(app.t.app, "/api/admin/cancel-activity", { activityid: round, note: "ตลาดปิด" }, app.admin);
    expect(cancelled.statusCode, JSON.stringify(cancelled.body)).toBe(200);
    const after = await list(player);
    expect(after.postdigit_list.map((s) => [s.master_id, s.state])).toEqual([[placed.body.master_id, "returned"]]);
    expect(after.totals).toEqual({ count: 1, staked: 0, won: 0 });
    expect(await creditOf(app.t, player.token)).toBe(100);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });
});
