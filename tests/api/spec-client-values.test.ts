import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { points, wallet } from "../../src/contract";
import { THAI } from "../support/app";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, distinctHolder, playerData, post } from "../support/players";
import { makeRound } from "../support/rounds";
import { creditOf, fund, ledgerCheck } from "../support/wallet";

// What the specification's client sends, unchanged (docs/decisions/047): amounts and ids as numeric text,
// t1..t3 with every game, any JSON in the cache, a bet line's stake named `price`, a Buddhist-era date, and a
// registration from another address than the OTP check. Each is taken with the meaning of its number form;
// what is really malformed is still refused in Thai and writes nothing.

const app = useTestApp();
type Player = Awaited<ReturnType<typeof createPlayer>>;

async function player(credit = 0): Promise<Player> {
  const p = await createPlayer(app.t, { bankaccounts: distinctHolder("ลูกค้า เดิม") });
  if (credit > 0) await fund(app.t, app.admin, p.uuid, credit);
  return p;
}

async function rows<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await app.t.owner.$client.query(text, params)).rows as T[];
}

const WATCHED = [
  "deposit_requests",
  "pay_records",
  "withdrawals",
  "games",
  "point_redemptions",
  "slips",
  "slip_lines",
  "ledger_entries",
  "user_cache",
  "users",
];
/** Row counts of the tables these calls write, to show that a refused call wrote nothing. */
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of WATCHED) out[table] = (await rows<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
  return out;
}

/** A refusal: 400, status Error, a Thai message in `message` (and in `msg` on the calls that read it). */
function expectRefused(res: { statusCode: number; body: Record<string, unknown> }, what: string, withMsg = false) {
  expect(res.statusCode, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.status, what).toBe("Error");
  expect(res.body.message, what).toMatch(THAI);
  if (withMsg) expect(res.body.msg, what).toBe(res.body.message);
}

beforeAll(async () => {
  // Deposit amounts are handed out only with a receiving account to show.
  const saved = await call(
    app.t.app,
    wallet.adminSaveMyBank,
    { bankname: "ktb", bankno: "333-4-55555-7", bankaccounts: "บริษัท หวยดี จำกัด" },
    app.admin,
  );
  if (!saved.ok) throw new Error(JSON.stringify(saved.body));
});

describe("amounts as numeric text", () => {
  it('/api/gent-amount takes 500 and "500" alike, and still refuses what is no whole baht amount, handing out nothing', async () => {
    for (const amount of [500, "500", " 700 "]) {
      const p = await player();
      const res = await post(app.t.app, "/api/gent-amount", { amount }, p.token);
      expect(res.statusCode, `${JSON.stringify(amount)}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(Math.floor(res.body.amount as number)).toBe(Number(amount));
    }
    const p = await player();
    const before = await counts();
    for (const amount of ["abc", "1e3", "-5", "5.5", "5.555", "", "  ", -5, null, true, "0"]) {
      expectRefused(await post(app.t.app, "/api/gent-amount", { amount }, p.token), JSON.stringify(amount));
    }
    expect(await counts()).toEqual(before);
  });

  it("/api/add-paynow takes the amount as a number or as text with its satang, and refuses malformed ones writing nothing", async () => {
    for (const asText of [false, true]) {
      const p = await player();
      const asked = await post(app.t.app, "/api/gent-amount", { amount: 300 }, p.token);
      expect(asked.statusCode).toBe(200);
      const amount = asked.body.amount as number;
      const report = await post(
        app.t.app,
        "/api/add-paynow",
        {
          amount: asText ? amount.toFixed(2) : amount,
          paytime: new Date().toISOString(),
          comment: "",
          bankname: "kbank",
          transection: asked.body.transection,
        },
        p.token,
      );
      expect(report.statusCode, JSON.stringify(report.body)).toBe(200);
      const history = await call(app.t.app, wallet.readPayRecordByUuid, { uuid: p.uuid, dayperiod: 1 }, p.token);
      expect(history.ok && history.body.arrPayRecordByUserAllStatus.map((r) => r.amount)).toEqual([amount]);
    }
    const p = await player();
    const asked = await post(app.t.app, "/api/gent-amount", { amount: 300 }, p.token);
    const before = await counts();
    for (const amount of ["abc", "1e3", "-5", "300.555", "", "300,00"]) {
      const res = await post(
        app.t.app,
        "/api/add-paynow",
        { amount, paytime: new Date().toISOString(), comment: "", bankname: "kbank", transection: asked.body.transection },
        p.token,
      );
      expectRefused(res, JSON.stringify(amount));
    }
    expect(await counts()).toEqual(before);
  });

  it("/api/add-withdrawal takes the amount as a number as it takes it as text; malformed ones are refused in msg and message", async () => {
    const p = await player(1000);
    for (const amount of ["100", 100, 150.25]) {
      const res = await post(app.t.app, "/api/add-withdrawal", { uuid: p.uuid, amount, note: "", bankname: "kbank" }, p.token);
      expect(res.statusCode, `${JSON.stringify(amount)}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect(await creditOf(app.t, p.token)).toBe(649.75);
    const before = await counts();
    for (const amount of ["1e3", -5, 5.555, "abc", ""]) {
      expectRefused(
        await post(app.t.app, "/api/add-withdrawal", { uuid: p.uuid, amount, note: "", bankname: "kbank" }, p.token),
        JSON.stringify(amount),
        true,
      );
    }
    expect(await counts()).toEqual(before);
  });
});

describe("games as the specification's client sends them", () => {
  const game = (p: Player, body: Record<string, unknown>) => post(app.t.app, "/api/add-huakoi-hilow", { uuid: p.uuid, ...body }, p.token);

  it('takes price and dice as text and a huakoi game\'s empty t1..t3 (0, "", null) as no dice; malformed ones are refused', async () => {
    const a = await player(1000);
    const made: Array<Record<string, unknown>> = [];
    for (const body of [
      { price: 50, gametype: "hilow", t1: 6, t2: 4, t3: 1 },
      { price: "50", gametype: "hilow", t1: "6", t2: "4", t3: "1" },
      { price: "20.50", gametype: "huakoi", bet: "หัว", t1: 0, t2: 0, t3: 0 },
      { price: 20.5, gametype: "huakoi", bet: "หัว", t1: "", t2: "", t3: "" },
      { price: "20.5", gametype: "huakoi", bet: "ก้อย", t1: null, t2: null, t3: null },
    ]) {
      const res = await game(a, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(200);
      made.push(res.body.game as Record<string, unknown>);
    }
    expect(made.map((g) => [g.gametype, g.price, g.t1, g.t2, g.t3])).toEqual([
      ["hilow", 50, 6, 4, 1],
      ["hilow", 50, 6, 4, 1],
      ["huakoi", 20.5, null, null, null],
      ["huakoi", 20.5, null, null, null],
      ["huakoi", 20.5, null, null, null],
    ]);
    expect(await creditOf(app.t, a.token)).toBe(1000 - 50 - 50 - 20.5 * 3);

    const before = await counts();
    for (const body of [
      { price: "abc", gametype: "huakoi", bet: "หัว" },
      { price: "1e3", gametype: "huakoi", bet: "หัว" },
      { price: "-5", gametype: "huakoi", bet: "หัว" },
      { price: "5.555", gametype: "huakoi", bet: "หัว" },
      { price: "", gametype: "huakoi", bet: "หัว" },
      { price: 50, gametype: "hilow", t1: "7", t2: "4", t3: "1" },
      { price: 50, gametype: "hilow", t1: "2.5", t2: "4", t3: "1" },
      { price: 50, gametype: "hilow", t1: "6", t2: null, t3: "1" },
      { price: 50, gametype: "huakoi", bet: "หัว", t1: 3, t2: 0, t3: 0 },
    ]) {
      expectRefused(await game(a, body), JSON.stringify(body), true);
    }
    expect(await counts()).toEqual(before);
  });

  it("/api/guess-huakoi-hilow takes the game's id as text; a business refusal keeps its status, msg and message", async () => {
    const a = await player(1000);
    const b = await player(1000);
    for (const asText of [false, true]) {
      const made = await game(a, { price: 10, gametype: "huakoi", bet: "หัว" });
      const id = (made.body.game as { id: number }).id;
      const res = await post(
        app.t.app,
        "/api/guess-huakoi-hilow",
        { id: asText ? String(id) : id, guess: "ก้อย", uuid: b.uuid, gametype: "huakoi" },
        b.token,
      );
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ result: "lose", bet: "หัว" });
    }
    expect(await creditOf(app.t, b.token)).toBe(980);

    const missing = await post(
      app.t.app,
      "/api/guess-huakoi-hilow",
      { id: "999999", guess: "หัว", uuid: b.uuid, gametype: "huakoi" },
      b.token,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toMatch(THAI);
    expect(missing.body.msg).toBe(missing.body.message);

    const open = await game(a, { price: 10, gametype: "huakoi", bet: "หัว" });
    const before = await counts();
    for (const id of ["abc", "1e3", "-5", "1.5", "", " "]) {
      expectRefused(
        await post(app.t.app, "/api/guess-huakoi-hilow", { id, guess: "หัว", uuid: b.uuid, gametype: "huakoi" }, b.token),
        JSON.stringify(id),
        true,
      );
    }
    expect(await counts()).toEqual(before);
    expect((await rows(`select status from games where id = $1`, [(open.body.game as { id: number }).id]))[0]).toEqual({ status: "open" });
  });
});

describe("/api/redeem-allscore with ids as text", () => {
  async function playerWithPoints(pointsToGive: number) {
    const p = await player();
    const r = await call(app.t.app, points.adminAdjustPoints, { uuid: p.uuid, points: pointsToGive, reason: "แต้มทดสอบ" }, app.admin, {
      headers: { "idempotency-key": randomUUID() },
    });
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    return p;
  }
  const redeem = (p: Player, idlist: unknown) =>
    app.t.app
      .inject({
        method: "POST",
        url: "/api/redeem-allscore",
        payload: { uuid: p.uuid, idlist },
        headers: { authorization: `Bearer ${p.token}`, "idempotency-key": randomUUID() },
      })
      .then((res) => ({ statusCode: res.statusCode, body: res.json() as Record<string, unknown> }));

  it('takes [1], ["1"], "1" and "1,2" as [1] and [1, 2]; malformed lists redeem nothing', async () => {
    const cases: Array<[unknown, number, number]> = [
      [[1], 10, 1400],
      [["1"], 10, 1400],
      ["1", 10, 1400],
      ["1,2", 70, 900],
      [[1, 2], 70, 900],
    ];
    for (const [idlist, credit, left] of cases) {
      const p = await playerWithPoints(1500);
      const res = await redeem(p, idlist);
      expect(res.statusCode, `${JSON.stringify(idlist)}: ${JSON.stringify(res.body)}`).toBe(200);
      expect([res.body.credit, res.body.total_score], JSON.stringify(idlist)).toEqual([credit, left]);
    }
    const p = await playerWithPoints(1500);
    const before = await counts();
    for (const idlist of ["", "1,x", "1,,2", ["1e3"], ["-1"], "1.5", [""], "abc"]) {
      expectRefused(await redeem(p, idlist), JSON.stringify(idlist));
    }
    expect(await counts()).toEqual(before);
    expect(await creditOf(app.t, p.token)).toBe(0);
  });
});

describe("/api/cache-data with any JSON value", () => {
  it("stores a value that is not text as its JSON text, text as it is, and refuses one too large", async () => {
    const p = await player();
    const cases: Array<[unknown, string]> = [
      ["[1]", "[1]"],
      [[{ id: "hanoi", name: "ฮานอย" }], '[{"id":"hanoi","name":"ฮานอย"}]'],
      [{ lottoList: [] }, '{"lottoList":[]}'],
      [12, "12"],
      [true, "true"],
      [null, "null"],
    ];
    for (const [val, text] of cases) {
      const set = await post(app.t.app, "/api/cache-data", { key: "readLosttoList", action: "set", val }, p.token);
      expect(set.statusCode, JSON.stringify(set.body)).toBe(200);
      expect(set.body.val).toBe(text);
      const got = await post(app.t.app, "/api/cache-data", { key: "readLosttoList", action: "get" }, p.token);
      expect(got.body.val, JSON.stringify(val)).toBe(text);
    }
    // Too large is still refused, and the stored value stays.
    await post(app.t.app, "/api/cache-data", { key: "readLosttoList", action: "set", val: { kept: 1 } }, p.token);
    const huge = Array.from({ length: 30_000 }, (_, i) => `รายการ${i}`);
    expectRefused(await post(app.t.app, "/api/cache-data", { key: "readLosttoList", action: "set", val: huge }, p.token), "huge");
    expect((await post(app.t.app, "/api/cache-data", { key: "readLosttoList", action: "get" }, p.token)).body.val).toBe('{"kept":1}');
  });
});

describe("a bet line's stake named price", () => {
  let stamp = 0;
  const slip = (p: Player, round: number, numberlist: unknown[]) =>
    post(
      app.t.app,
      "/api/post-numberdigit-mockdata",
      { uuid: p.uuid, activityid: round, datetime: `${new Date().toISOString()}#${(stamp += 1)}`, numberlist },
      p.token,
    );

  it("reads price as amount when amount is absent; amount wins when both are sent; a malformed price places nothing", async () => {
    const p = await player(1000);
    const round = await makeRound(app.t.db, "malaysia", 600_000);
    const res = await slip(p, round, [
      { award_type: "TwoDigitOn", number: "12", amount: 10 },
      { award_type: "TwoDigitOn", number: "13", price: 20 },
      { award_type: "TwoDigit", number: "14", price: "30" },
      { award_type: "TwoDigit", number: "15", amount: 5, price: 900 },
    ]);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const lines = await rows<{ number: string; amount: string }>(
      `select l.number, l.stake::text as amount from slip_lines l join slips s on s.id = l.slip_id where s.id = $1 order by l.number`,
      [res.body.master_id],
    );
    expect(lines).toEqual([
      { number: "12", amount: "1000" },
      { number: "13", amount: "2000" },
      { number: "14", amount: "3000" },
      { number: "15", amount: "500" },
    ]);
    expect(await creditOf(app.t, p.token)).toBe(935);

    const before = await counts();
    for (const line of [
      { award_type: "TwoDigitOn", number: "12" },
      { award_type: "TwoDigitOn", number: "12", price: "abc" },
      { award_type: "TwoDigitOn", number: "12", price: "1e3" },
      { award_type: "TwoDigitOn", number: "12", price: -5 },
      { award_type: "TwoDigitOn", number: "12", price: "" },
    ]) {
      expectRefused(await slip(p, round, [line]), JSON.stringify(line));
    }
    expect(await counts()).toEqual(before);
    expect(await creditOf(app.t, p.token)).toBe(935);
  });
});

describe("/get-all-awardlist with a Buddhist-era date", () => {
  it("reads dd/mm/yyyy (Buddhist era) as the same day as its ISO date", async () => {
    const p = await player();
    const id = await makeRound(app.t.db, "singapore", -1000);
    const added = await post(app.t.app, "/api/admin/add-award", { activityid: id, close: "3,301.27", change: "+12.05" }, app.admin);
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
    const iso = (await rows<{ d: string }>(`select to_char(draw_date, 'YYYY-MM-DD') as d from rounds where id = $1`, [id]))[0]!.d;
    const [y, m, d] = iso.split("-");
    const thai = `${d}/${m}/${Number(y) + 543}`;
    const byIso = await post(app.t.app, "/get-all-awardlist", { date: iso }, p.token);
    const byThai = await post(app.t.app, "/get-all-awardlist", { date: thai }, p.token);
    expect(byThai.statusCode, JSON.stringify(byThai.body)).toBe(200);
    expect((byThai.body.ArrOtherLotto as Array<{ activityid: number }>).map((a) => a.activityid)).toContain(id);
    expect(byThai.body).toEqual(byIso.body);
  });

  it("takes 16/11/2569 as 2026-11-16 and refuses impossible or Gregorian-year dates in Thai", async () => {
    const p = await player();
    const thai = await post(app.t.app, "/get-all-awardlist", { date: "16/11/2569" }, p.token);
    const iso = await post(app.t.app, "/get-all-awardlist", { date: "2026-11-16" }, p.token);
    expect(thai.statusCode, JSON.stringify(thai.body)).toBe(200);
    expect(thai.body).toEqual(iso.body);
    for (const date of ["31/02/2569", "16/11/2026", "16-11-2569", "16/13/2569", "", "abc"]) {
      expectRefused(await post(app.t.app, "/get-all-awardlist", { date }, p.token), date);
    }
  });
});

describe("registration after /check-otp from another address", () => {
  async function checkOtp(phonenumber: string, remoteAddress: string) {
    const sent = await app.t.app.inject({ method: "POST", url: "/check-phonenumber", payload: { phonenumber }, remoteAddress });
    expect(sent.json().sendotpstatus, sent.body).toBe(true);
    const res = await app.t.app.inject({
      method: "POST",
      url: "/check-otp",
      payload: { phonenumber, otp: app.t.sms.lastCode(phonenumber) },
      remoteAddress,
    });
    expect(res.json().otpstatus, res.body).toBe(true);
    const cookie = res.cookies.find((c) => c.name === "otp_proof");
    return { body: res.json() as { otptoken: string }, cookie };
  }
  const register = (payload: object, remoteAddress: string, cookie?: string) =>
    app.t.app.inject({ method: "POST", url: "/register", payload, remoteAddress, ...(cookie ? { cookies: { otp_proof: cookie } } : {}) });

  it("the browser that checked the code registers from a new address by the cookie /check-otp set; otptoken still works", async () => {
    const data = playerData();
    const { cookie } = await checkOtp(data.phonenumber, "100.64.1.10");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/register" });
    expect(cookie!.maxAge).toBeGreaterThan(0);
    expect(cookie!.maxAge).toBeLessThanOrEqual(30 * 60);
    const res = await register(data, "100.64.7.99", cookie!.value);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "Success" });
    // The verification is used up: the same cookie registers nothing more.
    const again = await register({ ...playerData(), phonenumber: data.phonenumber }, "100.64.7.99", cookie!.value);
    expect(again.statusCode).not.toBe(200);

    // otptoken keeps working, from any address.
    const other = playerData();
    const { body } = await checkOtp(other.phonenumber, "100.64.2.10");
    const byToken = await register({ ...other, otptoken: body.otptoken }, "100.64.8.1");
    expect(byToken.statusCode, byToken.body).toBe(200);
  });

  it("someone else cannot use the verified phone: not from the same address, nor with another phone's cookie", async () => {
    const data = playerData();
    const mine = await checkOtp(data.phonenumber, "100.64.3.10");
    const other = await checkOtp(playerData().phonenumber, "100.64.3.10");
    const before = await counts();
    // Behind the same carrier NAT address, without the cookie or the token.
    const sameAddress = await register({ ...data, username: "natneighbour" }, "100.64.3.10");
    expectRefused({ statusCode: sameAddress.statusCode, body: sameAddress.json() }, "same address");
    // A cookie of another verification (another phone) does not verify this one.
    const wrongCookie = await register({ ...data, username: "othercookie" }, "100.64.3.11", other.cookie!.value);
    expectRefused({ statusCode: wrongCookie.statusCode, body: wrongCookie.json() }, "another phone's cookie");
    expect(await counts()).toEqual(before);
    // The verifier still can.
    expect((await register(data, "100.64.9.9", mine.cookie!.value)).statusCode).toBe(200);
    // Every API file ends with the ledger check: all the money moved above balances.
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });
});
