import { z } from "zod";
import { ResultStatus, Uuid, WholeNumber } from "./common";
import { route } from "./route";
import { schema } from "./schema";
import { Baht, DayPeriod } from "./wallet";

// Automatic deposits (ฝากออโต้): the bank's own records of incoming transfers, matched to the players'
// deposit requests by their unique amount (docs/decisions/045-automatic-deposits.md).

const RecordId = schema(() => WholeNumber("รหัสรายการโอนไม่ถูกต้อง"));
const SiteBankId = schema(() => WholeNumber("รหัสบัญชีรับเงินไม่ถูกต้อง"));
const Transection = schema(() => z.string({ error: "ไม่พบเลขอ้างอิงรายการขอฝาก" }).regex(/^DP[0-9A-Z]{10,30}$/, "เลขอ้างอิงรายการขอฝากไม่ถูกต้อง"));
const Reason = schema(() => z.string({ error: "กรุณาระบุเหตุผล" }).trim().min(3, "กรุณาระบุเหตุผลอย่างน้อย 3 ตัวอักษร").max(500, "เหตุผลยาวเกินไป"));

/** One incoming transfer as a relay (SMS forwarder, bank API, e-mail parser) or a statement reports it. */
export const BankRecordInput = schema(() =>
  z.object({
    /** The bank's own reference of the transfer; absent when the bank gives none. */
    bank_ref: z.string().trim().min(1, "bank_ref ว่าง / bank_ref is empty").max(100, "bank_ref ยาวเกินไป / bank_ref too long").optional(),
    /** The site's receiving account it arrived in (its account number; dashes and spaces ignored). */
    account: z
      .string({ error: "ไม่พบเลขบัญชีรับเงิน / account is required" })
      .transform((s) => s.replace(/[\s-]/g, ""))
      .pipe(z.string().regex(/^\d{10,15}$/, "เลขบัญชีรับเงินต้องเป็นตัวเลข 10-15 หลัก / account must be 10-15 digits")),
    /** Baht with satang, e.g. 500.37. */
    amount: Baht,
    /** When the bank says the transfer arrived: ISO 8601 with its offset, e.g. 2026-11-28T14:03:00+07:00. */
    time: z.iso.datetime({ offset: true, error: "เวลาต้องเป็น ISO 8601 พร้อมเขตเวลา / time must be ISO 8601 with an offset" }),
    /** The sender's bank code as the spec's bank list names it, when the bank shows it. */
    from_bank: z.string().trim().max(20, "from_bank ยาวเกินไป / from_bank too long").optional(),
    /** The sender's account as the bank shows it: usually masked, e.g. "xxx-x-x1234-x" or "X1234". */
    from_account: z
      .string()
      .trim()
      .regex(/^[0-9xX*\-\s]{1,30}$/, "from_account ต้องเป็นตัวเลขหรือ x / from_account must be digits or x")
      .optional(),
    from_name: z.string().trim().max(100, "from_name ยาวเกินไป / from_name too long").optional(),
  }),
);
export type BankRecordInput = z.infer<typeof BankRecordInput>;

/** matched: credited to a player's request (by the system or an operator); waiting: in the operator's queue; returned: to be sent back. */
export const BankRecordState = schema(() => z.enum(["matched", "waiting", "returned"]));
export type BankRecordState = z.infer<typeof BankRecordState>;

/** Why a record waits for the operator instead of crediting by itself. */
export const BankWaitReason = schema(() =>
  z.enum([
    /** No live request has this exact amount. */
    "no_request",
    /** More than one request could be it (e.g. the same amount in two receiving accounts). */
    "several_requests",
    /** The sender's digits do not fit the player's registered account. */
    "sender_mismatch",
    /** The request with this amount is expired, cancelled or already credited. */
    "request_not_open",
    /** It arrived outside the request's validity, beyond the clock tolerance. */
    "outside_window",
    /** The request arrived in another receiving account than the one the request named. */
    "wrong_account",
    /** Automatic approval is turned off: a match waits for one click. */
    "auto_off",
    /** Larger than the operator's upper amount for automatic approval. */
    "over_auto_max",
  ]),
);
export type BankWaitReason = z.infer<typeof BankWaitReason>;

/** A deposit request that could be the record's, as the queue shows it. */
export const BankCandidate = schema(() =>
  z.object({
    transection: z.string(),
    uuid: Uuid,
    username: z.string(),
    amount: z.number(),
    request_state: z.enum(["open", "used", "closed", "expired", "cancelled"]),
    created_at: z.string(),
    expires_at: z.string(),
    /** null when the bank showed no sender digits. */
    sender_fits: z.boolean().nullable(),
    in_window: z.boolean(),
    same_account: z.boolean(),
  }),
);
export type BankCandidate = z.infer<typeof BankCandidate>;

export const BankRecord = schema(() =>
  z.object({
    id: z.number().int(),
    channel: z.enum(["feed", "statement"]),
    site_bank_id: z.number().int(),
    /** The receiving account's number. */
    account: z.string(),
    bank_ref: z.string().nullable(),
    amount: z.number(),
    /** ISO time of the transfer as the bank gave it. */
    time: z.string(),
    /** The same, dd/mm/yyyy hh:mm:ss, Buddhist era, Bangkok time. */
    date_time: z.string(),
    from_bank: z.string().nullable(),
    from_account: z.string().nullable(),
    from_name: z.string().nullable(),
    received_at: z.string(),
    state: BankRecordState,
    reason: BankWaitReason.nullable(),
    matched: z
      .object({
        transection: z.string(),
        uuid: Uuid,
        username: z.string(),
        paynow_id: z.number().int(),
        by: z.enum(["system", "operator"]),
        at: z.string(),
      })
      .nullable(),
    returned: z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable(),
    candidates: z.array(BankCandidate),
  }),
);
export type BankRecord = z.infer<typeof BankRecord>;

export const bankFeed = route({
  method: "POST",
  path: "/api/admin/bank-feed",
  access: "public",
  summary: "รับรายการเงินเข้าจากธนาคาร (ลงลายมือชื่อ HMAC-SHA256 ด้วย BANK_FEED_SECRET ใน X-Feed-Timestamp / X-Feed-Signature)",
  body: () =>
    z.object({
      records: z
        .array(BankRecordInput, { error: "records ต้องเป็นรายการ / records must be an array" })
        .min(1, "ไม่มีรายการ / no records")
        .max(500, "ส่งได้ครั้งละไม่เกิน 500 รายการ / at most 500 records per batch"),
    }),
  response: () =>
    z.object({
      status: ResultStatus,
      message: z.string(),
      /** In the order sent: the stored record (a repeat names the one stored the first time). */
      records: z.array(z.object({ id: z.number().int(), state: BankRecordState, duplicate: z.boolean() })),
    }),
});

export const adminBankRecords = route({
  method: "POST",
  path: "/api/admin/bank-records",
  access: "admin",
  summary: "รายการโอนเข้าจากธนาคาร: ที่ยังไม่จับคู่ (พร้อมรายการขอฝากที่อาจตรงกัน) จับคู่แล้ว หรือรอคืนเงิน",
  body: () =>
    z.object({
      state: z.enum(["waiting", "matched", "returned", "all"], { error: "สถานะไม่ถูกต้อง" }).optional().default("waiting"),
      days: DayPeriod.optional().default(7),
    }),
  response: () => z.object({ status: ResultStatus, records: z.array(BankRecord) }),
});

export const adminMatchBankRecord = route({
  method: "POST",
  path: "/api/admin/match-bank-record",
  access: "admin",
  summary: "จับคู่รายการโอนกับรายการขอฝากของผู้เล่น แล้วเติมเครดิต (ครั้งเดียว)",
  body: () => z.object({ id: RecordId, transection: Transection, reason: Reason }),
  response: () => z.object({ status: ResultStatus, record: BankRecord }),
});

export const adminReturnBankRecord = route({
  method: "POST",
  path: "/api/admin/return-bank-record",
  access: "admin",
  summary: "ทำเครื่องหมายรายการโอนที่ไม่ใช่ของผู้เล่นคนใด ให้คืนเงินผู้โอน",
  body: () => z.object({ id: RecordId, reason: Reason }),
  response: () => z.object({ status: ResultStatus, record: BankRecord }),
});

export const BankSettings = schema(() =>
  z.object({
    /** Off: every match waits for one click in the queue. */
    autoApprove: z.boolean({ error: "กรุณาเลือกเปิดหรือปิดการอนุมัติอัตโนมัติ" }),
    /** Larger transfers wait for the operator (baht). */
    autoMax: Baht,
    /** How far a bank's clock may be off the site's, either way, in minutes. */
    clockToleranceMinutes: z
      .number({ error: "กรุณากรอกจำนวนนาที" })
      .int("จำนวนนาทีต้องเป็นจำนวนเต็ม")
      .min(0, "จำนวนนาทีต้องไม่ติดลบ")
      .max(120, "เผื่อเวลาได้ไม่เกิน 120 นาที"),
  }),
);
export type BankSettings = z.infer<typeof BankSettings>;

export const adminBankSettings = route({
  method: "POST",
  path: "/api/admin/bank-settings",
  access: "admin",
  summary: "ตั้งค่าฝากออโต้: เปิด/ปิดการอนุมัติอัตโนมัติ ยอดสูงสุด และเวลาที่เผื่อให้นาฬิกาธนาคาร",
  body: () => z.object({}).nullish(),
  response: () => z.object({ status: ResultStatus, settings: BankSettings }),
});

export const adminUpdateBankSettings = route({
  method: "POST",
  path: "/api/admin/update-bank-settings",
  access: "admin",
  summary: "บันทึกการตั้งค่าฝากออโต้",
  body: () => BankSettings,
  response: () => z.object({ status: ResultStatus, settings: BankSettings }),
});

/** Today's automatic deposits, for the dashboard (the same figures as /metrics). */
export const BankStats = schema(() =>
  z.object({
    received: z.number().int(),
    matchedAuto: z.number().int(),
    matchedByOperator: z.number().int(),
    waiting: z.number().int(),
    returned: z.number().int(),
    /** Seconds from the transfer's time to the credit, over today's automatic matches; null with none. */
    creditSecondsP50: z.number().nullable(),
    creditSecondsP95: z.number().nullable(),
    /** Waiting records older than 15 minutes. */
    waitingOver15Minutes: z.number().int(),
  }),
);
export type BankStats = z.infer<typeof BankStats>;

export const adminBankStats = route({
  method: "POST",
  path: "/api/admin/bank-stats",
  access: "admin",
  summary: "สถิติฝากออโต้ของวันนี้: รับเข้า จับคู่อัตโนมัติ รอจับคู่ และเวลาจากโอนถึงเติมเครดิต",
  body: () => z.object({}).nullish(),
  response: () => z.object({ status: ResultStatus, stats: BankStats }),
});

/** Which CSV column holds what, for one receiving account's bank (0-based column numbers). */
export const StatementFormat = schema(() =>
  z.object({
    site_bank_id: SiteBankId,
    /** Lines to skip before the first row of data (a bank's title lines and the header). */
    skipRows: z.number().int().min(0, "จำนวนบรรทัดต้องไม่ติดลบ").max(50, "ข้ามได้ไม่เกิน 50 บรรทัด"),
    columns: z.object({
      /** A date, or a date and time in one cell (dd/mm/yyyy, Buddhist or Christian year, or yyyy-mm-dd). */
      date: z.number().int().min(0).max(99),
      time: z.number().int().min(0).max(99).nullable(),
      /** Money in: "1,234.56"; a row whose amount is empty or not positive (money out) is skipped. */
      amount: z.number().int().min(0).max(99),
      reference: z.number().int().min(0).max(99).nullable(),
      sender: z.number().int().min(0).max(99).nullable(),
    }),
  }),
);
export type StatementFormat = z.infer<typeof StatementFormat>;

export const adminStatementFormats = route({
  method: "POST",
  path: "/api/admin/statement-formats",
  access: "admin",
  summary: "รูปแบบไฟล์ statement (CSV) ที่บันทึกไว้ของแต่ละบัญชีรับเงิน",
  body: () => z.object({}).nullish(),
  response: () => z.object({ status: ResultStatus, formats: z.array(StatementFormat) }),
});

export const adminSaveStatementFormat = route({
  method: "POST",
  path: "/api/admin/save-statement-format",
  access: "admin",
  summary: "บันทึกว่าคอลัมน์ใดของไฟล์ statement คือวันที่ เวลา ยอดเงิน เลขอ้างอิง และผู้โอน",
  body: () => StatementFormat,
  response: () => z.object({ status: ResultStatus, formats: z.array(StatementFormat) }),
});

const StatementUpload = schema(() =>
  z.object({
    site_bank_id: SiteBankId,
    csv: z.string({ error: "กรุณาเลือกไฟล์ CSV" }).min(1, "ไฟล์ว่าง").max(2_000_000, "ไฟล์ใหญ่เกิน 2 MB"),
  }),
);

/** One data row of an uploaded statement as it would be imported. */
export const StatementRow = schema(() =>
  z.object({
    /** 1-based line number in the file. */
    line: z.number().int(),
    record: z
      .object({
        bank_ref: z.string().nullable(),
        amount: z.number(),
        time: z.string(),
        date_time: z.string(),
        from_account: z.string().nullable(),
      })
      .nullable(),
    /** Why the row cannot be read (Thai), or null. */
    error: z.string().nullable(),
    /** Already stored (from the feed or an earlier upload). */
    duplicate: z.boolean(),
  }),
);
export type StatementRow = z.infer<typeof StatementRow>;

export const adminPreviewStatement = route({
  method: "POST",
  path: "/api/admin/preview-statement",
  access: "admin",
  summary: "อ่านไฟล์ statement ตามรูปแบบที่บันทึกไว้ และแสดงรายการก่อนนำเข้า (ยังไม่บันทึก)",
  body: () => StatementUpload,
  response: () => z.object({ status: ResultStatus, rows: z.array(StatementRow) }),
});

export const adminImportStatement = route({
  method: "POST",
  path: "/api/admin/import-statement",
  access: "admin",
  summary: "นำเข้ารายการเงินเข้าจากไฟล์ statement (รายการที่มีอยู่แล้วไม่ซ้ำ) แล้วจับคู่กับรายการขอฝาก",
  body: () => StatementUpload,
  response: () =>
    z.object({
      status: ResultStatus,
      imported: z.number().int(),
      duplicates: z.number().int(),
      matched: z.number().int(),
      waiting: z.number().int(),
      errors: z.number().int(),
    }),
});
