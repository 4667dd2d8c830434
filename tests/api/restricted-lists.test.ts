import { describe, expect, it } from "vitest";
import { betting } from "../../src/contract";
import { call } from "../support/call";
import { createPlayer, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { placeSlip } from "../support/betting";
import { useTestApp } from "../support/fixture";
import { creditOf, fund, ledgerCheck } from "../support/wallet";

// Restricted numbers (เลขอั้น) as lists (docs/decisions/050): pasted per round and bet type, closed, at one
// lower price or reopened; copied from the lottery's previous draw; every change audited. The bet path
// prices them as before (place_slip reads the latest record; a record without a price reopens).

const app = useTestApp();

const q = async (sql: string, params: unknown[] = []) => (await app.t.owner.$client.query(sql, params)).rows;
const count = async (sql: string, params: unknown[] = []) => Number((await q(sql, params))[0].n);

/** "00" … "49", written as an operator pastes them: mixed separators, one repeated. */
const FIFTY = Array.from({ length: 50 }, (_, i) => String(i).padStart(2, "0"));
const pasted = `${FIFTY.slice(0, 20).join(" ")}\n${FIFTY.slice(20, 35).join(", ")}\n${FIFTY.slice(35).join("\n")}\n07, 07`;

async function inForce(round: number, token: string) {
  const res = await call(app.t.app, betting.readNewDigitPriceAddLastTime, { activity_id: round }, token);
  expect(res.ok).toBe(true);
  if (!res.ok) return new Map<string, number>();
  return new Map(res.body.new_digit_price.map((p) => [`${p.award_type}_${p.number}`, p.new_price]));
}

async function fundedPlayer(baht: number) {
  const p = await createPlayer(app.t);
  await fund(app.t, app.admin, p.uuid, baht);
  return p;
}

describe("restricted numbers as lists", () => {
  it("closes 50 pasted numbers; a reopened one takes bets, a closed one is refused, a changed price pays its rate", async () => {
    const { t, admin } = app;
    const round = await makeRound(t.db, "hanoi", 600_000);
    const saved = await call(
      t.app,
      betting.adminSaveDigitPriceList,
      { activity_id: round, award_type: "TwoDigit", numbers: pasted, mode: "closed" },
      admin,
    );
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    if (!saved.ok) return;
    expect(saved.body).toMatchObject({ saved: 50, unchanged: 0 });
    const p = await fundedPlayer(1000);
    const closed = await inForce(round, p.token);
    expect([...closed.entries()].sort()).toEqual(FIFTY.map((n) => [`TwoDigit_${n}`, 0]));
    expect(await count("select count(*) n from audit_log where action = 'digit-price.list' and target = $1", [`round:${round}`])).toBe(1);

    // The same list again changes nothing and writes nothing.
    const again = await call(
      t.app,
      betting.adminSaveDigitPriceList,
      { activity_id: round, award_type: "TwoDigit", numbers: pasted, mode: "closed" },
      admin,
    );
    expect(again.ok && again.body).toMatchObject({ saved: 0, unchanged: 50 });
    expect(await count("select count(*) n from digit_prices where round_id = $1", [round])).toBe(50);

    const reopened = await call(
      t.app,
      betting.adminSaveDigitPriceList,
      { activity_id: round, award_type: "TwoDigit", numbers: "07", mode: "reopen" },
      admin,
    );
    expect(reopened.ok && reopened.body).toMatchObject({ saved: 1, unchanged: 0 });
    const priced = await call(
      t.app,
      betting.adminSaveDigitPriceList,
      { activity_id: round, award_type: "TwoDigit", numbers: "12", mode: "price", new_price: 50 },
      admin,
    );
    expect(priced.ok && priced.body).toMatchObject({ saved: 1 });
    const now = await inForce(round, p.token);
    expect(now.has("TwoDigit_07")).toBe(false);
    expect(now.get("TwoDigit_12")).toBe(50);
    expect(now.size).toBe(49);
    const audit = await q("select before, after from audit_log where action = 'digit-price.list' and target = $1 order by id", [
      `round:${round}`,
    ]);
    expect(audit.slice(1)).toEqual([
      { before: { "07": 0 }, after: { award_type: "TwoDigit", mode: "reopen", price_x100: null, numbers: ["07"] } },
      { before: { "12": 0 }, after: { award_type: "TwoDigit", mode: "price", price_x100: 5000, numbers: ["12"] } },
    ]);
    // The back office's history shows the reopening as a change without a price.
    const history = await call(t.app, betting.adminReadNewDigitPrice, { activity_id: round }, admin);
    expect(history.ok && history.body.new_digit_price.filter((h) => h.number === "07").map((h) => h.new_price)).toEqual([0, null]);

    const stillClosed = await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "08", amount: 10 }]);
    expect(stillClosed.statusCode).toBe(400);
    expect(stillClosed.body.message).toBe("เลข 08 (สองตัวล่าง) ปิดรับแล้ว");
    const open = await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "07", amount: 10 }]);
    expect(open.statusCode, JSON.stringify(open.body)).toBe(200);
    const cheap = await placeSlip(t, p, round, [{ award_type: "TwoDigit", number: "12", amount: 10 }]);
    expect(cheap.statusCode, JSON.stringify(cheap.body)).toBe(200);
    const rateOf = async (id: number) => {
      const slip = await call(t.app, betting.getRefMasterId, { ref_masterID: id }, p.token);
      return slip.ok ? slip.body.postDigitMasterObj.lines.map((l) => l.priceReturn) : [];
    };
    expect(await rateOf(open.body.master_id as number)).toEqual([90]);
    expect(await rateOf(cheap.body.master_id as number)).toEqual([50]);
    expect(await creditOf(t, p.token)).toBe(980);

    // Settled with 12 as the bottom two: the line pays ×50, the rate fixed when it was placed.
    expect((await post(t.app, "/api/admin/close-activity", { activityid: round }, admin)).statusCode).toBe(200);
    const award = await post(t.app, "/api/admin/add-award", { activityid: round, threeTop: "345", twoBottom: "12" }, admin);
    expect(award.statusCode, JSON.stringify(award.body)).toBe(200);
    expect(await creditOf(t, p.token)).toBe(980 + 500);
  });

  it("copies the lottery's previous draw's list to this round, once", async () => {
    const { t, admin } = app;
    const previous = await makeRound(t.db, "cambodia", 600_000);
    const current = await makeRound(t.db, "cambodia", 600_000);
    const save = (
      round: number,
      body: { award_type: "TwoDigit" | "ThreeDigitToad"; numbers: string; mode: "closed" | "price"; new_price?: number },
    ) => call(t.app, betting.adminSaveDigitPriceList, { activity_id: round, ...body }, admin);
    expect((await save(previous, { award_type: "TwoDigit", numbers: "11 22 33", mode: "closed" })).statusCode).toBe(200);
    expect((await save(previous, { award_type: "ThreeDigitToad", numbers: "321 123", mode: "price", new_price: 100 })).statusCode).toBe(
      200,
    );
    expect((await save(current, { award_type: "TwoDigit", numbers: "22", mode: "closed" })).statusCode).toBe(200);

    const copied = await call(t.app, betting.adminCopyDigitPrices, { activity_id: current }, admin);
    expect(copied.statusCode, JSON.stringify(copied.body)).toBe(200);
    expect(copied.ok && copied.body).toMatchObject({ from_activity_id: previous, saved: 3, unchanged: 1 });
    const p = await createPlayer(t);
    expect([...(await inForce(current, p.token)).entries()].sort()).toEqual([
      ["ThreeDigitToad_123", 100],
      ["TwoDigit_11", 0],
      ["TwoDigit_22", 0],
      ["TwoDigit_33", 0],
    ]);
    const audit = await q("select before, after from audit_log where action = 'digit-price.copy' and target = $1", [`round:${current}`]);
    expect(audit).toEqual([
      {
        before: { TwoDigit_11: null, TwoDigit_33: null, ThreeDigitToad_123: null },
        after: { from_round: previous, prices: { TwoDigit_11: 0, TwoDigit_33: 0, ThreeDigitToad_123: 10000 } },
      },
    ]);
    const twice = await call(t.app, betting.adminCopyDigitPrices, { activity_id: current }, admin);
    expect(twice.ok && twice.body).toMatchObject({ saved: 0, unchanged: 4 });
    expect(await count("select count(*) n from audit_log where action = 'digit-price.copy' and target = $1", [`round:${current}`])).toBe(1);

    // The first draw of a lottery in this database has nothing before it with a list.
    const lone = await makeRound(t.db, "laos-star", 600_000);
    const nothing = await call(t.app, betting.adminCopyDigitPrices, { activity_id: lone }, admin);
    expect([404, 409]).toContain(nothing.statusCode);
    expect(nothing.body.message).toMatch(/งวดก่อนหน้า/);
  });

  it("a player gets 403, a malformed list or price a Thai 400, a closed round 409, and none of them writes anything", async () => {
    const { t, admin } = app;
    const round = await makeRound(t.db, "malaysia", 600_000);
    const p = await createPlayer(t);
    const before = async () => [
      await count("select count(*) n from digit_prices where round_id = $1", [round]),
      await count("select count(*) n from audit_log where target = $1", [`round:${round}`]),
    ];
    const good = { activity_id: round, award_type: "TwoDigit" as const, numbers: "12 34", mode: "closed" as const };
    expect((await call(t.app, betting.adminSaveDigitPriceList, good, p.token)).statusCode).toBe(403);
    expect((await call(t.app, betting.adminCopyDigitPrices, { activity_id: round }, p.token)).statusCode).toBe(403);

    const refused = [
      [{ ...good, numbers: "12 3x 456 7" }, "เลขสองตัวล่างต้องเป็นตัวเลข 2 หลัก: 3x, 456, 7"],
      [{ ...good, numbers: " ,\n " }, /อย่างน้อย 1 ตัว/],
      [{ ...good, mode: "price" as const }, "กรุณากรอกอัตราจ่ายของเลขอั้น"],
      [{ ...good, mode: "price" as const, new_price: 90 }, "อัตราจ่ายเลขอั้นต้องมากกว่า 0 และต่ำกว่าอัตราจ่ายปกติ (×90)"],
      [{ ...good, mode: "price" as const, new_price: -1 }, "อัตราจ่ายต้องมากกว่า 0"],
      [{ ...good, mode: "shut" }, /กรุณาเลือก/],
      [{ ...good, award_type: "FourDigit" }, /ประเภทการแทงไม่ถูกต้อง/],
    ] as const;
    for (const [body, message] of refused) {
      const res = await post(t.app, "/api/admin/digit-price-list", body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(typeof message === "string" ? new RegExp(`^${message.replace(/[()×]/g, "\\$&")}$`) : message);
    }
    expect(await before()).toEqual([0, 0]);

    await q("update rounds set status = 'closed' where id = $1", [round]);
    const late = await call(t.app, betting.adminSaveDigitPriceList, good, admin);
    expect(late.statusCode).toBe(409);
    expect(late.body.message).toMatch(/ปิดรับแทงแล้ว/);
    expect(await before()).toEqual([0, 0]);
    expect((await ledgerCheck(t, admin)).ok).toBe(true);
  });
});
