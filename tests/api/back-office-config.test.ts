import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, THAI } from "../support/app";
import { placeSlip } from "../support/betting";
import { createPlayer, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { adminToken, creditOf, fund, ledgerCheck } from "../support/wallet";

let t: TestApp;
let admin: string;
let alice: Awaited<ReturnType<typeof createPlayer>>;
let bob: Awaited<ReturnType<typeof createPlayer>>;
let carol: Awaited<ReturnType<typeof createPlayer>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  alice = await createPlayer(t);
  bob = await createPlayer(t);
  carol = await createPlayer(t);
  for (const p of [alice, bob, carol]) await fund(t, admin, p.uuid, 5_000);
});
afterAll(async () => {
  await t.close();
});

const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
const auditCount = async (action: string) =>
  (await q(`select count(*)::int as n from audit_log where action = $1`, [action]))[0].n as number;

/** A round of `lotteryId` open for bets; `close` closes it early through the back office. */
async function openRound(lotteryId = "hanoi") {
  const id = await makeRound(t.db, lotteryId, 60 * 60_000);
  return {
    id,
    close: async () => expect((await post(t.app, "/api/admin/close-activity", { activityid: id }, admin)).statusCode).toBe(200),
  };
}

describe("back-office settings: admin only, audited, bad input refused in Thai with nothing written", () => {
  it("payout rates per lottery, bet type and tier", async () => {
    const good = {
      configID: "laos",
      userType: "member",
      betType: "TwoDigit",
      rate: 85,
      minStake: 1,
      maxStake: 2_000,
      maxPerNumber: 20_000,
      discountPercent: 0,
    };
    expect((await post(t.app, "/api/admin/update-lotto-config", good, alice.token)).statusCode).toBe(403);
    expect((await post(t.app, "/api/admin/lotto-config", { configID: "laos" }, alice.token)).statusCode).toBe(403);
    const before = await q(`select * from lotto_config where lottery_id = 'laos' order by bet_type, user_type`);
    const audits = await auditCount("rates.update");
    for (const bad of [
      { ...good, rate: -1 },
      { ...good, maxStake: 0 },
      { ...good, minStake: 5_000 },
      { ...good, rate: 85.555 },
      { ...good, betType: "Nope" },
    ]) {
      const res = await post(t.app, "/api/admin/update-lotto-config", bad, admin);
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toMatch(THAI);
    }
    expect(await q(`select * from lotto_config where lottery_id = 'laos' order by bet_type, user_type`)).toEqual(before);
    expect(await auditCount("rates.update")).toBe(audits);

    expect((await post(t.app, "/api/admin/update-lotto-config", good, admin)).statusCode).toBe(200);
    expect(await auditCount("rates.update")).toBe(audits + 1);
    const read = await post(t.app, "/api/admin/lotto-config", { configID: "laos" }, admin);
    expect(read.body.rates).toEqual(
      expect.arrayContaining([expect.objectContaining({ betType: "TwoDigit", userType: "member", rate: 85, maxStake: 2_000 })]),
    );
  });

  it("restricted numbers (เลขอั้น) per round: a lower price or a closed number", async () => {
    const round = await openRound("laos");
    const body = { activity_id: round.id, award_type: "TwoDigit", number: "27", new_price: 45 };
    expect((await post(t.app, "/api/admin/add-digit-price", body, alice.token)).statusCode).toBe(403);
    expect((await post(t.app, "/api/admin-read-newDigitPrice", { activity_id: round.id }, alice.token)).statusCode).toBe(403);
    const audits = await auditCount("digit-price.add");
    for (const bad of [
      { ...body, number: "2x" },
      { ...body, number: "271" },
      { ...body, new_price: -5 },
      { ...body, award_type: "Nope" },
    ]) {
      const res = await post(t.app, "/api/admin/add-digit-price", bad, admin);
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toMatch(THAI);
    }
    expect((await q(`select count(*)::int as n from digit_prices where round_id = $1`, [round.id]))[0].n).toBe(0);
    expect(await auditCount("digit-price.add")).toBe(audits);

    expect((await post(t.app, "/api/admin/add-digit-price", body, admin)).statusCode).toBe(200);
    const closed = await post(t.app, "/api/admin/add-digit-price", { ...body, number: "99", new_price: 0 }, admin);
    expect(closed.body.message).toBe("ปิดรับเลขนี้แล้ว");
    expect(await auditCount("digit-price.add")).toBe(audits + 2);
    // The player's bet page reads them, and the bet path prices by them.
    const latest = await post(t.app, "/api/read-newDigitPrice-AddLastTime", { activity_id: round.id }, alice.token);
    expect(latest.body.new_digit_price).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ number: "27", new_price: 45 }),
        expect.objectContaining({ number: "99", new_price: 0 }),
      ]),
    );
    const refused = await placeSlip(t, alice, round.id, [{ award_type: "TwoDigit", number: "99", amount: 10 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toContain("เลข 99");
    const placed = await placeSlip(t, alice, round.id, [{ award_type: "TwoDigit", number: "27", amount: 10 }]);
    expect(placed.statusCode).toBe(200);
    expect((await q(`select rate_x100 from slip_lines where slip_id = $1`, [placed.body.master_id]))[0].rate_x100).toBe(4500);
  });

  it("deposit and withdrawal limits", async () => {
    const before = (await post(t.app, "/api/read-wallet-config", {}, alice.token)).body.config as Record<string, unknown>;
    const good = { ...before, depositMin: 50, depositMax: 40_000, withdrawMin: 200, withdrawDailyMax: 60_000 };
    expect((await post(t.app, "/api/admin/update-wallet-config", good, alice.token)).statusCode).toBe(403);
    const audits = await auditCount("wallet.config");
    for (const bad of [
      { ...good, depositMin: 50_000 },
      { ...good, withdrawMin: -1 },
      { ...good, depositMax: 12.345 },
      { ...good, withdrawMin: 70_000 },
    ]) {
      const res = await post(t.app, "/api/admin/update-wallet-config", bad, admin);
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toMatch(THAI);
    }
    expect((await post(t.app, "/api/read-wallet-config", {}, alice.token)).body.config).toEqual(before);
    expect(await auditCount("wallet.config")).toBe(audits);
    const saved = await post(t.app, "/api/admin/update-wallet-config", good, admin);
    expect(saved.statusCode).toBe(200);
    expect(await auditCount("wallet.config")).toBe(audits + 1);
    expect((await post(t.app, "/api/read-wallet-config", {}, alice.token)).body.config).toMatchObject({
      depositMin: 50,
      depositMax: 40_000,
      withdrawMin: 200,
      withdrawDailyMax: 60_000,
    });
  });
});

type Payout = {
  correction: boolean;
  lines: number;
  total: number;
  paidBefore: number;
  stakes: number;
  house: number;
  players: Array<{
    uuid: string;
    username: string;
    lines: number;
    payout: number;
    paidBefore: number;
    change: number;
    shortOfCredit: boolean;
  }>;
};

describe("result preview: what the settlement then pays, and what a correction then moves", () => {
  it("the preview's lines, total and per-player payouts are what the settlement pays; the house result is stakes − payouts", async () => {
    const round = await openRound();
    await placeSlip(t, alice, round.id, [
      { award_type: "ThreeDigit", number: "157", amount: 10 },
      { award_type: "TwoDigitOn", number: "57", amount: 20 },
      { award_type: "TwoDigit", number: "42", amount: 5 },
    ]);
    await placeSlip(t, bob, round.id, [
      { award_type: "ThreeDigitToad", number: "715", amount: 10 },
      { award_type: "OneDigitOn", number: "7", amount: 30 },
      { award_type: "TwoDigit", number: "00", amount: 100 },
    ]);
    await placeSlip(t, carol, round.id, [{ award_type: "TwoDigit", number: "24", amount: 50 }]);
    await round.close();
    const fields = { activityid: round.id, threeTop: "157", twoBottom: "42" };

    expect((await post(t.app, "/api/admin/add-award", { ...fields, preview: true }, alice.token)).statusCode).toBe(403);
    const audits = await auditCount("round.result.preview");
    const bad = await post(t.app, "/api/admin/add-award", { activityid: round.id, preview: true, threeTop: "15" }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toMatch(THAI);

    const credits = { alice: await creditOf(t, alice.token), bob: await creditOf(t, bob.token), carol: await creditOf(t, carol.token) };
    const res = await post(t.app, "/api/admin/add-award", { ...fields, preview: true }, admin);
    expect(res.statusCode).toBe(200);
    expect(await auditCount("round.result.preview")).toBe(audits + 1);
    const preview = res.body.payout as Payout;
    // The preview wrote nothing: no pairs, no result, no money.
    expect((await q(`select count(*)::int as n from round_winning_pairs where round_id = $1`, [round.id]))[0].n).toBe(0);
    expect((await q(`select status from rounds where id = $1`, [round.id]))[0].status).toBe("closed");
    expect(await creditOf(t, alice.token)).toBe(credits.alice);

    expect(preview.correction).toBe(false);
    expect(preview.lines).toBe(5); // alice 3, bob toad + วิ่งบน
    expect(preview.stakes).toBe(225);
    expect(preview.total).toBe(10 * 900 + 20 * 90 + 5 * 90 + 10 * 150 + 30 * 3.2);
    expect(preview.house).toBe(preview.stakes - preview.total);
    expect(preview.players.find((p) => p.uuid === carol.uuid)).toBeUndefined();

    const saved = await post(t.app, "/api/admin/add-award", fields, admin);
    expect(saved.statusCode).toBe(200);
    const paid = await q(
      `select count(*)::int as lines, coalesce(sum(payout), 0)::bigint as total from slip_lines where round_id = $1 and result = 'win'`,
      [round.id],
    );
    expect(paid[0].lines).toBe(preview.lines);
    expect(Number(paid[0].total) / 100).toBe(preview.total);
    const ledger = await q(
      `select coalesce(sum(e.amount), 0)::bigint as total from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
       join accounts a on a.id = e.account_id where x.kind = 'payout' and x.reference like $1 and a.owner_id is not null`,
      [`round:${round.id}:%`],
    );
    expect(Number(ledger[0].total) / 100).toBe(preview.total);
    for (const [name, p] of [
      ["alice", alice],
      ["bob", bob],
      ["carol", carol],
    ] as const) {
      const expected = preview.players.find((x) => x.uuid === p.uuid)?.payout ?? 0;
      expect(await creditOf(t, p.token)).toBeCloseTo(credits[name] + expected, 2);
    }
    expect((await ledgerCheck(t, admin)).ok).toBe(true);
  });

  it("a correction's preview says per player what it takes back or adds; the correction moves exactly that and tells each player once", async () => {
    const round = await openRound();
    await placeSlip(t, alice, round.id, [{ award_type: "TwoDigit", number: "42", amount: 10 }]);
    await placeSlip(t, bob, round.id, [
      { award_type: "TwoDigit", number: "24", amount: 10 },
      { award_type: "ThreeDigit", number: "157", amount: 1 },
    ]);
    await placeSlip(t, carol, round.id, [{ award_type: "TwoDigit", number: "77", amount: 10 }]);
    await round.close();
    expect((await post(t.app, "/api/admin/add-award", { activityid: round.id, threeTop: "157", twoBottom: "42" }, admin)).statusCode).toBe(
      200,
    );

    const correction = { activityid: round.id, threeTop: "157", twoBottom: "24", correction: true, reason: "ลงเลขล่างสลับกัน" };
    const res = await post(t.app, "/api/admin/add-award", { ...correction, preview: true }, admin);
    expect(res.statusCode).toBe(200);
    const preview = res.body.payout as Payout;
    expect(preview.correction).toBe(true);
    const change = (uuid: string) => preview.players.find((p) => p.uuid === uuid)?.change ?? 0;
    expect(change(alice.uuid)).toBe(-900);
    expect(change(bob.uuid)).toBe(900);
    expect(change(carol.uuid)).toBe(0);
    expect(preview.players.find((p) => p.uuid === bob.uuid)).toMatchObject({ paidBefore: 900, payout: 1800 });
    expect(preview.paidBefore).toBe(1800);
    expect(preview.total).toBe(1800);
    expect(preview.house).toBe(31 - 1800);

    const before = { alice: await creditOf(t, alice.token), bob: await creditOf(t, bob.token), carol: await creditOf(t, carol.token) };
    const done = await post(t.app, "/api/admin/add-award", correction, admin);
    expect(done.statusCode).toBe(200);
    expect(await creditOf(t, alice.token)).toBe(before.alice + change(alice.uuid));
    expect(await creditOf(t, bob.token)).toBe(before.bob + change(bob.uuid));
    expect(await creditOf(t, carol.token)).toBe(before.carol);

    // Retried: the same correction again changes nothing and tells nobody twice.
    const again = await post(t.app, "/api/admin/add-award", correction, admin);
    expect(again.statusCode).toBe(200);
    expect(again.body.message).toMatch(THAI);
    expect(await creditOf(t, alice.token)).toBe(before.alice - 900);
    const rows = await q(`select user_id, amount from player_notices where round_id = $1 order by amount`, [round.id]);
    expect(rows).toEqual([
      { user_id: alice.uuid, amount: "-90000" },
      { user_id: bob.uuid, amount: "90000" },
    ]);
    // The database keeps it one per player and correction whatever the code does.
    const source = (await q(`select source from player_notices where user_id = $1 and round_id = $2`, [alice.uuid, round.id]))[0].source;
    await expect(
      q(`insert into player_notices (user_id, kind, source, round_id, data) values ($1, 'result.correction', $2, $3, '{}')`, [
        alice.uuid,
        source,
        round.id,
      ]),
    ).rejects.toThrow();

    // Each player reads their own notice: round, old and new result, the amount.
    const mine = await post(t.app, "/api/my-notices", {}, alice.token);
    expect(mine.statusCode).toBe(200);
    const notice = (mine.body.notices as Array<Record<string, unknown>>).find((n) => n.activityid === round.id)!;
    expect(notice).toMatchObject({ kind: "result.correction", name: "หวยฮานอย", amount: -900, reason: "ลงเลขล่างสลับกัน", read: false });
    expect(notice.before).toMatchObject({ top3: "157", bottom2: "42" });
    expect(notice.after).toMatchObject({ top3: "157", bottom2: "24" });
    expect(mine.body.unread).toBeGreaterThanOrEqual(1);
    const carols = await post(t.app, "/api/my-notices", {}, carol.token);
    expect((carols.body.notices as Array<{ activityid: number }>).filter((n) => n.activityid === round.id)).toEqual([]);

    // Another player's notice: 403, and it stays unread.
    const other = await post(t.app, "/api/read-notice", { id: notice.id }, bob.token);
    expect(other.statusCode).toBe(403);
    expect(other.body.message).toMatch(THAI);
    expect((await q(`select read_at from player_notices where id = $1`, [notice.id]))[0].read_at).toBeNull();
    expect((await post(t.app, "/api/read-notice", {}, alice.token)).statusCode).toBe(400);
    expect((await post(t.app, "/api/read-notice", { id: 99_999_999 }, alice.token)).statusCode).toBe(404);
    const read = await post(t.app, "/api/read-notice", { id: notice.id }, alice.token);
    expect(read.statusCode).toBe(200);
    expect(read.body.unread).toBe(0);
    expect(((await post(t.app, "/api/my-notices", {}, alice.token)).body.notices as Array<{ read: boolean }>)[0]!.read).toBe(true);
    expect((await t.app.inject({ method: "POST", url: "/api/my-notices", payload: {} })).statusCode).toBe(401);
    expect((await ledgerCheck(t, admin)).ok).toBe(true);
  });
});
