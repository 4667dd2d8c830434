import { z } from "zod";
import { MEMBER_LEVELS } from "../domain/points";
import { ResultStatus, Uuid, WholeNumber } from "./common";
import { route } from "./route";
import { Baht } from "./wallet";
import { schema } from "./schema";

// Privilege points (docs/decisions/015): earned from settled stakes and approved deposits,
// redeemed for credit in slots, with member levels. Points travel as numbers with two decimals.

const Int = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what}ต้องเป็นตัวเลข` })
    .int(`${what}ต้องเป็นจำนวนเต็ม`)
    .min(min, `${what}ต้องไม่น้อยกว่า ${min}`)
    .max(max, `${what}ต้องไม่เกิน ${max}`);

export const RedeemSlot = schema(() =>
  z.object({
    id: Int("รหัสรายการแลก", 1, 1_000_000),
    /** Points the slot costs. */
    score: Int("แต้มที่ใช้แลก", 1, 10_000_000),
    /** Credit it pays (baht). */
    bonus: Baht,
    per_day_limit: Int("จำนวนครั้งต่อวัน", 1, 1000),
  }),
);
export type RedeemSlot = z.infer<typeof RedeemSlot>;

export const LevelRuleSchema = schema(() =>
  z.object({
    name: z.enum(MEMBER_LEVELS, { error: "ชื่อระดับไม่ถูกต้อง" }),
    threshold: z.number({ error: "ยอดแทงของระดับต้องเป็นตัวเลข" }).min(0, "ยอดแทงของระดับต้องไม่ติดลบ").max(1_000_000_000, "ยอดแทงของระดับสูงเกินไป"),
    multiplier_x100: Int("ตัวคูณแต้ม (×100)", 100, 1000),
  }),
);

export const PrivilegeConfig = schema(() =>
  z
    .object({
      bet_points_per_100: Int("แต้มต่อยอดแทง 100 บาท", 0, 100),
      deposit_points_per_100: Int("แต้มต่อยอดฝาก 100 บาท", 0, 100),
      deposit_daily_max: Int("แต้มฝากสูงสุดต่อวัน", 0, 1_000_000),
      vest_days: Int("จำนวนวันทำยอดแทงของแต้มฝาก", 1, 365),
      expiry_days: Int("อายุแต้ม (วัน)", 1, 3650),
      levels: z.array(LevelRuleSchema).length(MEMBER_LEVELS.length, `ต้องมี ${MEMBER_LEVELS.length} ระดับ`),
      redeembonuslist: z.array(RedeemSlot).max(50, "รายการแลกมากเกินไป"),
    })
    .superRefine((c, ctx) => {
      c.levels.forEach((l, i) => {
        if (l.name !== MEMBER_LEVELS[i])
          ctx.addIssue({ code: "custom", path: ["levels", i], message: `ระดับที่ ${i + 1} ต้องเป็น ${MEMBER_LEVELS[i]}` });
        if (i === 0 && l.threshold !== 0) ctx.addIssue({ code: "custom", path: ["levels", 0], message: "ระดับแรกต้องเริ่มที่ยอดแทง 0" });
        if (i > 0 && l.threshold <= c.levels[i - 1]!.threshold)
          ctx.addIssue({ code: "custom", path: ["levels", i], message: "ยอดแทงของแต่ละระดับต้องสูงกว่าระดับก่อนหน้า" });
      });
      if (new Set(c.redeembonuslist.map((s) => s.id)).size !== c.redeembonuslist.length) {
        ctx.addIssue({ code: "custom", path: ["redeembonuslist"], message: "รหัสรายการแลกซ้ำกัน" });
      }
    }),
);
export type PrivilegeConfig = z.infer<typeof PrivilegeConfig>;

export const PrivilegeLogLine = schema(() =>
  z.object({
    id: z.number().int(),
    kind: z.string(),
    /** The kind in Thai. */
    label: z.string(),
    score: z.number(),
    source: z.string(),
    note: z.string().nullable(),
    date_time: z.string(),
    created_at: z.string(),
  }),
);

export const getPrivilegeLog = route({
  method: "POST",
  path: "/api/get-privilege-log",
  access: "player",
  summary: "แต้มสิทธิพิเศษ: ประวัติ แต้มที่ใช้ได้ แต้มรอยอดแทง และระดับสมาชิก",
  body: () => z.object({ uuid: Uuid }),
  response: () =>
    z.object({
      status: ResultStatus,
      privilegeLog_arr: z.array(PrivilegeLogLine),
      /** Usable now. */
      total_score: z.number(),
      /** Today's deposit points. */
      deposit_score: z.number(),
      /** Today's stake (baht). */
      postdigit_total_today: z.number(),
      /** Deposit points waiting for their stake. */
      pending_score: z.number(),
      level: z.object({ name: z.enum(MEMBER_LEVELS), multiplier_x100: z.number().int(), override: z.boolean() }),
      stake_90d: z.number(),
      next_level: z.object({ name: z.enum(MEMBER_LEVELS), threshold: z.number() }).nullable(),
    }),
});

export const getSlotRedeemBonus = route({
  method: "GET",
  path: "/api/get-slotredeembonus",
  access: "player",
  summary: "รายการแลกแต้มเป็นเครดิต",
  body: undefined,
  response: () => z.object({ status: ResultStatus, redeembonuslist: z.array(RedeemSlot) }),
});

export const redeemAllScore = route({
  method: "POST",
  path: "/api/redeem-allscore",
  access: "player",
  summary: "แลกแต้มหลายรายการพร้อมกัน (ทั้งหมดหรือไม่เลย); รองรับ Idempotency-Key",
  body: () =>
    z.object({
      uuid: Uuid,
      // A list of slot ids, each a number or text ("1"), or one text of ids separated by commas ("1,2"), as the
      // specification's client may send it (docs/decisions/047).
      idlist: z
        .union([z.array(z.unknown()), z.string()], { error: "กรุณาเลือกรายการแลก" })
        .transform((list) => (typeof list === "string" ? list.split(",") : list))
        .pipe(
          z
            .array(WholeNumber("รหัสรายการแลกต้องเป็นตัวเลข 1-1000000", { max: 1_000_000, coerce: true }))
            .min(1, "กรุณาเลือกรายการแลก")
            .max(20, "แลกได้ไม่เกิน 20 รายการต่อครั้ง"),
        ),
    }),
  response: () => z.object({ status: ResultStatus, message: z.string(), credit: z.number(), total_score: z.number(), bonus: z.number() }),
});

// ---- Admin ----

export const adminReadPrivilegeConfig = route({
  method: "POST",
  path: "/api/admin-read-PrivilegeConfig",
  access: "admin",
  summary: "ตั้งค่าแต้มสิทธิพิเศษ",
  body: () => z.object({}).nullish(),
  response: () => z.object({ status: ResultStatus, config: PrivilegeConfig }),
});

export const adminSavePrivilegeConfig = route({
  method: "POST",
  path: "/api/admin/save-privilege-config",
  access: "admin",
  summary: "บันทึกการตั้งค่าแต้มสิทธิพิเศษ",
  body: () => PrivilegeConfig,
  response: () => z.object({ status: ResultStatus, message: z.string(), config: PrivilegeConfig }),
});

const Reason = schema(() => z.string({ error: "กรุณาระบุเหตุผล" }).trim().min(3, "กรุณาระบุเหตุผลอย่างน้อย 3 ตัวอักษร").max(300, "เหตุผลยาวเกินไป"));

export const adminAdjustPoints = route({
  method: "POST",
  path: "/api/admin/adjust-points",
  access: "admin",
  summary: "ปรับแต้มผู้เล่น (บวกหรือลบ) พร้อมเหตุผล; ต้องส่ง Idempotency-Key",
  body: () =>
    z.object({
      uuid: Uuid,
      points: z
        .number({ error: "แต้มต้องเป็นตัวเลข" })
        .refine((n) => n !== 0 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "แต้มต้องไม่เป็น 0 และมีทศนิยมไม่เกิน 2 ตำแหน่ง")
        .refine((n) => Math.abs(n) <= 10_000_000, "แต้มมากเกินไป"),
      reason: Reason,
    }),
  response: () => z.object({ status: ResultStatus, message: z.string(), total_score: z.number() }),
});

export const adminSetMemberLevel = route({
  method: "POST",
  path: "/api/admin/set-member-level",
  access: "admin",
  summary: "กำหนดระดับสมาชิกเอง (หรือ null ให้คำนวณตามยอดแทง) พร้อมเหตุผล",
  body: () => z.object({ uuid: Uuid, level: z.enum(MEMBER_LEVELS, { error: "ระดับไม่ถูกต้อง" }).nullable(), reason: Reason }),
  response: () => z.object({ status: ResultStatus, message: z.string() }),
});
