import { z } from "zod";
import { EXCLUSIONS, LIMIT_KINDS, LIMIT_PERIODS, REALITY_INTERVALS, TIMEOUTS } from "../domain/rg";
import { ResultStatus, Uuid } from "./common";
import { route } from "./route";
import { Baht } from "./wallet";
import { schema } from "./schema";

// Responsible play (docs/decisions/017). The player is the token's: no uuid in the bodies.

export const LimitKindSchema = schema(() => z.enum(LIMIT_KINDS, { error: "ประเภทวงเงินต้องเป็น ฝาก แทง หรือ เสีย" }));
export const LimitPeriodSchema = schema(() => z.enum(LIMIT_PERIODS, { error: "ช่วงเวลาต้องเป็น วัน สัปดาห์ หรือ เดือน" }));
const Reason = schema(() => z.string({ error: "กรุณาระบุเหตุผล" }).trim().min(3, "กรุณาระบุเหตุผลอย่างน้อย 3 ตัวอักษร").max(300, "เหตุผลยาวเกินไป"));

export const LimitView = schema(() =>
  z.object({
    kind: LimitKindSchema,
    period: LimitPeriodSchema,
    /** The limit in force (baht); null: none. */
    amount: z.number().nullable(),
    /** Used in the current Bangkok period (baht): deposits, stakes, or net loss (stakes − winnings). */
    used: z.number(),
    /** Room left (baht); null without a limit. */
    left: z.number().nullable(),
    /** A raise or removal waiting: confirmable from `confirmable_at` until `lapses_at`. */
    pending: z
      .object({
        amount: z.number().nullable(),
        requested_at: z.string(),
        confirmable_at: z.string(),
        lapses_at: z.string(),
        state: z.enum(["cooling", "confirmable"]),
      })
      .nullable(),
  }),
);
export type LimitView = z.infer<typeof LimitView>;

export const RealityView = schema(() =>
  z.object({
    /** null: off. */
    minutes: z.number().int().nullable(),
    /** When the current sign-in started and when the next check is due (null when off). */
    started_at: z.string().nullable(),
    due_at: z.string().nullable(),
    /** Due now: bets and game stakes wait for the answer. */
    due: z.boolean(),
    /** Since the sign-in (baht): stakes and net result (winnings − stakes). */
    stakes: z.number(),
    net: z.number(),
  }),
);

export const BreakView = schema(() =>
  z.object({
    kind: z.enum(["timeout", "self_exclusion"]),
    started_at: z.string(),
    until: z.string(),
    /** The player asked to come back (after the end); the account opens at `opens_at`. */
    return_requested_at: z.string().nullable(),
    opens_at: z.string().nullable(),
  }),
);
export type BreakView = z.infer<typeof BreakView>;

const Settings = schema(() =>
  z.object({
    status: ResultStatus,
    message: z.string().optional(),
    limits: z.array(LimitView),
    reality: RealityView,
    /** A time-out or self-exclusion in force (or ended and not yet reopened); null otherwise. */
    break: BreakView.nullable(),
  }),
);
export type RgSettings = z.infer<typeof Settings>;

export const readSettings = route({
  method: "POST",
  path: "/api/rg/settings",
  access: "player",
  summary: "เล่นอย่างรับผิดชอบ: วงเงิน การเตือนเวลาเล่น และการพักเล่นของผู้เล่น",
  body: () => z.object({}).nullish(),
  response: () => Settings,
});

export const setLimit = route({
  method: "POST",
  path: "/api/rg/set-limit",
  access: "player",
  summary: "ตั้ง ลด เพิ่ม หรือยกเลิกวงเงิน (ลดมีผลทันที เพิ่มหรือยกเลิกต้องรอ 24 ชั่วโมงแล้วยืนยัน)",
  body: () => z.object({ kind: LimitKindSchema, period: LimitPeriodSchema, amount: Baht.nullable() }),
  response: () => Settings,
});

export const confirmLimit = route({
  method: "POST",
  path: "/api/rg/confirm-limit",
  access: "player",
  summary: "ยืนยันการเพิ่มหรือยกเลิกวงเงินหลังรอครบ 24 ชั่วโมง (ภายใน 7 วัน)",
  body: () => z.object({ kind: LimitKindSchema, period: LimitPeriodSchema }),
  response: () => Settings,
});

export const setRealityCheck = route({
  method: "POST",
  path: "/api/rg/set-reality-check",
  access: "player",
  summary: "ตั้งการเตือนเวลาเล่น (15, 30, 60, 120 นาที หรือปิด)",
  body: () =>
    z.object({
      minutes: z
        .number({ error: "เลือกการเตือนได้ 15, 30, 60 หรือ 120 นาที หรือปิด" })
        .refine((m) => (REALITY_INTERVALS as readonly number[]).includes(m), "เลือกการเตือนได้ 15, 30, 60 หรือ 120 นาที หรือปิด")
        .nullable(),
    }),
  response: () => Settings,
});

export const answerRealityCheck = route({
  method: "POST",
  path: "/api/rg/reality-check-answer",
  access: "player",
  summary: "ตอบการเตือนเวลาเล่น: เล่นต่อ หรือออกจากระบบ",
  body: () => z.object({ answer: z.enum(["continue", "signout"], { error: "คำตอบต้องเป็น เล่นต่อ หรือ ออกจากระบบ" }) }),
  response: () => Settings,
});

export const takeBreak = route({
  method: "POST",
  path: "/api/rg/take-break",
  access: "player",
  summary: "พักการเล่น (24 ชั่วโมง ถึง 6 สัปดาห์) หรือขอระงับตนเอง (6 เดือน ถึง 5 ปี): มีผลทันทีและย่นไม่ได้",
  body: () =>
    z.object({
      length: z.enum([...TIMEOUTS, ...EXCLUSIONS], { error: "ระยะเวลาพักไม่ถูกต้อง" }),
      /** The page asks twice; the server requires the explicit yes. */
      confirm: z.literal(true, { error: "กรุณายืนยันการพักการเล่น" }),
    }),
  response: () => Settings,
});

export const requestReturn = route({
  method: "POST",
  path: "/api/rg/request-return",
  access: "player",
  summary: "ขอกลับมาเล่นหลังครบกำหนดพัก (บัญชีเปิดหลังจากนั้น 24 ชั่วโมง)",
  body: () => z.object({}).nullish(),
  response: () => Settings,
});

export const StatementRowSchema = schema(() =>
  z.object({
    period: z.string(),
    deposits: z.number(),
    withdrawals: z.number(),
    stakes: z.number(),
    wins: z.number(),
    commission: z.number(),
    points: z.number(),
  }),
);

export const readStatement = route({
  method: "POST",
  path: "/api/rg/statement",
  access: "player",
  summary: "รายการเดินบัญชีของผู้เล่น 12 เดือน รายเดือนและรายวัน",
  body: () => z.object({}).nullish(),
  response: () => z.object({ status: ResultStatus, months: z.array(StatementRowSchema), days: z.array(StatementRowSchema) }),
});

// ---- Admin ----

export const RgPlayer = schema(() =>
  z.object({
    uuid: Uuid,
    username: z.string(),
    limits: z.array(z.object({ kind: LimitKindSchema, period: LimitPeriodSchema, amount: z.number() })),
    break: BreakView.nullable(),
    /** Deposits that arrived beyond the player's deposit limit (credited, flagged). */
    flagged_deposits: z.number().int(),
  }),
);

export const adminRgPlayers = route({
  method: "POST",
  path: "/api/admin/rg/players",
  access: "admin",
  summary: "ผู้เล่นที่ตั้งวงเงิน พักการเล่น หรือระงับตนเอง",
  body: () => z.object({}).nullish(),
  response: () => z.object({ status: ResultStatus, players: z.array(RgPlayer) }),
});

export const adminLowerLimit = route({
  method: "POST",
  path: "/api/admin/rg/lower-limit",
  access: "admin",
  summary: "ลดวงเงินของผู้เล่น (เพิ่มไม่ได้) พร้อมเหตุผล",
  body: () => z.object({ uuid: Uuid, kind: LimitKindSchema, period: LimitPeriodSchema, amount: Baht, reason: Reason }),
  response: () => z.object({ status: ResultStatus, message: z.string() }),
});

export const RgAuditLine = schema(() =>
  z.object({
    at: z.string(),
    actor: z.enum(["player", "operator", "system"]),
    action: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    reason: z.string().nullable(),
  }),
);

export const adminRgAudit = route({
  method: "POST",
  path: "/api/admin/rg/audit",
  access: "admin",
  summary: "ประวัติการเปลี่ยนแปลงการเล่นอย่างรับผิดชอบของผู้เล่น",
  body: () => z.object({ uuid: Uuid }),
  response: () => z.object({ status: ResultStatus, lines: z.array(RgAuditLine) }),
});
