import { z } from "zod";
import { schema } from "./schema";

/** Every response carries `status`: "Success", or "Error"/"Failure" with a Thai message. */
export const ResultStatus = schema(() => z.enum(["Success", "Error", "Failure"]));
export type ResultStatus = z.infer<typeof ResultStatus>;

/**
 * The refusals of the bet path, yeekee and the ledger that a page may act on (docs/decisions/013): an
 * error answer names one in `reason`, so the page can offer what helps (a deposit, the next round)
 * instead of a retry that cannot succeed.
 */
export const REFUSAL_REASONS = [
  "round_not_found",
  "round_closed",
  "no_credit_account",
  "bet_type_not_offered",
  "stake_below_minimum",
  "stake_above_maximum",
  "number_closed",
  "number_full",
  "insufficient_funds",
  "not_a_yeekee_round",
  "outside_shooting_time",
  "shooting_too_fast",
  "rg_closed",
  "rg_reality_check",
  "rg_limit",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const ErrorResponse = schema(() =>
  z.object({
    status: z.enum(["Error", "Failure"]),
    message: z.string(),
    /** Withdrawal and game calls read the message from `msg` (specification §8). */
    msg: z.string().optional(),
    /** Which refusal this is, when it is one the page can act on. */
    reason: z.enum(REFUSAL_REASONS).optional(),
  }),
);
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const SimpleResponse = schema(() => z.object({ status: ResultStatus, message: z.string().optional() }));

export const EmptyBody = schema(() => z.object({}).nullish());

export const Uuid = schema(() => z.uuid({ error: "รหัสผู้ใช้ (uuid) ไม่ถูกต้อง" }));

export const Username = schema(() =>
  z
    .string({ error: "กรุณากรอกชื่อผู้ใช้" })
    .transform((s) => s.replace(/\s+/g, "").toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9_]{4,20}$/, "ชื่อผู้ใช้ต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4-20 ตัว")),
);

export const Password = schema(() =>
  z
    .string({ error: "กรุณากรอกรหัสผ่าน" })
    .min(8, "รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร")
    .max(64, "รหัสผ่านต้องไม่เกิน 64 ตัวอักษร")
    .regex(/\S/, "รหัสผ่านต้องไม่เป็นช่องว่างทั้งหมด"),
);

/** A password typed at sign-in: any non-empty string; the length rules apply when it is set. */
export const PasswordAttempt = schema(() => z.string({ error: "กรุณากรอกรหัสผ่าน" }).min(1, "กรุณากรอกรหัสผ่าน").max(200, "รหัสผ่านยาวเกินไป"));

export const PhoneNumber = schema(() =>
  z
    .string({ error: "กรุณากรอกเบอร์โทรศัพท์" })
    .transform((s) => s.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^0[689]\d{8}$/, "เบอร์โทรศัพท์ต้องเป็นเบอร์มือถือ 10 หลัก ขึ้นต้นด้วย 06 08 หรือ 09")),
);

/** The browser strips non-word characters before sending (spec §5); the server does the same. */
export const BankNo = schema(() =>
  z
    .string({ error: "กรุณากรอกเลขบัญชีธนาคาร" })
    .transform((s) => s.replace(/[\W_]/g, ""))
    .pipe(z.string().regex(/^\d{10,15}$/, "เลขบัญชีธนาคารต้องเป็นตัวเลข 10-15 หลัก")),
);

export const Otp = schema(() =>
  z
    .string({ error: "กรุณากรอกรหัส OTP" })
    .trim()
    .regex(/^\d{6}$/, "รหัส OTP ต้องเป็นตัวเลข 6 หลัก"),
);

/**
 * The largest whole number the API takes anywhere. It is PostgreSQL's `integer` range, so a count or a
 * limit never reaches the database out of range (that was a 500); ids live in `bigint` columns but are
 * taken up to the same bound, so one rule covers every integer (2,147,483,647 rows is beyond any table here).
 */
export const INT_MAX = 2_147_483_647;

/** Digits only, as the original client writes a number as text: no sign, exponent, point or hex. */
const DIGITS = /^\d{1,10}$/;

/**
 * A whole number a client sends, from `min` to `max` (INT_MAX at most), with one Thai message for every
 * refusal. `coerce` also takes it as text of digits ("12", spaces around allowed), as the original client
 * sends ids; "1e3", "0x10", "-5", "" or a boolean stay refused (docs/decisions/047).
 */
export function WholeNumber(
  message: string,
  { min = 1, max = INT_MAX, coerce = false }: { min?: number; max?: number; coerce?: boolean } = {},
) {
  const checked = z.number({ error: message }).int(message).min(min, message).max(Math.min(max, INT_MAX), message);
  if (!coerce) return checked;
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => {
      if (typeof value === "number") return value;
      if (DIGITS.test(value.trim())) return Number(value.trim());
      ctx.issues.push({ code: "custom", input: value, message });
      return z.NEVER;
    })
    .pipe(checked);
}

/** A round ("activity") id, as a number or as text. */
export const ActivityId = schema(() => WholeNumber("รหัสงวดไม่ถูกต้อง", { coerce: true }));

/** C0 control characters (NUL, ESC, …) but tab, line feed and carriage return, which notes may hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/**
 * Every string of a request (values and keys, however deep) is checked for control characters before
 * its schema runs: PostgreSQL refuses NUL in text and JSON, and nothing a person types contains them.
 * The server applies it to every route's body and path parameters and the browser's client to every
 * body, so both give this one Thai message. Returns null when the value is clean.
 */
export function controlCharacterIssue(value: unknown, path: ReadonlyArray<string | number> = []): string | null {
  const refuse = (at: ReadonlyArray<string | number>) => `ข้อมูลมีอักขระที่ใช้ไม่ได้${at.length > 0 ? ` (${at.join(".")})` : ""} กรุณาพิมพ์ใหม่`;
  if (typeof value === "string") return CONTROL_CHARACTER.test(value) ? refuse(path) : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const issue = controlCharacterIssue(item, [...path, i]);
      if (issue) return issue;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARACTER.test(key)) return refuse([...path, key.replace(new RegExp(CONTROL_CHARACTER.source, "g"), "?")]);
      const issue = controlCharacterIssue(item, [...path, key]);
      if (issue) return issue;
    }
  }
  return null;
}
