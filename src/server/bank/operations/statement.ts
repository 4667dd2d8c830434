import { z } from "zod";
import { StatementFormat } from "../../../contract/bank";
import { dedupeKey } from "../../../domain/bank-match";
import { parseStatement, type StatementLine, type StatementRecord } from "../../../domain/bank-statement";
import { writeAudit } from "../../admin/audit";
import type { Db, Executor } from "../../db/client";
import { writeSiteConfig } from "../../db/site-config";
import { badRequest, conflict, notFound } from "../../http/errors";
import { type BankRecordIntake, intakeRecords } from "../intake";
import { lockStatementFormats, siteBankExists, siteConfigValue, storedKeys } from "./repository";

// A statement exported from internet banking, for receiving accounts whose bank has no feed: the operator
// saves once per account which columns hold what, previews a file, then imports it through the same intake
// as the feed, so a record is stored once whichever way it came (docs/decisions/045-automatic-deposits.md).

const FORMATS_KEY = "statement-formats";
const Formats = z.array(StatementFormat);

/** The saved formats, by account; a value that no longer parses reads as none (the operator saves again). */
export async function readStatementFormats(db: Executor): Promise<StatementFormat[]> {
  // Not readSiteConfig: it merges an object setting with its defaults, and this one is an array.
  const parsed = Formats.safeParse(await siteConfigValue(db, FORMATS_KEY));
  return parsed.success ? parsed.data.sort((a, b) => a.site_bank_id - b.site_bank_id) : [];
}

/** One row of a statement as it would be imported: its record, or why it cannot be read; `duplicate` when already stored. */
export interface PreviewedLine {
  line: number;
  record: StatementRecord | null;
  error: string | null;
  duplicate: boolean;
}

export interface ImportOutcome {
  imported: number;
  duplicates: number;
  matched: number;
  waiting: number;
  errors: number;
}

const intakeOf = (siteBankId: number, r: StatementRecord): BankRecordIntake => ({
  siteBankId,
  bankRef: r.bankRef,
  amount: r.amount,
  time: r.time,
  fromBank: null,
  fromAccount: r.fromAccount,
  fromName: r.fromName,
});

export function statementService(db: Db) {
  /** The account's rows as its saved format reads them; a file that cannot be read at all is a 400. */
  async function read(siteBankId: number, csv: string): Promise<StatementLine[]> {
    if (!(await siteBankExists(db, siteBankId))) throw notFound("ไม่พบบัญชีรับเงินนี้");
    const format = (await readStatementFormats(db)).find((f) => f.site_bank_id === siteBankId);
    if (!format) throw conflict("ยังไม่ได้ตั้งรูปแบบไฟล์ statement ของบัญชีนี้ กรุณาเลือกคอลัมน์วันที่ เวลา ยอดเงิน ก่อน");
    const reading = parseStatement(csv, format);
    if (!reading.ok) throw badRequest(reading.error);
    return reading.rows;
  }

  return {
    formats: () => readStatementFormats(db),

    async saveFormat(admin: { uuid: string }, format: StatementFormat): Promise<StatementFormat[]> {
      return db.transaction(async (tx) => {
        if (!(await siteBankExists(tx, format.site_bank_id))) throw notFound("ไม่พบบัญชีรับเงินนี้");
        // Two operators saving at once: each save reads the list the other wrote.
        await lockStatementFormats(tx);
        const before = await readStatementFormats(tx);
        const after = [...before.filter((f) => f.site_bank_id !== format.site_bank_id), format].sort(
          (a, b) => a.site_bank_id - b.site_bank_id,
        );
        await writeSiteConfig(tx, FORMATS_KEY, after);
        await writeAudit(tx, {
          actorId: admin.uuid,
          action: "bank.statement-format",
          target: `site_bank:${format.site_bank_id}`,
          before: before.find((f) => f.site_bank_id === format.site_bank_id) ?? null,
          after: format,
        });
        return after;
      });
    },

    /** What an import would do, writing nothing: a row repeating one stored (or an earlier row of the file) is a duplicate. */
    async preview(siteBankId: number, csv: string): Promise<PreviewedLine[]> {
      const rows = await read(siteBankId, csv);
      const keyOf = (r: StatementRecord) => dedupeKey(intakeOf(siteBankId, r));
      const stored = await storedKeys(
        db,
        siteBankId,
        rows.flatMap((r) => (r.record ? [keyOf(r.record)] : [])),
      );
      const seen = new Set<string>();
      return rows.map((r) => {
        if (!r.record) return { ...r, duplicate: false };
        const key = keyOf(r.record);
        const duplicate = stored.has(key) || seen.has(key);
        seen.add(key);
        return { ...r, duplicate };
      });
    },

    /**
     * Stores the readable rows through the feed's intake (each once, matched as a feed record is) and counts the
     * rest; a file with unreadable rows and none readable is refused whole, since its saved format is likely wrong.
     */
    async import(admin: { uuid: string }, siteBankId: number, csv: string): Promise<ImportOutcome> {
      const rows = await read(siteBankId, csv);
      const records = rows.flatMap((r) => (r.record ? [intakeOf(siteBankId, r.record)] : []));
      const errors = rows.length - records.length;
      if (records.length === 0 && errors > 0) {
        throw badRequest(`ไม่มีรายการที่อ่านได้ในไฟล์ กรุณาตรวจรูปแบบคอลัมน์: ${rows[0]!.error}`);
      }
      const stored = records.length > 0 ? await intakeRecords(db, records, "statement") : [];
      const fresh = stored.filter((s) => !s.duplicate);
      const outcome: ImportOutcome = {
        imported: fresh.length,
        duplicates: stored.length - fresh.length,
        matched: fresh.filter((s) => s.state === "matched").length,
        waiting: fresh.filter((s) => s.state === "waiting").length,
        errors,
      };
      await writeAudit(db, {
        actorId: admin.uuid,
        action: "bank.import-statement",
        target: `site_bank:${siteBankId}`,
        after: { ...outcome, records: fresh.map((s) => s.id) },
      });
      return outcome;
    },
  };
}
