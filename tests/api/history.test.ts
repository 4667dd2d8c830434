import { describe, expect, it } from "vitest";
import { movementLabel } from "../../src/domain/movements";
import { THAI } from "../support/app";
import { placeSlip } from "../support/betting";
import { useTestApp } from "../support/fixture";
import { createPlayer, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { adjust, creditOf, fund } from "../support/wallet";

const app = useTestApp();

type Movement = {
  id: number;
  kind: string;
  label: string;
  amount: number;
  balance_after: number;
  note: string | null;
  source: { type: string; slips?: number[]; round?: number | null; id?: number } | null;
};
type History = { status: string; credit: number; list: Movement[]; next: number | null };

async function history(player: { uuid: string; token: string }, body: Record<string, unknown> = {}) {
  const res = await post(app.t.app, "/api/read-money-history", { uuid: player.uuid, ...body }, player.token);
  return { statusCode: res.statusCode, body: res.body as unknown as History & { message?: string } };
}

/** Closes a round and enters a simple result as the operator; settlement runs with it. */
async function result(roundId: number, threeTop: string, twoBottom: string) {
  await post(app.t.app, "/api/admin/close-activity", { activityid: roundId }, app.admin);
  const res = await post(app.t.app, "/api/admin/add-award", { activityid: roundId, threeTop, twoBottom }, app.admin);
  expect(res.statusCode).toBe(200);
}

/** Each row's balance is the next older row's balance plus its own amount. */
function expectChained(list: Movement[]) {
  for (let i = 0; i < list.length - 1; i++) {
    expect(Math.round((list[i + 1]!.balance_after + list[i]!.amount) * 100) / 100).toBe(list[i]!.balance_after);
  }
}

describe("money history", () => {
  it("lists a stake, a win, refunds and an adjustment with the operator's note, labelled, summing to the credit", async () => {
    const { t, admin } = app;
    const p = await createPlayer(t);
    await fund(t, admin, p.uuid, 500);
    const won = await makeRound(t.db, "laos", 600_000);
    const slip = await placeSlip(t, p, won, [
      { award_type: "TwoDigit", number: "42", amount: 10 },
      { award_type: "TwoDigit", number: "43", amount: 10 },
    ]);
    expect(slip.statusCode).toBe(200);
    await result(won, "157", "42");
    // The owner's own cancel and a cancelled round: both give the stake back.
    const open = await makeRound(t.db, "hanoi", 600_000);
    const cancelled = await placeSlip(t, p, open, [{ award_type: "TwoDigit", number: "12", amount: 30 }]);
    expect(
      (
        await post(
          t.app,
          "/api/cancel-allpostnumber-mockdata",
          { uuid: p.uuid, activityid: open, master_id: cancelled.body.master_id },
          p.token,
        )
      ).statusCode,
    ).toBe(200);
    const voided = await makeRound(t.db, "cambodia", 600_000);
    const voidSlip = await placeSlip(t, p, voided, [{ award_type: "OneDigit", number: "4", amount: 20 }]);
    await post(t.app, "/api/admin/cancel-activity", { activityid: voided, note: "ตลาดปิด ไม่มีการซื้อขาย" }, admin);
    expect((await adjust(t, admin, { uuid: p.uuid, amount: -25, note: "หักยอดโอนซ้ำ" })).statusCode).toBe(200);

    const credit = await creditOf(t, p.token);
    // 500 − 20 + 900 − 30 + 30 − 20 + 20 − 25
    expect(credit).toBe(1355);
    const h = await history(p, { dayperiod: 1, limit: 100 });
    expect(h.statusCode).toBe(200);
    const list = h.body.list;
    expect(list.map((m) => m.kind)).toEqual([
      "adjust.debit",
      "stake.refund",
      "stake",
      "stake.refund",
      "stake",
      "payout",
      "stake",
      "adjust.credit",
    ]);
    for (const m of list) expect(m.label).toBe(movementLabel(m.kind));
    expect(list.every((m) => THAI.test(m.label))).toBe(true);
    // The header's credit is explained: the newest balance is the credit, and the amounts sum to it.
    expect(h.body.credit).toBe(credit);
    expect(list[0]!.balance_after).toBe(credit);
    expect(Math.round(list.reduce((s, m) => s + m.amount, 0) * 100) / 100).toBe(credit);
    expectChained(list);

    const [debit, roundRefund, , ownRefund, , payout, stake, credited] = list;
    expect(debit).toMatchObject({ amount: -25, note: "หักยอดโอนซ้ำ", source: null });
    expect(credited).toMatchObject({ amount: 500, note: "ทดสอบ เติมเครดิต" });
    expect(stake).toMatchObject({ amount: -20, note: null, source: { type: "slips", slips: [slip.body.master_id] } });
    expect(payout).toMatchObject({ amount: 900, source: { type: "slips", round: won, slips: [slip.body.master_id] } });
    expect(ownRefund).toMatchObject({ amount: 30, source: { type: "slips", slips: [cancelled.body.master_id] } });
    expect(roundRefund).toMatchObject({ amount: 20, source: { type: "slips", round: voided, slips: [voidSlip.body.master_id] } });
  });

  it("filters by kind and period and pages by key without gaps or repeats", async () => {
    const { t, admin } = app;
    const p = await createPlayer(t);
    for (let i = 1; i <= 5; i++) await fund(t, admin, p.uuid, i);
    const round = await makeRound(t.db, "malaysia", 600_000);
    await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "01", amount: 1 }]);
    await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "02", amount: 2 }]);

    const all = (await history(p, { limit: 100 })).body.list;
    expect(all).toHaveLength(7);
    const stakes = await history(p, { kinds: ["stake"] });
    expect(stakes.body.list.map((m) => m.amount)).toEqual([-2, -1]);
    const two = await history(p, { kinds: ["stake", "adjust.credit"], limit: 3 });
    expect(two.body.list.map((m) => m.kind)).toEqual(["stake", "stake", "adjust.credit"]);

    // Pages of 3: 3 + 3 + 1, the same rows as one page, in the same order.
    const pages: Movement[] = [];
    let before: number | undefined;
    let calls = 0;
    do {
      const page = await history(p, { limit: 3, ...(before ? { before } : {}) });
      expect(page.body.list.length).toBeLessThanOrEqual(3);
      pages.push(...page.body.list);
      before = page.body.next ?? undefined;
      calls += 1;
    } while (before !== undefined);
    expect(calls).toBe(3);
    expect(pages.map((m) => m.id)).toEqual(all.map((m) => m.id));
    expectChained(pages);

    // Movements older than the period are left out.
    // (The ledger is append-only: its guard trigger is set aside for this one back-dating, as the owner.)
    const owner = await t.owner.$client.connect();
    try {
      await owner.query("begin");
      await owner.query("set local session_replication_role = replica");
      await owner.query("update ledger_entries set created_at = now() - interval '3 days' where id = $1", [all[all.length - 1]!.id]);
      await owner.query("commit");
    } finally {
      owner.release();
    }
    expect((await history(p, { dayperiod: 1, limit: 100 })).body.list).toHaveLength(6);
    expect((await history(p, { dayperiod: 7, limit: 100 })).body.list).toHaveLength(7);
  });

  it("another player's uuid is 403, bad input a Thai 400", async () => {
    const { t } = app;
    const p = await createPlayer(t);
    const other = await createPlayer(t);
    const foreign = await post(t.app, "/api/read-money-history", { uuid: other.uuid }, p.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body.message).toMatch(THAI);
    for (const body of [
      {},
      { uuid: "nope" },
      { uuid: p.uuid, kinds: ["free.money"] },
      { uuid: p.uuid, dayperiod: 0 },
      { uuid: p.uuid, dayperiod: 400 },
      { uuid: p.uuid, limit: 101 },
      { uuid: p.uuid, before: -1 },
      { uuid: p.uuid, before: "x" },
    ]) {
      const res = await post(t.app, "/api/read-money-history", body, p.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(THAI);
    }
    expect((await post(t.app, "/api/read-money-history", { uuid: p.uuid })).statusCode).toBe(401);
  });
});

type Notice = {
  status: string;
  total: number;
  slips: Array<{ master_id: number; activityid: number; name: string; win: number }>;
  upTo: number;
};
const notice = async (player: { uuid: string; token: string }) =>
  (await post(app.t.app, "/api/read-win-notice", { uuid: player.uuid }, player.token)).body as unknown as Notice;

describe("win notice", () => {
  it("shows a won slip once until seen, not to others, and a later win after the mark", async () => {
    const { t, admin } = app;
    const p = await createPlayer(t);
    const other = await createPlayer(t);
    await fund(t, admin, p.uuid, 100);
    await fund(t, admin, other.uuid, 100);
    expect(await notice(p)).toEqual({ status: "Success", total: 0, slips: [], upTo: 0 });

    const round = await makeRound(t.db, "laos-star", 600_000);
    const winning = await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "42", amount: 10 }]);
    await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "43", amount: 10 }]);
    await placeSlip(t, other, round, [{ award_type: "TwoDigit", number: "99", amount: 10 }]);
    await result(round, "555", "42");

    const first = await notice(p);
    expect(first.total).toBe(900);
    expect(first.slips).toEqual([expect.objectContaining({ master_id: winning.body.master_id, activityid: round, win: 900 })]);
    expect(first.slips[0]!.name).toMatch(THAI);
    expect(first.upTo).toBeGreaterThan(0);
    // Read again (another page view): still there until seen.
    expect((await notice(p)).slips).toHaveLength(1);
    // The other player lost: nothing for them, and they cannot read or move p's.
    expect((await notice(other)).slips).toEqual([]);
    expect((await post(t.app, "/api/read-win-notice", { uuid: p.uuid }, other.token)).statusCode).toBe(403);
    expect((await post(t.app, "/api/seen-win-notice", { uuid: p.uuid, upTo: first.upTo }, other.token)).statusCode).toBe(403);
    expect((await notice(p)).slips).toHaveLength(1);

    const seen = await post(t.app, "/api/seen-win-notice", { uuid: p.uuid, upTo: first.upTo }, p.token);
    expect(seen.statusCode).toBe(200);
    expect(await notice(p)).toEqual({ status: "Success", total: 0, slips: [], upTo: 0 });
    // An older mark sent later does not bring it back.
    await post(t.app, "/api/seen-win-notice", { upTo: 1 }, p.token);
    expect((await notice(p)).slips).toEqual([]);

    // A later win shows on its own.
    const next = await makeRound(t.db, "laos-star", 700_000);
    const again = await placeSlip(t, p, next, [{ award_type: "OneDigit", number: "7", amount: 10 }]);
    await result(next, "000", "77");
    const second = await notice(p);
    expect(second.slips.map((s) => s.master_id)).toEqual([again.body.master_id]);
    expect(second.total).toBe(42);
    expect(second.upTo).toBeGreaterThan(first.upTo);
  });

  it("after a correction that keeps a line winning, the unseen notice counts its win once", async () => {
    const { t, admin } = app;
    const p = await createPlayer(t);
    await fund(t, admin, p.uuid, 100);
    const round = await makeRound(t.db, "laos-star", 600_000);
    const slip = await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "42", amount: 10 }]);
    await result(round, "555", "42");
    expect((await notice(p)).total).toBe(900);
    // The top number was mistyped: corrected, the bottom 42 still wins; the payout was taken back and paid again.
    const corrected = await post(
      t.app,
      "/api/admin/add-award",
      { activityid: round, threeTop: "556", twoBottom: "42", correction: true, reason: "ลงเลขบนผิด" },
      admin,
    );
    expect(corrected.statusCode, JSON.stringify(corrected.body)).toBe(200);
    const after = await notice(p);
    expect(after.total).toBe(900);
    expect(after.slips).toEqual([expect.objectContaining({ master_id: slip.body.master_id, win: 900 })]);
    expect(await creditOf(t, p.token)).toBe(990);
  });

  it("a mark beyond the player's own ledger stops at their newest entry, an operator has no notice, and bad input is a Thai 400", async () => {
    const { t, admin } = app;
    const p = await createPlayer(t);
    await fund(t, admin, p.uuid, 100);
    const round = await makeRound(t.db, "hanoi-vip", 600_000);
    await post(t.app, "/api/seen-win-notice", { upTo: 2_000_000_000 }, p.token);
    await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "42", amount: 10 }]);
    await result(round, "555", "42");
    // Moving the mark ahead of time did not hide a win that came after it.
    expect((await notice(p)).total).toBe(900);
    // The operator, who has no credit account, gets an empty notice (the shell asks on every page).
    const operator = await post(t.app, "/api/read-win-notice", {}, admin);
    expect(operator.statusCode).toBe(200);
    expect(operator.body).toEqual({ status: "Success", total: 0, slips: [], upTo: 0 });
    for (const body of [{}, { upTo: 0 }, { upTo: "x" }, { upTo: 1.5 }, { upTo: 1, uuid: "nope" }]) {
      const res = await post(t.app, "/api/seen-win-notice", body, p.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(THAI);
    }
  });
});

describe("results history", () => {
  it("lists a lottery's last N results, newest first, and refuses other N with a Thai 400", async () => {
    const { t } = app;
    const p = await createPlayer(t);
    const rounds: number[] = [];
    for (const [i, [top, bottom]] of [
      ["123", "45"],
      ["823", "23"],
      ["999", "45"],
    ].entries()) {
      const r = await makeRound(t.db, "gsb", 600_000 + i * 1000);
      await result(r, top!, bottom!);
      rounds.push(r);
    }
    const res = await post(t.app, "/api/read-result-history", { configID: "gsb", draws: 10 }, p.token);
    expect(res.statusCode).toBe(200);
    const draws = res.body.draws as Array<{ activityid: number; top3: string; bottom2: string; date_th: string }>;
    expect(draws.map((d) => [d.activityid, d.top3, d.bottom2])).toEqual([
      [rounds[2], "999", "45"],
      [rounds[1], "823", "23"],
      [rounds[0], "123", "45"],
    ]);
    expect(res.body.name).toMatch(THAI);
    expect(draws[0]!.date_th).toMatch(THAI);
    for (const body of [{ configID: "gsb", draws: 7 }, { configID: "Bad Id!", draws: 10 }, { draws: 10 }]) {
      const bad = await post(t.app, "/api/read-result-history", body, p.token);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toMatch(THAI);
    }
    expect((await post(t.app, "/api/read-result-history", { configID: "no-such-lotto", draws: 10 }, p.token)).statusCode).toBe(404);
  });
});
