import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bank, wallet } from "../../src/contract";
import { formatThaiDateTime } from "../../src/domain/thai-date";
import { THAI } from "../support/app";
import { BANK_FEED_SECRET, type SimulatedRecord, simulatedBank } from "../support/bank";
import { call } from "../support/call";
import { useTestApp } from "../support/fixture";
import { createPlayer } from "../support/players";
import { creditOf, ledgerCheck } from "../support/wallet";

// The statement upload of automatic deposits (docs/decisions/045-automatic-deposits.md): the operator saves
// which columns hold what once per receiving account, previews a bank's CSV, and imports it through the same
// intake as the signed feed, so every transfer is stored, and credited, once whichever way it came.
const app = useTestApp({ bankFeedSecret: BANK_FEED_SECRET });
let siteBankId: number;
let otherBankId: number;

// As K-Biz exports it: title lines, a header, date and time in one cell, deposits in their own column.
const LAYOUT = { skipRows: 2, columns: { date: 0, time: null, amount: 3, reference: 6, sender: 5 } };
const HEADER = ["รายการเดินบัญชี,123-4-56789-0", "วันที่ เวลา,รายการ,ถอนเงิน,ฝากเงิน,ยอดคงเหลือ,รายละเอียด,เลขที่อ้างอิง"];
type Row = { at: Date; amount: string; sender?: string; ref?: string; out?: boolean };
const statement = (rows: Row[]) =>
  "\uFEFF" +
  [
    ...HEADER,
    ...rows.map((r) =>
      [
        formatThaiDateTime(r.at),
        r.out ? "โอนออก" : "รับโอน",
        r.out ? r.amount : "",
        r.out ? "" : `"${r.amount}"`,
        "",
        r.sender ?? "",
        r.ref ?? "",
      ].join(","),
    ),
  ].join("\r\n") +
  "\r\n";

async function feed(records: SimulatedRecord[]) {
  const res = await simulatedBank(app.t.app, "1234567890").send(records);
  expect(res.statusCode).toBe(200);
  return res.body as { records: Array<{ id: number; duplicate: boolean }> };
}
const records = async () => Number((await app.t.owner.$client.query("select count(*)::int as n from bank_records")).rows[0].n);
const importing = (csv: string, id = siteBankId) => call(app.t.app, bank.adminImportStatement, { site_bank_id: id, csv }, app.admin);
const previewing = (csv: string, id = siteBankId) => call(app.t.app, bank.adminPreviewStatement, { site_bank_id: id, csv }, app.admin);
// A distinct minute per test, so no two tests' rows share a dedupe key by accident.
let minute = 0;
const at = () => new Date(Date.now() - 60 * 60_000 + ++minute * 60_000);

beforeAll(async () => {
  await app.t.owner.$client.query("update site_bank_accounts set active = false");
  const saved = await call(
    app.t.app,
    wallet.adminSaveMyBank,
    { bankname: "kbank", bankno: "123-4-56789-0", bankaccounts: "บริษัท หวยดี จำกัด" },
    app.admin,
  );
  expect(saved.statusCode).toBe(200);
  const banks = await call(app.t.app, wallet.adminGetMyBank, {}, app.admin);
  if (!banks.ok) throw new Error("admin-get-mybank");
  siteBankId = banks.body.bankArr.find((b) => b.bankno === "1234567890")!.id;
  const other = await app.t.owner.$client.query(
    "insert into site_bank_accounts (bank_code, bank_no, account_name, active) values ('scb', '5556667778', 'บัญชีสำรอง', false) returning id",
  );
  otherBankId = Number(other.rows[0].id);
  const format = await call(app.t.app, bank.adminSaveStatementFormat, { site_bank_id: siteBankId, ...LAYOUT }, app.admin);
  expect(format.statusCode).toBe(200);
});
beforeEach(async () => {
  await app.t.owner.$client.query(`delete from rate_limits where key like '%/api/gent-amount %'`);
});

describe("statement formats", () => {
  it("are saved per receiving account, audited, and listed", async () => {
    const layout = { skipRows: 1, columns: { date: 0, time: 1, amount: 4, reference: 2, sender: null } };
    const saved = await call(app.t.app, bank.adminSaveStatementFormat, { site_bank_id: otherBankId, ...layout }, app.admin);
    expect(saved.ok && saved.body.formats).toEqual([
      { site_bank_id: siteBankId, ...LAYOUT },
      { site_bank_id: otherBankId, ...layout },
    ]);
    const listed = await call(app.t.app, bank.adminStatementFormats, {}, app.admin);
    expect(listed.ok && listed.body.formats).toEqual(saved.ok && saved.body.formats);
    const audit = await app.t.owner.$client.query("select after from audit_log where action = 'bank.statement-format' and target = $1", [
      `site_bank:${otherBankId}`,
    ]);
    expect(audit.rows.map((r) => r.after)).toEqual([{ site_bank_id: otherBankId, ...layout }]);
    await app.t.owner.$client.query(
      "update site_config set value = (select jsonb_agg(f) from jsonb_array_elements(value) f where (f->>'site_bank_id')::int <> $1) where key = 'statement-formats'",
      [otherBankId],
    );
  });

  it("need an existing account and sane columns; a refusal writes nothing", async () => {
    const before = await app.t.owner.$client.query("select value from site_config where key = 'statement-formats'");
    const missing = await call(app.t.app, bank.adminSaveStatementFormat, { site_bank_id: 999_999, ...LAYOUT }, app.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.status).not.toBe("Success");
    expect(!missing.ok && missing.body.message).toMatch(THAI);
    const bad = await call(
      app.t.app,
      bank.adminSaveStatementFormat,
      { site_bank_id: siteBankId, skipRows: -1, columns: { ...LAYOUT.columns } },
      app.admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(!bad.ok && bad.body.message).toMatch(THAI);
    const after = await app.t.owner.$client.query("select value from site_config where key = 'statement-formats'");
    expect(after.rows).toEqual(before.rows);
  });

  it("are for operators only", async () => {
    const p = await createPlayer(app.t);
    expect((await call(app.t.app, bank.adminStatementFormats, {}, p.token)).statusCode).toBe(403);
    expect((await call(app.t.app, bank.adminImportStatement, { site_bank_id: siteBankId, csv: "x" }, p.token)).statusCode).toBe(403);
  });
});

describe("previewing a statement", () => {
  it("shows each money-in row as it would be imported, marks the ones already stored, and writes nothing", async () => {
    const first = at();
    const second = at();
    const csv = statement([
      { at: first, amount: "1,000.47", sender: "โอนเข้าจาก X1234 นาย สมชาย", ref: "PV1" },
      { at: second, amount: "250.00", out: true },
      { at: second, amount: "300.5" },
      { at: second, amount: "abc" },
    ]);
    const imported = await importing(statement([{ at: first, amount: "1,000.47", ref: "PV1" }]));
    expect(imported.ok && imported.body.imported).toBe(1);
    const count = await records();
    const audits = Number((await app.t.owner.$client.query("select count(*)::int as n from audit_log")).rows[0].n);

    const preview = await previewing(csv);
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.body.rows).toEqual([
      {
        line: 3,
        record: {
          bank_ref: "PV1",
          amount: 1000.47,
          time: new Date(Math.floor(first.getTime() / 1000) * 1000).toISOString(),
          date_time: formatThaiDateTime(first),
          from_account: "X1234",
        },
        error: null,
        duplicate: true,
      },
      {
        line: 5,
        record: {
          bank_ref: null,
          amount: 300.5,
          time: new Date(Math.floor(second.getTime() / 1000) * 1000).toISOString(),
          date_time: formatThaiDateTime(second),
          from_account: null,
        },
        error: null,
        duplicate: false,
      },
      { line: 6, record: null, error: expect.stringMatching(/^บรรทัดที่ 6: ยอดเงิน "abc"/), duplicate: false },
    ]);
    expect(await records()).toBe(count);
    expect(Number((await app.t.owner.$client.query("select count(*)::int as n from audit_log")).rows[0].n)).toBe(audits);
  });

  it("without a saved format for the account is a Thai 409", async () => {
    const res = await previewing(statement([{ at: at(), amount: "100.00" }]), otherBankId);
    expect(res.statusCode).toBe(409);
    expect(!res.ok && res.body.message).toMatch(THAI);
    expect((await importing(statement([{ at: at(), amount: "100.00" }]), otherBankId)).statusCode).toBe(409);
  });
});

describe("importing a statement", () => {
  it("stores each record once however often the file is imported", async () => {
    const csv = statement([
      { at: at(), amount: "1,500.25", ref: "IM1" },
      { at: at(), amount: "99.99", sender: "จาก SCB X9876 นาง สมหญิง" },
      { at: at(), amount: "5,000.00", out: true },
      { at: at(), amount: "42.00", ref: "IM3" },
    ]);
    const before = await records();
    const once = await importing(csv);
    expect(once.ok && once.body).toEqual({ status: "Success", imported: 3, duplicates: 0, matched: 0, waiting: 3, errors: 0 });
    const twice = await importing(csv);
    expect(twice.ok && twice.body).toEqual({ status: "Success", imported: 0, duplicates: 3, matched: 0, waiting: 0, errors: 0 });
    expect(await records()).toBe(before + 3);
    const stored = await app.t.owner.$client.query(
      "select channel, bank_ref, amount::int, from_account from bank_records where site_bank_id = $1 and amount in (150025, 9999, 4200) order by amount",
      [siteBankId],
    );
    expect(stored.rows).toEqual([
      { channel: "statement", bank_ref: "IM3", amount: 4200, from_account: null },
      { channel: "statement", bank_ref: null, amount: 9999, from_account: "X9876" },
      { channel: "statement", bank_ref: "IM1", amount: 150025, from_account: null },
    ]);
    const audit = await app.t.owner.$client.query(
      "select after from audit_log where action = 'bank.import-statement' order by id desc limit 2",
    );
    expect(audit.rows.map((r) => [r.after.imported, r.after.duplicates])).toEqual([
      [0, 3],
      [3, 0],
    ]);
  });

  it("stores a record once when the feed brought it first, with or without the bank's reference", async () => {
    const withRef = at();
    const withoutRef = new Date(Math.floor(at().getTime() / 1000) * 1000);
    const fed = await feed([
      { bank_ref: "FD1", account: "123-4-56789-0", amount: 777.77, time: withRef.toISOString() },
      { account: "1234567890", amount: 888.88, time: withoutRef.toISOString(), from_account: "X4321" },
    ]);
    expect(fed.records.map((r) => r.duplicate)).toEqual([false, false]);
    const before = await records();
    const csv = statement([
      { at: withRef, amount: "777.77", ref: "FD1" },
      { at: withoutRef, amount: "888.88", sender: "โอนเข้าจาก X4321 นาย ก" },
    ]);
    const preview = await previewing(csv);
    expect(preview.ok && preview.body.rows.map((r) => r.duplicate)).toEqual([true, true]);
    const res = await importing(csv);
    expect(res.ok && res.body).toMatchObject({ imported: 0, duplicates: 2 });
    expect(await records()).toBe(before);
    const stored = await app.t.owner.$client.query("select channel from bank_records where amount in (77777, 88888) order by amount");
    expect(stored.rows).toEqual([{ channel: "feed" }, { channel: "feed" }]);
  });

  it("refuses a malformed file with a Thai 400 and writes nothing", async () => {
    const before = await records();
    const broken = statement([{ at: at(), amount: "700.00", ref: "BAD1" }]).replace('"700.00"', '"700.00');
    const res = await importing(broken);
    expect(res.statusCode).toBe(400);
    expect(!res.ok && res.body.message).toMatch(/^อ่านไฟล์ CSV ไม่ได้: บรรทัดที่ 3/);
    // Every row unreadable: the saved columns do not fit this file.
    const unreadable = await importing(HEADER.join("\n") + "\nไม่ใช่วันที่,,,100.00,,,\n31/02/2569 10:00,,,200.00,,,\n");
    expect(unreadable.statusCode).toBe(400);
    expect(!unreadable.ok && unreadable.body.message).toMatch(THAI);
    expect(await records()).toBe(before);
    const preview = await previewing(broken);
    expect(preview.statusCode).toBe(400);
  });

  it("credits an open request it matches, once", async () => {
    const p = await createPlayer(app.t);
    const asked = await call(app.t.app, wallet.gentAmount, { amount: 500 }, p.token);
    if (!asked.ok) throw new Error(JSON.stringify(asked.body));
    expect(asked.body.bank?.id).toBe(siteBankId);
    const credit = await creditOf(app.t, p.token);
    const csv = statement([{ at: new Date(), amount: asked.body.amount.toFixed(2) }]);

    const first = await importing(csv);
    expect(first.ok && first.body).toMatchObject({ imported: 1, matched: 1, waiting: 0 });
    expect(await creditOf(app.t, p.token)).toBeCloseTo(credit + asked.body.amount, 2);
    const again = await importing(csv);
    expect(again.ok && again.body).toMatchObject({ imported: 0, duplicates: 1, matched: 0 });
    expect(await creditOf(app.t, p.token)).toBeCloseTo(credit + asked.body.amount, 2);

    const seen = await call(app.t.app, wallet.readOpenDepositRequest, {}, p.token);
    expect(seen.ok && seen.body.lastCredited).toMatchObject({ transection: asked.body.transection, amount: asked.body.amount });
    const linked = await app.t.owner.$client.query(
      "select b.matched_by, b.channel from bank_records b join pay_records r on r.id = b.pay_record_id where r.transection = $1",
      [asked.body.transection],
    );
    expect(linked.rows).toEqual([{ matched_by: "system", channel: "statement" }]);
    expect((await ledgerCheck(app.t, app.admin)).ok).toBe(true);
  });
});
