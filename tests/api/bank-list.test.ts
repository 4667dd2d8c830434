import { describe, expect, it } from "vitest";
import { site } from "../../src/contract";
import { BANK_CODES } from "../../src/domain/banks";
import { THAI } from "../support/app";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer, playerData, post, verifyPhone } from "../support/players";
import { fund } from "../support/wallet";

const app = useTestApp();

const auditRows = async () =>
  (await app.t.owner.$client.query("select before, after from audit_log where action = 'site.banks' order by id")).rows as {
    before: { enabled: string[] };
    after: { enabled: string[] };
  }[];

describe("the banks players may choose (docs/decisions/052)", () => {
  it("a new site offers the specification's nine; the operator turns CIMB and TrueMoney on, audited", async () => {
    const first = await call(app.t.app, site.readBankList, undefined);
    expect(first.ok && first.body.enabled).toEqual(["kbank", "ktb", "krungsri", "scb", "uob", "ttb", "bbl", "baac", "gsb"]);

    const saved = await call(app.t.app, site.adminSetBankList, { enabled: ["truemoney", "kbank", "cimb", "scb"] }, app.admin);
    expect(saved.ok && saved.body.enabled).toEqual(["kbank", "scb", "cimb", "truemoney"]);
    const read = await call(app.t.app, site.readBankList, undefined);
    expect(read.ok && read.body.enabled).toEqual(["kbank", "scb", "cimb", "truemoney"]);
    const audit = await auditRows();
    expect(audit.at(-1)).toEqual({
      before: { enabled: ["kbank", "ktb", "krungsri", "scb", "uob", "ttb", "bbl", "baac", "gsb"] },
      after: { enabled: ["kbank", "scb", "cimb", "truemoney"] },
    });
  });

  it("registers a player with a CIMB account (by code or Thai name) who then withdraws to it", async () => {
    await call(app.t.app, site.adminSetBankList, { enabled: [...BANK_CODES] }, app.admin);
    const p = await createPlayer(app.t, { bankname: "cimb" });
    const byName = await createPlayer(app.t, { bankname: "ธนาคารซีไอเอ็มบี ไทย" });
    const wallet = await createPlayer(app.t, { bankname: "truemoney", bankno: "0812345678" });
    for (const [player, code] of [
      [p, "cimb"],
      [byName, "cimb"],
      [wallet, "truemoney"],
    ] as const) {
      const bank = await post(app.t.app, "/api/get-bankinfo", { username: player.username }, player.token);
      expect(bank.body.bankname, JSON.stringify(bank.body)).toBe(code);
    }
    await fund(app.t, app.admin, p.uuid, 500);
    const w = await post(app.t.app, "/api/add-withdrawal", { uuid: p.uuid, amount: "200", note: "", bankname: "cimb" }, p.token);
    expect(w.statusCode, JSON.stringify(w.body)).toBe(200);
    const queue = await post(app.t.app, "/api/admin/list-withdrawal", {}, app.admin);
    const row = (queue.body.withdrawallist as { bankname: string; bankno: string }[]).find((r) => r.bankno === p.bankno);
    expect(row?.bankname).toBe("cimb");
  });

  it("refuses a registration with a bank the operator has not turned on, writing nothing", async () => {
    await call(app.t.app, site.adminSetBankList, { enabled: ["kbank", "scb"] }, app.admin);
    const data = playerData({ bankname: "lhb" });
    const otptoken = await verifyPhone(app.t, data.phonenumber);
    const users = async () => Number((await app.t.owner.$client.query("select count(*) from users")).rows[0].count);
    const before = await users();
    const refused = await post(app.t.app, "/register", { ...data, otptoken });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toMatch(THAI);
    expect(await users()).toBe(before);
    // Turned on, the same registration goes through.
    await call(app.t.app, site.adminSetBankList, { enabled: ["kbank", "scb", "lhb"] }, app.admin);
    expect((await post(app.t.app, "/register", { ...data, otptoken })).statusCode).toBe(200);
  });

  it("only the operator may choose, and a bad list is refused in Thai without a change", async () => {
    const player = await createPlayer(app.t);
    const audits = (await auditRows()).length;
    expect((await post(app.t.app, "/api/admin/set-bank-list", { enabled: ["kbank"] }, player.token)).statusCode).toBe(403);
    expect((await post(app.t.app, "/api/admin/set-bank-list", { enabled: ["kbank"] })).statusCode).toBe(401);
    for (const enabled of [[], ["citibank"], ["kbank", "kbank"], "kbank", null]) {
      const res = await post(app.t.app, "/api/admin/set-bank-list", { enabled }, app.admin);
      expect(res.statusCode, JSON.stringify(enabled)).toBe(400);
      expect(res.body.message).toMatch(THAI);
    }
    expect((await auditRows()).length).toBe(audits);
  });
});
