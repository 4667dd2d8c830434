import { z } from "zod";
import { isBahtAmount } from "../domain/money";
import { parseClientDateTime } from "../domain/thai-date";
import { BankChoice, BankCode } from "./auth";
import { ResultStatus, Uuid, WholeNumber } from "./common";
import { route } from "./route";
import { schema } from "./schema";

const MAX_BAHT = 10_000_000;

/** Baht as the API speaks it: a number with at most two decimals. */
export const Baht = schema(() =>
  z
    .number({ error: "กรุณากรอกจำนวนเงินเป็นตัวเลข" })
    .refine((n) => isBahtAmount(n), "จำนวนเงินต้องเป็นตัวเลขไม่ติดลบ ทศนิยมไม่เกิน 2 ตำแหน่ง")
    .refine((n) => n > 0, "จำนวนเงินต้องมากกว่า 0")
    .refine((n) => n <= MAX_BAHT, "จำนวนเงินสูงเกินไป"),
);

/** Baht written as text: digits with at most two decimals (no sign, exponent or grouping). */
const BAHT_TEXT = /^\d{1,8}(\.\d{1,2})?$/;

/**
 * Baht as a number or as numeric text ("500", "99.50"), with the same meaning and checks: the specification's
 * client sends the withdrawal amount as a string (spec §3) and other amounts as it holds them. The one
 * schema for every amount a player sends (docs/decisions/047).
 */
export const BahtAmount = schema(() =>
  z
    .union([z.number(), z.string()], { error: "กรุณากรอกจำนวนเงินเป็นตัวเลข" })
    .transform((value, ctx) => {
      if (typeof value === "number") return value;
      if (BAHT_TEXT.test(value.trim())) return Number(value.trim());
      ctx.issues.push({ code: "custom", input: value, message: "จำนวนเงินต้องเป็นตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง" });
      return z.NEVER;
    })
    .pipe(Baht),
);

export const DayPeriod = schema(() =>
  z.coerce.number({ error: "ช่วงวันไม่ถูกต้อง" }).int("ช่วงวันต้องเป็นจำนวนเต็ม").min(1, "ช่วงวันต้องอย่างน้อย 1 วัน").max(365, "ดูย้อนหลังได้ไม่เกิน 365 วัน"),
);

export const ApprovalStatus = schema(() => z.enum(["Pending", "Approve", "Reject"]));
export const Decision = schema(() => z.enum(["Approve", "Reject"], { error: "สถานะต้องเป็น Approve หรือ Reject" }));
const RecordId = schema(() => WholeNumber("รหัสรายการไม่ถูกต้อง"));

export const ReceivingBank = schema(() =>
  z.object({
    id: z.number().int(),
    bankname: BankCode,
    bankno: z.string(),
    bankaccounts: z.string(),
    promptpay: z.string().nullable(),
    active: z.boolean(),
  }),
);
export type ReceivingBank = z.infer<typeof ReceivingBank>;

/** A deposit request still waiting for the player's transfer: what to pay, where, and until when. */
export const OpenDepositRequest = schema(() =>
  z.object({
    /** The exact amount to transfer, in baht with the satang fraction that makes it unique. */
    amount: z.number(),
    transection: z.string(),
    expiresAt: z.string(),
    bank: ReceivingBank.nullable(),
    /** EMVCo PromptPay payload for a QR code of exactly `amount`, when the site has a PromptPay id. */
    qrPayload: z.string().nullable(),
  }),
);
export type OpenDepositRequest = z.infer<typeof OpenDepositRequest>;

/**
 * Asking again while a request is open answers that same request when the baht amount is the same, and
 * refuses (409) pointing to it when it is not (docs/decisions/035-open-deposit-request.md).
 */
export const gentAmount = route({
  method: "POST",
  path: "/api/gent-amount",
  access: "player",
  summary: "ขอยอดโอนสำหรับฝากเงิน (เพิ่มเศษสตางค์ให้ไม่ซ้ำ) และบัญชีรับเงินของเว็บ; มีรายการที่ยังไม่โอนอยู่จะได้รายการเดิม",
  body: () =>
    z.object({
      amount: BahtAmount.refine(Number.isInteger, "กรุณากรอกจำนวนเงินฝากเป็นจำนวนเต็มบาท"),
      uuid: Uuid.optional(),
    }),
  response: () => z.object({ status: ResultStatus }).extend(OpenDepositRequest.shape),
});

export const readOpenDepositRequest = route({
  method: "POST",
  path: "/api/read-open-deposit-request",
  access: "player",
  summary: "รายการขอฝากที่ยังรอโอนอยู่ (ยอด บัญชีรับเงิน QR เวลาที่เหลือ) หรือ null",
  body: () => z.object({ uuid: Uuid.optional() }).nullish(),
  response: () =>
    z.object({
      status: ResultStatus,
      request: OpenDepositRequest.nullable(),
      /**
       * The player's deposit credited in the last 10 minutes (by an operator or the bank feed), newest first,
       * so the deposit page that showed the request can say it arrived (docs/decisions/045-automatic-deposits.md).
       */
      lastCredited: z.object({ transection: z.string(), amount: z.number(), at: z.string() }).nullable(),
    }),
});

export const cancelDepositRequest = route({
  method: "POST",
  path: "/api/cancel-deposit-request",
  access: "player",
  summary: "ยกเลิกรายการขอฝากที่ยังไม่ได้แจ้งโอน (ยอดนี้จะใช้แจ้งโอนไม่ได้อีก)",
  body: () =>
    z.object({
      transection: z.string({ error: "ไม่พบเลขอ้างอิงรายการ" }).regex(/^DP[0-9A-Z]{10,30}$/, "เลขอ้างอิงรายการไม่ถูกต้อง"),
      uuid: Uuid.optional(),
    }),
  response: () => z.object({ status: ResultStatus, message: z.string() }),
});

/** open: waiting for the transfer (รอโอน); expired (หมดเวลา); cancelled by the player (ยกเลิก). */
export const DepositRequestState = schema(() => z.enum(["open", "expired", "cancelled"]));
export type DepositRequestState = z.infer<typeof DepositRequestState>;

export const DepositRequestRecord = schema(() =>
  z.object({
    id: z.number().int(),
    amount: z.number(),
    transection: z.string(),
    state: DepositRequestState,
    expiresAt: z.string(),
    /** dd/mm/yyyy hh:mm:ss, Buddhist era, Bangkok time. */
    date_time: z.string(),
    created_at: z.string(),
  }),
);
export type DepositRequestRecord = z.infer<typeof DepositRequestRecord>;

export const readDepositRequests = route({
  method: "POST",
  path: "/api/read-deposit-requests",
  access: "player",
  summary: "คำขอยอดโอนที่ยังไม่ได้แจ้งโอน (รอโอน หมดเวลา ยกเลิก) ของตนเอง; ที่แจ้งโอนแล้วอยู่ใน read-payRecordByUUID",
  body: () => z.object({ uuid: Uuid, dayperiod: DayPeriod }),
  response: () => z.object({ status: ResultStatus, depositRequests: z.array(DepositRequestRecord) }),
});

const SLIP_MAX_BYTES = 2 * 1024 * 1024;
export const SlipImage = schema(() =>
  z
    .string()
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/, "สลิปต้องเป็นรูปภาพ PNG, JPEG หรือ WEBP")
    .refine((s) => (s.length - s.indexOf(",") - 1) * 0.75 <= SLIP_MAX_BYTES, "ไฟล์สลิปต้องมีขนาดไม่เกิน 2 MB"),
);

/**
 * When the transfer was made, as the client writes it: ISO with an offset, or `YYYY-MM-DD HH:mm` with or
 * without seconds in Bangkok time (the original client's form); an ISO instant (UTC) after parsing.
 */
export const PayTime = schema(() =>
  z
    .string({ error: "กรุณากรอกเวลาที่โอน" })
    .max(40, "เวลาที่โอนไม่ถูกต้อง")
    .transform((s, ctx) => {
      const at = parseClientDateTime(s);
      if (at) return at.toISOString();
      ctx.issues.push({ code: "custom", input: s, message: "เวลาที่โอนไม่ถูกต้อง (ปี-เดือน-วัน ชั่วโมง:นาที)" });
      return z.NEVER;
    }),
);

export const addPaynow = route({
  method: "POST",
  path: "/api/add-paynow",
  access: "player",
  summary: "แจ้งโอนเงินฝาก (รอเจ้าหน้าที่ตรวจสอบ)",
  body: () =>
    z.object({
      amount: BahtAmount,
      paytime: PayTime,
      comment: z.string().max(200, "หมายเหตุยาวเกินไป").optional().default(""),
      bankname: BankChoice,
      transection: z.string({ error: "ไม่พบเลขอ้างอิงรายการ" }).regex(/^DP[0-9A-Z]{10,30}$/, "เลขอ้างอิงรายการไม่ถูกต้อง"),
      slip: SlipImage.nullish(),
      uuid: Uuid.optional(),
    }),
  response: () => z.object({ status: ResultStatus, message: z.string(), id: z.number().int() }),
});

export const PayRecord = schema(() =>
  z.object({
    id: z.number().int(),
    uuid: Uuid,
    username: z.string(),
    amount: z.number(),
    paytime: z.string(),
    comment: z.string(),
    bankname: BankCode,
    transection: z.string(),
    status: ApprovalStatus,
    subsidy_status: z.string(),
    hasSlip: z.boolean(),
    /** dd/mm/yyyy hh:mm:ss, Buddhist era, Bangkok time. */
    date_time: z.string(),
    created_at: z.string(),
  }),
);
export type PayRecord = z.infer<typeof PayRecord>;

/**
 * A deposit report in the operator's queue, with the player's bank account as registered (bank, number and
 * holder's name): the operator matches the transfer on the bank statement against it.
 */
export const AdminPayRecord = schema(() =>
  PayRecord.extend({
    player_bank: z.object({ bankname: BankCode.nullable(), bankno: z.string().nullable(), bankaccounts: z.string().nullable() }),
  }),
);

export const readPayRecordByUuid = route({
  method: "POST",
  path: "/api/read-payRecordByUUID",
  access: "player",
  summary: "ประวัติการฝากเงินของตนเอง",
  body: () => z.object({ uuid: Uuid, dayperiod: DayPeriod }),
  response: () => z.object({ status: ResultStatus, arrPayRecordByUserAllStatus: z.array(PayRecord) }),
});

export const addWithdrawal = route({
  method: "POST",
  path: "/api/add-withdrawal",
  access: "player",
  summary: "ถอนเงินเข้าบัญชีธนาคารที่ลงทะเบียนไว้ (หักเครดิตทันที คืนเมื่อถูกปฏิเสธ); รองรับ Idempotency-Key",
  body: () =>
    z.object({
      uuid: Uuid,
      amount: BahtAmount,
      note: z.string().max(200, "หมายเหตุยาวเกินไป").optional().default(""),
      bankname: BankChoice,
    }),
  response: () => z.object({ status: ResultStatus, msg: z.string(), message: z.string(), id: z.number().int(), credit: z.number() }),
  errorField: "msg",
});

export const Withdrawal = schema(() =>
  z.object({
    id: z.number().int(),
    uuid: Uuid,
    username: z.string(),
    amount: z.number(),
    note: z.string(),
    bankname: BankCode,
    bankno: z.string(),
    bankaccounts: z.string(),
    status: ApprovalStatus,
    date_time: z.string(),
    created_at: z.string(),
  }),
);
export type Withdrawal = z.infer<typeof Withdrawal>;

export const readWithdrawalList = route({
  method: "POST",
  path: "/api/read-withdrawallist",
  access: "player",
  summary: "ประวัติการถอนเงินของตนเอง",
  body: () => z.object({ uuid: Uuid, dayperiod: DayPeriod }),
  response: () => z.object({ status: ResultStatus, withdrawallist: z.array(Withdrawal) }),
});

export const WalletConfig = schema(() =>
  z.object({
    depositMin: z.number(),
    depositMax: z.number(),
    withdrawMin: z.number(),
    withdrawDailyMax: z.number(),
    /** PromptPay id (mobile or national id) for the deposit QR code; empty for none. */
    promptpayId: z.string(),
  }),
);
export type WalletConfig = z.infer<typeof WalletConfig>;

export const readWalletConfig = route({
  method: "POST",
  path: "/api/read-wallet-config",
  access: "player",
  summary: "ขั้นต่ำและสูงสุดของการฝาก-ถอน และเว็บเติมเครดิตจากรายการของธนาคารเองหรือไม่ (ฝากออโต้)",
  body: () => z.object({}).nullish(),
  response: () =>
    z.object({
      status: ResultStatus,
      config: WalletConfig,
      /**
       * A bank relay is connected (BANK_FEED_SECRET) and automatic approval is on: the deposit page may say the
       * credit arrives by itself (docs/decisions/045-automatic-deposits.md).
       */
      autoDeposit: z.boolean(),
    }),
});

// ---- Admin ----

export const adminListPaynow = route({
  method: "POST",
  path: "/api/admin/list-paynow",
  access: "admin",
  summary: "รายการแจ้งฝากเงิน ตามสถานะ",
  body: () => z.object({ status: ApprovalStatus.optional().default("Pending"), dayperiod: DayPeriod.optional().default(30) }),
  response: () => z.object({ status: ResultStatus, paynowlist: z.array(AdminPayRecord) }),
});

export const adminPaynowSlip = route({
  method: "POST",
  path: "/api/admin/paynow-slip",
  access: "admin",
  summary: "รูปสลิปของรายการแจ้งฝาก",
  body: () => z.object({ id: RecordId }),
  response: () => z.object({ status: ResultStatus, slip: z.string().nullable() }),
});

export const adminApprovePaynow = route({
  method: "POST",
  path: "/api/admin/approve-paynow",
  access: "admin",
  summary: "อนุมัติ (เติมเครดิต) หรือปฏิเสธรายการแจ้งฝาก",
  body: () => z.object({ id: RecordId, status: Decision }),
  response: () => z.object({ status: ResultStatus, message: z.string(), record: PayRecord }),
});

export const adminListWithdrawal = route({
  method: "POST",
  path: "/api/admin/list-withdrawal",
  access: "admin",
  summary: "รายการถอนเงิน ตามสถานะ",
  body: () => z.object({ status: ApprovalStatus.optional().default("Pending"), dayperiod: DayPeriod.optional().default(30) }),
  response: () => z.object({ status: ResultStatus, withdrawallist: z.array(Withdrawal) }),
});

export const adminApproveWithdrawal = route({
  method: "POST",
  path: "/api/admin/approve-withdrawal",
  access: "admin",
  summary: "อนุมัติ (จ่ายแล้ว) หรือปฏิเสธ (คืนเครดิต) รายการถอน",
  body: () => z.object({ id: RecordId, status: Decision }),
  response: () => z.object({ status: ResultStatus, message: z.string(), record: Withdrawal }),
});

export const adminAdjustCredit = route({
  method: "POST",
  path: "/api/admin/adjust-credit",
  access: "admin",
  summary: "ปรับเครดิตผู้เล่น (บวกหรือลบ) พร้อมเหตุผล; ต้องส่ง Idempotency-Key",
  body: () =>
    z.object({
      uuid: Uuid,
      amount: z
        .number({ error: "กรุณากรอกจำนวนเงินเป็นตัวเลข" })
        .refine((n) => n !== 0 && isBahtAmount(Math.abs(n)), "จำนวนเงินต้องไม่เป็น 0 และมีทศนิยมไม่เกิน 2 ตำแหน่ง")
        .refine((n) => Math.abs(n) <= MAX_BAHT, "จำนวนเงินสูงเกินไป"),
      note: z.string({ error: "กรุณาระบุเหตุผล" }).trim().min(3, "กรุณาระบุเหตุผลอย่างน้อย 3 ตัวอักษร").max(300, "เหตุผลยาวเกินไป"),
    }),
  response: () => z.object({ status: ResultStatus, message: z.string(), credit: z.number() }),
});

export const adminGetMyBank = route({
  method: "POST",
  path: "/api/admin-get-mybank",
  access: "admin",
  summary: "บัญชีรับเงินของเว็บ",
  body: () => z.object({}).nullish(),
  response: () => z.object({ status: ResultStatus, bankArr: z.array(ReceivingBank) }),
});

export const adminSaveMyBank = route({
  method: "POST",
  path: "/api/admin/save-mybank",
  access: "admin",
  summary: "เพิ่มหรือแก้ไขบัญชีรับเงินของเว็บ",
  body: () =>
    z.object({
      id: RecordId.optional(),
      bankname: BankChoice,
      bankno: z
        .string()
        .transform((s) => s.replace(/[\W_]/g, ""))
        .pipe(z.string().regex(/^\d{10,15}$/, "เลขบัญชีธนาคารต้องเป็นตัวเลข 10-15 หลัก")),
      bankaccounts: z.string().trim().min(2, "กรุณากรอกชื่อบัญชี").max(100, "ชื่อบัญชียาวเกินไป"),
      promptpay: z
        .string()
        .transform((s) => s.replace(/\D/g, ""))
        .pipe(z.string().regex(/^(0\d{9}|\d{13})?$/, "พร้อมเพย์ต้องเป็นเบอร์มือถือ 10 หลักหรือเลขบัตรประชาชน 13 หลัก"))
        .optional()
        .default(""),
      active: z.boolean().optional().default(true),
    }),
  response: () => z.object({ status: ResultStatus, bankArr: z.array(ReceivingBank) }),
});

export const LogLine = schema(() =>
  z.object({
    id: z.number().int(),
    kind: z.string(),
    amount: z.number(),
    balance_after: z.number(),
    reference: z.string().nullable(),
    note: z.string().nullable(),
    date_time: z.string(),
    created_at: z.string(),
  }),
);

export const adminGetLog = route({
  method: "POST",
  path: "/api/admin-get-log",
  access: "admin",
  summary: "ประวัติการเงินของผู้เล่น (ทุกรายการในบัญชีเครดิต)",
  body: () => z.object({ uuid: Uuid, dayperiod: DayPeriod }),
  response: () => z.object({ status: ResultStatus, username: z.string(), credit: z.number(), logArr: z.array(LogLine) }),
});

export const adminFindUser = route({
  method: "POST",
  path: "/api/admin/find-user",
  access: "admin",
  summary: "ค้นหาผู้เล่นจากชื่อผู้ใช้ เบอร์โทร ชื่อ หรือเลขบัญชีธนาคาร (บันทึกการค้นหา)",
  body: () =>
    z.object({ query: z.string({ error: "กรุณากรอกคำค้น" }).trim().min(1, "กรุณากรอกชื่อผู้ใช้ เบอร์โทร ชื่อ หรือเลขบัญชี").max(50, "คำค้นยาวเกินไป") }),
  response: () =>
    z.object({
      status: ResultStatus,
      users: z.array(
        z.object({
          uuid: Uuid,
          username: z.string(),
          phonenumber: z.string().nullable(),
          /** The bank account holder's name (the player's real name). */
          name: z.string().nullable(),
          bankno: z.string().nullable(),
          state: z.enum(["active", "banned"]),
          credit: z.number(),
        }),
      ),
    }),
});

export const adminLedgerCheck = route({
  method: "POST",
  path: "/api/admin/ledger-check",
  access: "admin",
  summary: "ตรวจสมุดบัญชี: ผลรวมเป็นศูนย์, ยอดคงเหลือตรงกับรายการ, ไม่มียอดติดลบ",
  body: () => z.object({}).nullish(),
  response: () =>
    z.object({
      status: ResultStatus,
      ok: z.boolean(),
      accounts: z.number().int(),
      entries: z.number().int(),
      totalBalance: z.number(),
      differences: z.array(z.object({ accountId: z.number().int(), kind: z.string(), balance: z.number(), ledgerSum: z.number() })),
      negativePlayers: z.array(z.object({ accountId: z.number().int(), balance: z.number() })),
      unbalancedTransactions: z.array(z.object({ transactionId: z.number().int(), sum: z.number() })),
      recordMismatches: z.array(z.object({ record: z.string(), problem: z.string() })),
    }),
});

export const adminUpdateWalletConfig = route({
  method: "POST",
  path: "/api/admin/update-wallet-config",
  access: "admin",
  summary: "แก้ไขขั้นต่ำ/สูงสุดการฝาก-ถอน และพร้อมเพย์",
  body: () =>
    z
      .object({
        depositMin: Baht,
        depositMax: Baht,
        withdrawMin: Baht,
        withdrawDailyMax: Baht,
        promptpayId: z
          .string()
          .transform((s) => s.replace(/\D/g, ""))
          .pipe(z.string().regex(/^(0\d{9}|\d{13})?$/, "พร้อมเพย์ต้องเป็นเบอร์มือถือ 10 หลักหรือเลขบัตรประชาชน 13 หลัก")),
      })
      .refine((c) => c.depositMin <= c.depositMax, "ยอดฝากขั้นต่ำต้องไม่เกินยอดฝากสูงสุด")
      .refine((c) => c.withdrawMin <= c.withdrawDailyMax, "ยอดถอนขั้นต่ำต้องไม่เกินยอดถอนสูงสุดต่อวัน"),
  response: () => z.object({ status: ResultStatus, config: WalletConfig }),
});
