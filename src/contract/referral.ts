import { z } from "zod";
import { BET_TYPES } from "../domain/bet-types";
import { REFERRAL_LEVELS } from "../domain/referral";
import { ResultStatus, Uuid } from "./common";
import { route } from "./route";
import { Baht, BahtAmount, DayPeriod } from "./wallet";
import { schema } from "./schema";

// The referral system (docs/decisions/014): friends, commission on their settled stakes,
// the affiliate balance and moving it to the credit.

const LotteryId = schema(() => z.string({ error: "รหัสหวยไม่ถูกต้อง" }).regex(/^[a-z0-9_-]{1,40}$/i, "รหัสหวยไม่ถูกต้อง"));

export const CommissionRate = schema(() =>
  z.object({
    level: z.union(
      REFERRAL_LEVELS.map((l) => z.literal(l)),
      { error: "ชั้นของค่าคอมต้องเป็น 1 หรือ 2" },
    ),
    lottery_id: LotteryId.nullable(),
    bet_type: z.enum(BET_TYPES, { error: "ประเภทการแทงไม่ถูกต้อง" }).nullable(),
    bp: z
      .number({ error: "อัตราค่าคอมต้องเป็นตัวเลข" })
      .int("อัตราค่าคอมต้องเป็นจำนวนเต็ม (หน่วย 0.01%)")
      .min(0, "อัตราค่าคอมต้องไม่ติดลบ")
      .max(10_000, "อัตราค่าคอมต้องไม่เกิน 10000 (100%)"),
  }),
);
export type CommissionRate = z.infer<typeof CommissionRate>;

export const SubsidyConfig = schema(() =>
  z
    .object({
      rates: z.array(CommissionRate).max(500, "อัตราค่าคอมมากเกินไป"),
      /** The least a player may move from the affiliate balance to the credit at once (baht). */
      min_withdrawal: Baht,
    })
    .superRefine((config, ctx) => {
      const seen = new Set<string>();
      for (const [i, r] of config.rates.entries()) {
        if (r.bet_type !== null && r.lottery_id === null) {
          ctx.addIssue({ code: "custom", path: ["rates", i], message: "อัตราตามประเภทการแทงต้องระบุหวยด้วย" });
        }
        const key = `${r.level}:${r.lottery_id}:${r.bet_type}`;
        if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["rates", i], message: "มีอัตราค่าคอมซ้ำกันสำหรับชั้น หวย และประเภทเดียวกัน" });
        seen.add(key);
      }
    }),
);
export type SubsidyConfig = z.infer<typeof SubsidyConfig>;

export const Friend = schema(() =>
  z.object({
    /** Masked ("som***an"): a referrer never sees a friend's full name, balance or results. */
    username: z.string(),
    joined_at: z.string(),
    last_active_at: z.string().nullable(),
    /** The friend's eligible stake this Bangkok month (baht). */
    stake_month: z.number(),
  }),
);
export type Friend = z.infer<typeof Friend>;

export const getRelationship = route({
  method: "POST",
  path: "/api/get-relationship",
  access: "player",
  summary: "เพื่อนที่สมัครผ่านลิงก์ของตนเอง (ชื่อแบบปิดบังบางส่วน)",
  body: () => z.object({ uuid: Uuid }),
  response: () => z.object({ status: ResultStatus, childrenlist: z.array(Friend), level2_count: z.number().int() }),
});

const Totals = schema(() => z.object({ today: z.number(), month: z.number(), all: z.number() }));

export const getTottalPostdigitPriceChildren = route({
  method: "POST",
  path: "/api/get-tottalpostdigitpricechildren",
  access: "player",
  summary: "ยอดแทงที่ได้ค่าคอมของเพื่อน (วันนี้ เดือนนี้ ทั้งหมด) ค่าคอมที่ได้ และยอดค่าคอมคงเหลือ",
  body: () => z.object({ uuid: Uuid }),
  response: () =>
    z.object({
      status: ResultStatus,
      stake: Totals,
      commission: Totals,
      /** The affiliate balance (baht), movable to the credit. */
      affiliate_credit: z.number(),
      /** Commission taken back (a round cancelled after settlement) that the balance could not cover, repaid from later commission. */
      debt: z.number(),
    }),
});

export const SubsidyDay = schema(() =>
  z.object({
    /** Bangkok calendar day, YYYY-MM-DD. */
    date: z.string(),
    level: z.number().int(),
    stake: z.number(),
    commission: z.number(),
    /** The commission as basis points of the stake (rates differ by lottery and bet type). */
    rate_bp: z.number(),
  }),
);
export type SubsidyDay = z.infer<typeof SubsidyDay>;

export const readSubsidyByDayPeriod = route({
  method: "POST",
  path: "/api/read-subsidyByDayPeriod",
  access: "player",
  summary: "ค่าคอมแนะนำเพื่อนรายวัน ย้อนหลังตามจำนวนวัน",
  body: () => z.object({ uuid: Uuid, dayperiod: DayPeriod }),
  response: () => z.object({ status: ResultStatus, subsidylist: z.array(SubsidyDay) }),
});

export const readSubsidyConfig = route({
  method: "POST",
  path: "/api/read-subsidyConfig",
  access: "player",
  summary: "อัตราค่าคอมแนะนำเพื่อนและยอดโยกขั้นต่ำ (config_str เป็น JSON ของ SubsidyConfig)",
  body: () => z.object({ typeconfig: z.literal("subsidy", { error: "typeconfig ต้องเป็น subsidy" }), uuid: Uuid }),
  response: () => z.object({ status: ResultStatus, config_str: z.string() }),
});

export const addWithdrawalAf = route({
  method: "POST",
  path: "/api/add-withdrawal-af",
  access: "player",
  summary: "โยกค่าคอมแนะนำเพื่อนเข้าเครดิตทันที; รองรับ Idempotency-Key",
  body: () =>
    z.object({
      uuid: Uuid,
      amount: BahtAmount,
      note: z.string().max(200, "หมายเหตุยาวเกินไป").optional().default(""),
    }),
  response: () =>
    z.object({
      status: ResultStatus,
      msg: z.string(),
      message: z.string(),
      id: z.number().int(),
      credit: z.number(),
      affiliate_credit: z.number(),
    }),
  errorField: "msg",
});

export const AfWithdrawal = schema(() =>
  z.object({ id: z.number().int(), amount: z.number(), note: z.string(), date_time: z.string(), created_at: z.string() }),
);
export type AfWithdrawal = z.infer<typeof AfWithdrawal>;

export const readWithdrawalListAf = route({
  method: "POST",
  path: "/api/read-withdrawallist-af",
  access: "player",
  summary: "ประวัติการโยกค่าคอมเข้าเครดิต",
  body: () => z.object({ uuid: Uuid, dayperiod: DayPeriod }),
  response: () => z.object({ status: ResultStatus, withdrawallist: z.array(AfWithdrawal) }),
});

// ---- Admin ----

export const adminReadSubsidyConfig = route({
  method: "POST",
  path: "/api/admin/read-subsidy-config",
  access: "admin",
  summary: "อัตราค่าคอมแนะนำเพื่อน",
  body: () => z.object({}).nullish(),
  response: () => z.object({ status: ResultStatus, config: SubsidyConfig }),
});

export const adminSaveSubsidyConfig = route({
  method: "POST",
  path: "/api/admin/save-subsidy-config",
  access: "admin",
  summary: "บันทึกอัตราค่าคอม: ปฏิเสธเมื่ออัตรารวมทุกชั้นเกินครึ่งหนึ่งของกำไรเจ้ามือของประเภทใด",
  body: () => SubsidyConfig,
  response: () => z.object({ status: ResultStatus, message: z.string(), config: SubsidyConfig }),
});

export const CommissionLine = schema(() =>
  z.object({
    slip_id: z.number().int(),
    round_id: z.number().int(),
    level: z.number().int(),
    friend: z.string(),
    stake: z.number(),
    commission: z.number(),
    created_at: z.string(),
    reversed_at: z.string().nullable(),
  }),
);

export const adminReferralTree = route({
  method: "POST",
  path: "/api/admin/referral-tree",
  access: "admin",
  summary: "สายงานแนะนำเพื่อนของผู้เล่น และค่าคอมล่าสุด",
  body: () => z.object({ uuid: Uuid }),
  response: () =>
    z.object({
      status: ResultStatus,
      username: z.string(),
      referrer: z.object({ uuid: Uuid, username: z.string() }).nullable(),
      friends: z.array(
        z.object({ uuid: Uuid, username: z.string(), level: z.number().int(), joined_at: z.string(), stake_all: z.number() }),
      ),
      commissions: z.array(CommissionLine),
      affiliate_credit: z.number(),
      debt: z.number(),
    }),
});

export const adminChangeReferrer = route({
  method: "POST",
  path: "/api/admin/change-referrer",
  access: "admin",
  summary: "เปลี่ยนผู้แนะนำของผู้เล่น (หรือเอาออก) พร้อมเหตุผล; บันทึกใน audit",
  body: () =>
    z.object({
      uuid: Uuid,
      referrer_uuid: Uuid.nullable(),
      reason: z.string({ error: "กรุณาระบุเหตุผล" }).trim().min(3, "กรุณาระบุเหตุผลอย่างน้อย 3 ตัวอักษร").max(300, "เหตุผลยาวเกินไป"),
    }),
  response: () => z.object({ status: ResultStatus, message: z.string() }),
});
