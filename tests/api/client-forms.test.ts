import { beforeAll, describe, expect, it } from "vitest";
import { auth, wallet } from "../../src/contract";
import { THAI } from "../support/app";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer } from "../support/players";
import { fund } from "../support/wallet";

// What a client written for the original site may send. Its bank picker maps codes to Thai names
// and back (spec §3), so a bank may arrive by its Thai name; its transfer time is "YYYY-MM-DD HH:mm", in
// Bangkok time, with or without seconds.

const app = useTestApp();

/** Bangkok's wall clock `minutesAgo` minutes ago as "YYYY-MM-DD HH:mm:ss", and the instant it names. */
function bangkokClock(minutesAgo: number): { text: string; instant: Date } {
  const instant = new Date(Math.floor((Date.now() - minutesAgo * 60_000) / 1000) * 1000);
  const text = new Date(instant.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
  return { text, instant };
}

async function depositWith(paytime: string, bankname: string) {
  const player = await createPlayer(app.t);
  const amount = await call(app.t.app, wallet.gentAmount, { amount: 500 }, player.token);
  if (!amount.ok) throw new Error(JSON.stringify(amount.body));
  const count = async () => (await app.t.owner.$client.query("select count(*)::int as n from pay_records")).rows[0].n as number;
  const before = await count();
  const report = await call(
    app.t.app,
    wallet.addPaynow,
    { amount: amount.body.amount, paytime, comment: "", bankname, transection: amount.body.transection },
    player.token,
  );
  const history = await call(app.t.app, wallet.readPayRecordByUuid, { uuid: player.uuid, dayperiod: 1 }, player.token);
  return { report, written: (await count()) - before, records: history.ok ? history.body.arrPayRecordByUserAllStatus : [] };
}

describe("a bank named by its Thai name", () => {
  it("registers, withdraws and sets a receiving account with the Thai name as with the code", async () => {
    const player = await createPlayer(app.t, { bankname: "ธนาคารไทยพาณิชย์" });
    const info = await call(app.t.app, auth.getBankInfo, { username: player.username }, player.token);
    expect(info.ok && info.body.bankname).toBe("scb");

    await fund(app.t, app.admin, player.uuid, 1000);
    for (const bankname of ["ไทยพาณิชย์", "SCB"]) {
      const withdrawal = await call(
        app.t.app,
        wallet.addWithdrawal,
        { uuid: player.uuid, amount: "100", note: "", bankname },
        player.token,
        {
          headers: { "idempotency-key": `thai-bank-${bankname.length}` },
        },
      );
      expect(withdrawal.statusCode, JSON.stringify(withdrawal.body)).toBe(200);
    }
    const list = await call(app.t.app, wallet.readWithdrawalList, { uuid: player.uuid, dayperiod: 1 }, player.token);
    expect(list.ok && list.body.withdrawallist.map((w) => w.bankname)).toEqual(["scb", "scb"]);

    const saved = await call(
      app.t.app,
      wallet.adminSaveMyBank,
      { bankname: "ธนาคาร กรุงเทพ", bankno: "222-3-44444-5", bankaccounts: "บริษัท หวยดี จำกัด" },
      app.admin,
    );
    expect(saved.ok && saved.body.bankArr.map((b) => b.bankname)).toContain("bbl");
  });

  it("refuses a name that is no bank of the list, in Thai, and registers nobody", async () => {
    const res = await app.t.app.inject({
      method: "POST",
      url: "/register",
      payload: {
        username: "nobank01",
        password: "secret-pass-1",
        phonenumber: "0811110000",
        bankaccounts: "สมชาย ใจดี",
        bankno: "9999999999",
        bankname: "ธนาคารซิตี้",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("กรุณาเลือกธนาคารจากรายการ");
    const users = await app.t.owner.$client.query("select 1 from users where username = 'nobank01'");
    expect(users.rowCount).toBe(0);
  });
});

describe("a transfer time in the original client's forms", () => {
  beforeAll(async () => {
    // Deposit amounts are handed out only with a receiving account to show.
    const saved = await call(
      app.t.app,
      wallet.adminSaveMyBank,
      { bankname: "ktb", bankno: "333-4-55555-6", bankaccounts: "บริษัท หวยดี จำกัด" },
      app.admin,
    );
    if (!saved.ok) throw new Error(JSON.stringify(saved.body));
  });

  it("takes YYYY-MM-DD HH:mm and YYYY-MM-DD HH:mm:ss as Bangkok time, and an ISO time with its offset", async () => {
    const clock = bangkokClock(10);
    const cases: Array<[string, Date]> = [
      [clock.text.slice(0, 16), new Date(Math.floor(clock.instant.getTime() / 60_000) * 60_000)],
      [clock.text, clock.instant],
      [`${clock.text.replace(" ", "T")}+07:00`, clock.instant],
      [clock.instant.toISOString(), clock.instant],
    ];
    for (const [paytime, instant] of cases) {
      const { report, records } = await depositWith(paytime, "ธนาคารกสิกรไทย");
      expect(report.statusCode, `${paytime}: ${JSON.stringify(report.body)}`).toBe(200);
      expect(records.map((r) => [r.paytime, r.bankname])).toEqual([[instant.toISOString(), "kbank"]]);
    }
  });

  it("refuses other forms with a Thai message and writes no report", async () => {
    for (const paytime of ["23/11/2569 10:05", "2026-02-30 10:00", "10:05", "2026-11-23 25:00"]) {
      const { report, written } = await depositWith(paytime, "kbank");
      expect(report.statusCode, paytime).toBe(400);
      expect(report.ok || report.body.message).toMatch(THAI);
      expect(written).toBe(0);
    }
  });
});
