import { z } from "zod";
import { BANK_CODES, bankCodeOf } from "../domain/banks";
import { BankNo, EmptyBody, Otp, Password, PasswordAttempt, PhoneNumber, ResultStatus, SimpleResponse, Username, Uuid } from "./common";
import { route } from "./route";
import { schema } from "./schema";

export const BankCode = schema(() => z.enum(BANK_CODES, { error: "กรุณาเลือกธนาคารจากรายการ" }));

/**
 * A bank as a client sends it: the code ("kbank") or the Thai name ("ธนาคารกสิกรไทย", "กสิกรไทย"), as the
 * original client maps one to the other (spec §3); always the code after parsing.
 */
export const BankChoice = schema(() =>
  z
    .string({ error: "กรุณาเลือกธนาคารจากรายการ" })
    .transform((s) => bankCodeOf(s) ?? s)
    .pipe(BankCode),
);

export const RegisterBody = schema(() =>
  z.object({
    username: Username,
    password: Password,
    phonenumber: PhoneNumber,
    /** The account holder's name as the bank shows it. */
    bankaccounts: z
      .string({ error: "กรุณากรอกชื่อบัญชีธนาคาร" })
      .trim()
      .min(2, "ชื่อบัญชีธนาคารสั้นเกินไป")
      .max(100, "ชื่อบัญชีธนาคารยาวเกินไป")
      .regex(/^[\p{L}\p{M} .'-]+$/u, "ชื่อบัญชีธนาคารต้องเป็นตัวอักษรเท่านั้น")
      .regex(/\p{L}/u, "ชื่อบัญชีธนาคารต้องเป็นตัวอักษรเท่านั้น"),
    bankno: BankNo,
    bankname: BankChoice,
    uuidmother: z
      .union([Uuid, z.literal(""), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
    /** From /check-otp; the original client does not send it, and its browser shows the cookie /check-otp set (docs/decisions/047). */
    otptoken: z.string().max(100).optional(),
    /** Sent by the original client; never trusted: new players get the default tier. */
    usertype: z.unknown().optional(),
  }),
);

export const register = route({
  method: "POST",
  path: "/register",
  access: "public",
  summary: "สมัครสมาชิก (ต้องยืนยันเบอร์โทรศัพท์ด้วย OTP ก่อน)",
  body: () => RegisterBody,
  response: () => z.object({ status: ResultStatus, message: z.string(), uuid: Uuid }),
});

/**
 * Why a token stopped working (docs/decisions/029), named in a 401's WWW-Authenticate header as
 * `Bearer error="invalid_token", error_description="<reason>"`: its time ran out, its session was ended
 * (logout elsewhere, a password change or reset, a ban, a break from play), or it is not a token of ours.
 */
export const SESSION_END_REASONS = ["expired", "revoked", "invalid"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
export const SESSION_END_HEADER = "www-authenticate";
/** The close code of a live socket (WebSocket) whose session is missing or ended: a call's 401, for a socket. */
export const SESSION_ENDED_CODE = 4401;

/** The reason a 401's WWW-Authenticate header names, if it names one of ours. */
export function sessionEndReasonOf(header: string | null | undefined): SessionEndReason | null {
  const m = /error_description="([a-z]+)"/.exec(header ?? "");
  return SESSION_END_REASONS.find((r) => r === m?.[1]) ?? null;
}

/** A completed sign-in: the specification's /login answer. */
export const SignedIn = schema(() =>
  z.object({
    status: ResultStatus,
    jwt: z.string(),
    username: z.string(),
    uuid: Uuid,
    userType: z.string(),
    /** Seconds the token is valid for (see docs/decisions). */
    s: z.number().int(),
    role: z.enum(["player", "admin"]),
  }),
);

/**
 * An admin with a second factor gave the right password: no token yet. /login-totp with this challenge
 * and the code completes the sign-in (docs/decisions/024). Players never get this answer.
 */
export const SecondFactorNeeded = schema(() =>
  z.object({
    status: ResultStatus,
    message: z.string(),
    totp_required: z.literal(true),
    challenge: z.string(),
  }),
);

/**
 * What a player signs in with (docs/decisions/029): the username, or the registered mobile number (spaces and
 * dashes dropped, "081-234-5678" as "0812345678"). Sent in /login's `username` field, as the spec names it.
 */
export const SignInName = schema(() =>
  z
    .string({ error: "กรุณากรอกชื่อผู้ใช้หรือเบอร์โทรศัพท์" })
    .transform((s) => {
      const compact = s.replace(/\s+/g, "").toLowerCase();
      return /^[\d-]+$/.test(compact) ? compact.replace(/-/g, "") : compact;
    })
    .pipe(z.string().regex(/^[a-z0-9_]{4,20}$/, "กรุณากรอกชื่อผู้ใช้ (ภาษาอังกฤษหรือตัวเลข 4-20 ตัว) หรือเบอร์โทรศัพท์มือถือ 10 หลัก")),
);

/** A sign-in name that is a Thai mobile number is looked up as a phone too (a username matching it first). */
export const looksLikePhone = (name: string) => /^0[689]\d{8}$/.test(name);

export const login = route({
  method: "POST",
  path: "/login",
  access: "public",
  summary: "เข้าสู่ระบบด้วยชื่อผู้ใช้หรือเบอร์โทรศัพท์ (ผู้ดูแลที่ตั้งค่ายืนยันสองขั้นตอนแล้ว: ตอบ totp_required และ challenge แทนโทเคน)",
  body: () => z.object({ username: SignInName, password: PasswordAttempt }),
  response: () => z.union([SignedIn, SecondFactorNeeded]),
});

/**
 * Forgot password, first step (docs/decisions/029): a code by SMS to the registered phone. The answer is the same
 * whether or not the phone belongs to an account (docs/decisions/029).
 */
export const forgotPassword = route({
  method: "POST",
  path: "/forgot-password",
  access: "public",
  summary: "ลืมรหัสผ่าน: ส่งรหัส OTP ไปยังเบอร์โทรศัพท์ที่ลงทะเบียนไว้",
  body: () => z.object({ phonenumber: PhoneNumber }),
  response: () => SimpleResponse,
});

/** Forgot password, second step: the code and the new password; every session of the account ends. */
export const resetPassword = route({
  method: "POST",
  path: "/reset-password",
  access: "public",
  summary: "ตั้งรหัสผ่านใหม่ด้วยรหัส OTP (ออกจากระบบทุกเครื่อง)",
  body: () => z.object({ phonenumber: PhoneNumber, otp: Otp, pass: Password }),
  response: () => SimpleResponse,
});

/** A 6-digit code of an authenticator app. */
export const TotpCode = schema(() =>
  z
    .string({ error: "กรุณากรอกรหัส 6 หลักจากแอปยืนยันตัวตน" })
    .trim()
    .regex(/^\d{6}$/, "รหัสต้องเป็นตัวเลข 6 หลักจากแอปยืนยันตัวตน"),
);

/** The second step's code: 6 digits from the app, or a recovery code (xxxx-xxxx-xxxx-xxxx). */
export const SecondFactorCode = schema(() =>
  z
    .string({ error: "กรุณากรอกรหัส 6 หลัก หรือรหัสกู้คืน" })
    .trim()
    .regex(/^(\d{6}|[0-9A-Za-z][0-9A-Za-z -]{10,30})$/, "กรุณากรอกรหัส 6 หลักจากแอป หรือรหัสกู้คืน 16 ตัวอักษร"),
);

export const loginSecondFactor = route({
  method: "POST",
  path: "/login-totp",
  access: "public",
  summary: "เข้าสู่ระบบผู้ดูแล ขั้นที่สอง: รหัส 6 หลักจากแอปยืนยันตัวตน หรือรหัสกู้คืน (ใช้ได้ครั้งเดียว)",
  body: () =>
    z.object({
      challenge: z.string({ error: "กรุณาเข้าสู่ระบบด้วยรหัสผ่านก่อน" }).min(1, "กรุณาเข้าสู่ระบบด้วยรหัสผ่านก่อน").max(100, "กรุณาเข้าสู่ระบบด้วยรหัสผ่านอีกครั้ง"),
      code: SecondFactorCode,
    }),
  response: () => SignedIn,
});

export const getUserInfoById = route({
  method: "POST",
  path: "/get-userInfoByID",
  access: "public",
  summary: "ชื่อผู้ใช้ของผู้แนะนำจาก uuid (ใช้ในลิงก์แนะนำเพื่อน)",
  body: () => z.object({ id: Uuid }),
  response: () => z.object({ status: ResultStatus, username: z.string() }),
});

export const checkPhoneNumber = route({
  method: "POST",
  path: "/check-phonenumber",
  access: "public",
  summary: "ตรวจเบอร์โทรศัพท์ซ้ำ และส่ง OTP เมื่อไม่ซ้ำ",
  body: () => z.object({ phonenumber: PhoneNumber }),
  response: () =>
    z.object({
      status: ResultStatus,
      message: z.string(),
      noneduplicatestatus: z.boolean(),
      sendotpstatus: z.boolean(),
    }),
});

export const checkOtp = route({
  method: "POST",
  path: "/check-otp",
  access: "public",
  summary: "ยืนยันรหัส OTP",
  body: () => z.object({ phonenumber: PhoneNumber, otp: Otp }),
  response: () =>
    z.object({
      status: ResultStatus,
      message: z.string(),
      otpstatus: z.boolean(),
      /** Proof for /register that this caller verified the phone. */
      otptoken: z.string().optional(),
    }),
});

export const checkUsernameBankno = route({
  method: "POST",
  path: "/check-username-bankno",
  access: "public",
  summary: "ตรวจชื่อผู้ใช้และเลขบัญชีซ้ำ (status Failure เมื่อถูกใช้แล้ว)",
  body: () => z.object({ username: Username, bankno: BankNo }),
  response: () => SimpleResponse,
});

export const getUsername = route({
  method: "POST",
  path: "/get-username",
  access: "player",
  summary: "ชื่อผู้ใช้ของตนเอง",
  body: () => z.object({ uuid: Uuid }),
  response: () => z.object({ status: ResultStatus, username: z.string(), userType: z.string() }),
});

export const getCredit = route({
  method: "POST",
  path: "/api/get-credit",
  access: "player",
  summary: "เครดิตคงเหลือ (บาท)",
  body: () => z.object({ uuid: Uuid.optional() }).nullish(),
  response: () => z.object({ status: ResultStatus, credit: z.number() }),
});

export const getBankInfo = route({
  method: "POST",
  path: "/api/get-bankinfo",
  access: "player",
  summary: "บัญชีธนาคารที่ลงทะเบียนไว้",
  body: () => z.object({ username: Username }),
  response: () =>
    z.object({
      status: ResultStatus,
      bankname: BankCode,
      bankno: z.string(),
      bankaccounts: z.string(),
    }),
});

export const renewToken = route({
  method: "POST",
  path: "/api/href",
  access: "player",
  summary: "ต่ออายุโทเคน (ใช้ได้เมื่อโทเคนเดิมยังไม่หมดอายุ)",
  body: () => EmptyBody,
  response: () => z.object({ status: ResultStatus, jwt: z.string(), s: z.number().int() }),
});

export const logout = route({
  method: "POST",
  path: "/api/logout",
  access: "player",
  summary: "ออกจากระบบ: โทเคนนี้ใช้ไม่ได้อีก",
  body: () => EmptyBody,
  response: () => SimpleResponse,
});

export const checkOldPassword = route({
  method: "POST",
  path: "/api/check-oldPassword",
  access: "player",
  summary: "ยืนยันรหัสผ่านเดิมก่อนเปลี่ยนรหัสผ่าน",
  body: () => z.object({ user: z.string({ error: "กรุณาระบุผู้ใช้" }).min(1, "กรุณาระบุผู้ใช้"), pass: PasswordAttempt }),
  response: () => SimpleResponse,
});

export const updatePassword = route({
  method: "POST",
  path: "/api/update-password",
  access: "player",
  summary: "เปลี่ยนรหัสผ่าน (หลังยืนยันรหัสผ่านเดิม) และยกเลิกการเข้าสู่ระบบที่อื่น",
  body: () => z.object({ pass: Password, uuid: Uuid }),
  response: () => SimpleResponse,
});

/** Back office: bans a player (every session ends at once; signing in is refused) or lifts the ban. Audited. */
export const adminBanPlayer = route({
  method: "POST",
  path: "/api/admin/ban-player",
  access: "admin",
  summary: "ระงับหรือยกเลิกการระงับบัญชีผู้เล่น (ออกจากระบบทุกเครื่องทันที)",
  body: () =>
    z.object({
      uuid: Uuid,
      banned: z.boolean({ error: "กรุณาระบุว่าจะระงับหรือยกเลิกการระงับ" }),
      reason: z.string({ error: "กรุณาระบุเหตุผล" }).trim().min(3, "กรุณาระบุเหตุผลอย่างน้อย 3 ตัวอักษร").max(300, "เหตุผลยาวเกินไป"),
    }),
  response: () => SimpleResponse,
});

/** Back office: the signed-in admin's second factor (enrolment calls are open before it is passed). */
export const adminTotpStatus = route({
  method: "POST",
  path: "/api/admin/totp/status",
  access: "admin",
  beforeSecondFactor: true,
  summary: "สถานะการยืนยันตัวตนสองขั้นตอนของผู้ดูแลที่เข้าสู่ระบบอยู่",
  body: () => EmptyBody,
  response: () =>
    z.object({
      status: ResultStatus,
      enrolled: z.boolean(),
      /** The back office needs the second factor (always, except where the site's configuration says not). */
      required: z.boolean(),
      /** This session passed the second factor (signed in with a code, or confirmed an enrolment). */
      session_verified: z.boolean(),
      confirmed_at: z.string().nullable(),
      recovery_codes_left: z.number().int(),
    }),
});

export const adminTotpEnrol = route({
  method: "POST",
  path: "/api/admin/totp/enrol",
  access: "admin",
  beforeSecondFactor: true,
  summary: "เริ่มตั้งค่าแอปยืนยันตัวตน: รหัสลับใหม่ แสดงครั้งเดียว (otpauth:// สำหรับ QR)",
  body: () => EmptyBody,
  response: () => z.object({ status: ResultStatus, message: z.string(), otpauth_uri: z.string(), secret: z.string() }),
});

export const adminTotpConfirm = route({
  method: "POST",
  path: "/api/admin/totp/confirm",
  access: "admin",
  beforeSecondFactor: true,
  summary: "ยืนยันการตั้งค่าด้วยรหัส 6 หลักแรกจากแอป ได้รหัสกู้คืน 10 รหัส (แสดงครั้งเดียว)",
  body: () => z.object({ code: TotpCode }),
  response: () => z.object({ status: ResultStatus, message: z.string(), recovery_codes: z.array(z.string()) }),
});

export const adminTotpRecoveryCodes = route({
  method: "POST",
  path: "/api/admin/totp/recovery-codes",
  access: "admin",
  summary: "สร้างรหัสกู้คืนชุดใหม่ (ชุดเดิมใช้ไม่ได้อีก) ด้วยรหัส 6 หลักจากแอป",
  body: () => z.object({ code: TotpCode }),
  response: () => z.object({ status: ResultStatus, message: z.string(), recovery_codes: z.array(z.string()) }),
});
