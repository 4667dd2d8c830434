import { z } from "zod";

/** Every response carries `status`: "Success", or "Error"/"Failure" with a Thai message. */
export const ResultStatus = z.enum(["Success", "Error", "Failure"]);
export type ResultStatus = z.infer<typeof ResultStatus>;

export const ErrorResponse = z.object({
  status: z.enum(["Error", "Failure"]),
  message: z.string(),
  /** Withdrawal and game calls read the message from `msg` (specification §8). */
  msg: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const SimpleResponse = z.object({ status: ResultStatus, message: z.string().optional() });

export const EmptyBody = z.object({}).nullish();

export const Uuid = z.uuid({ error: "รหัสผู้ใช้ (uuid) ไม่ถูกต้อง" });

export const Username = z
  .string({ error: "กรุณากรอกชื่อผู้ใช้" })
  .transform((s) => s.replace(/\s+/g, "").toLowerCase())
  .pipe(
    z
      .string()
      .regex(/^[a-z0-9_]{4,20}$/, "ชื่อผู้ใช้ต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4-20 ตัว"),
  );

export const Password = z
  .string({ error: "กรุณากรอกรหัสผ่าน" })
  .min(8, "รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร")
  .max(64, "รหัสผ่านต้องไม่เกิน 64 ตัวอักษร")
  .regex(/\S/, "รหัสผ่านต้องไม่เป็นช่องว่างทั้งหมด");

/** A password typed at sign-in: any non-empty string; the length rules apply when it is set. */
export const PasswordAttempt = z
  .string({ error: "กรุณากรอกรหัสผ่าน" })
  .min(1, "กรุณากรอกรหัสผ่าน")
  .max(200, "รหัสผ่านยาวเกินไป");

export const PhoneNumber = z
  .string({ error: "กรุณากรอกเบอร์โทรศัพท์" })
  .transform((s) => s.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^0[689]\d{8}$/, "เบอร์โทรศัพท์ต้องเป็นเบอร์มือถือ 10 หลัก ขึ้นต้นด้วย 06 08 หรือ 09"));

/** The browser strips non-word characters before sending (spec §5); the server does the same. */
export const BankNo = z
  .string({ error: "กรุณากรอกเลขบัญชีธนาคาร" })
  .transform((s) => s.replace(/[\W_]/g, ""))
  .pipe(z.string().regex(/^\d{10,15}$/, "เลขบัญชีธนาคารต้องเป็นตัวเลข 10-15 หลัก"));

export const Otp = z
  .string({ error: "กรุณากรอกรหัส OTP" })
  .trim()
  .regex(/^\d{6}$/, "รหัส OTP ต้องเป็นตัวเลข 6 หลัก");
