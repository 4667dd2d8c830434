import { z } from "zod";
import { AWARD_TYPES, BET_TYPES } from "../domain/bet-types";
import { ROUND_STATUSES } from "../domain/rounds";
import { SLIP_STATUS_KEYS } from "../domain/slip";
import { ActivityId, ResultStatus, Uuid, WholeNumber } from "./common";
import { route } from "./route";
import { DayPeriod } from "./wallet";
import { schema } from "./schema";

const MasterId = schema(() => WholeNumber("รหัสโพยไม่ถูกต้อง", { coerce: true }));
export const BetType = schema(() => z.enum(BET_TYPES, { error: "ประเภทการแทงไม่ถูกต้อง" }));

/** A line's stake in whole baht, as a number or as text of digits. */
const Stake = schema(() =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,7}$/, "จำนวนเงินแทงต้องเป็นจำนวนเต็มบาท")
          .transform(Number),
      ],
      { error: "กรุณากรอกจำนวนเงินแทง" },
    )
    .pipe(z.number().int("จำนวนเงินแทงต้องเป็นจำนวนเต็มบาท").positive("จำนวนเงินแทงต้องมากกว่า 0").max(1_000_000, "จำนวนเงินแทงสูงเกินไป")),
);

/**
 * One line of a slip as the client sends it; any rate it sends is ignored (the server fixes it). The stake is
 * `amount`; a line without it may name it `price`, as the specification names a game's stake, and is read the
 * same (docs/decisions/047). With `amount` present, `price` is ignored, whatever it holds.
 */
export const BetLine = schema(() =>
  z
    .object({
      award_type: BetType,
      number: z
        .string({ error: "กรุณากรอกเลข" })
        .trim()
        .regex(/^\d{1,3}$/, "เลขต้องเป็นตัวเลข 1-3 หลัก"),
      amount: Stake.optional(),
      price: z.unknown().optional(),
    })
    .transform(({ award_type, number, amount, price }, ctx) => {
      if (amount !== undefined) return { award_type, number, amount };
      const stake = Stake.safeParse(price ?? null);
      if (stake.success) return { award_type, number, amount: stake.data };
      ctx.issues.push({ code: "custom", input: price, path: ["amount"], message: stake.error.issues[0]?.message ?? "กรุณากรอกจำนวนเงินแทง" });
      return z.NEVER;
    }),
);

export const SlipLine = schema(() =>
  z.object({
    id: z.number().int(),
    award_type: z.enum(BET_TYPES),
    number: z.string(),
    amount: z.number(),
    paid: z.number(),
    /** The payout rate fixed when the slip was placed (× stake). */
    priceReturn: z.number(),
    result: z.enum(["win", "lose"]).nullable(),
    payout: z.number().nullable(),
  }),
);

export const Slip = schema(() =>
  z.object({
    master_id: z.number().int(),
    uuid: Uuid,
    username: z.string(),
    activityid: z.number().int(),
    configID: z.string(),
    name: z.string(),
    round_no: z.number().int(),
    draw_date: z.string(),
    timestop: z.string(),
    roundStatus: z.enum(ROUND_STATUSES),
    status: z.enum(["active", "non reactive", "cancel activity"]),
    /**
     * The state the player sees (รับแทง, ชนะ, แพ้, คืนโพย, ยกเลิก) by the server's clock when it answered, by
     * the one rule `slipState` (docs/decisions/036); a page showing the slip later applies the same rule.
     */
    state: z.enum(SLIP_STATUS_KEYS),
    totalAmount: z.number(),
    totalPaid: z.number(),
    totalWin: z.number(),
    date_time: z.string(),
    created_at: z.string(),
    lines: z.array(SlipLine),
  }),
);
export type Slip = z.infer<typeof Slip>;

export const RateConfig = schema(() =>
  z.object({
    betType: z.enum(BET_TYPES),
    rate: z.number(),
    minStake: z.number().int(),
    maxStake: z.number().int(),
    maxPerNumber: z.number().int(),
    discountPercent: z.number().int(),
  }),
);

export const getLottoConfigByActivityId = route({
  method: "POST",
  path: "/api/get-lotto-config-ByActivityID",
  access: "player",
  summary: "อัตราจ่ายและขั้นต่ำ/สูงสุดของงวด สำหรับระดับสมาชิกของผู้เรียก",
  body: () => z.object({ activity_id: ActivityId }),
  response: () =>
    z.object({
      status: ResultStatus,
      /** Keys `{betType}_{usertype lowercased}` as the browser caches them in configLottoObj. */
      configLotto: z.record(z.string(), RateConfig),
      /** Percent-lotto discounts per bet type (0 when none). */
      percentLottoObj: z.record(z.string(), z.number()),
    }),
});

export const DigitPrice = schema(() =>
  z.object({
    id: z.string(),
    activity_id: z.number().int(),
    award_type: z.enum(BET_TYPES),
    number: z.string(),
    digit: z.string(),
    new_price: z.number(),
    date_time: z.string(),
    created_at: z.string(),
  }),
);

export const readNewDigitPriceAddLastTime = route({
  method: "POST",
  path: "/api/read-newDigitPrice-AddLastTime",
  access: "player",
  summary: "เลขอั้น: ราคาล่าสุดของแต่ละเลขในงวด (0 = ปิดรับ)",
  body: () => z.object({ activity_id: ActivityId }),
  response: () => z.object({ status: ResultStatus, new_digit_price: z.array(DigitPrice) }),
});

/** A change of a restricted number as the back office's history shows it: new_price null reopened the number (docs/decisions/050). */
export const DigitPriceChange = schema(() => DigitPrice.extend({ new_price: z.number().nullable() }));

export const adminReadNewDigitPrice = route({
  method: "POST",
  path: "/api/admin-read-newDigitPrice",
  access: "admin",
  summary: "ประวัติการตั้งเลขอั้นของงวด (new_price null = เปิดรับคืน)",
  body: () => z.object({ activity_id: ActivityId }),
  response: () => z.object({ status: ResultStatus, new_digit_price: z.array(DigitPriceChange) }),
});

/** What a pasted list does to its numbers: close them, give them one lower price, or reopen them at the normal rate. */
export const DIGIT_LIST_MODES = ["closed", "price", "reopen"] as const;

export const adminSaveDigitPriceList = route({
  method: "POST",
  path: "/api/admin/digit-price-list",
  access: "admin",
  summary: "ตั้งเลขอั้นทีละหลายเลข: วางรายการเลข (คั่นด้วยช่องว่าง จุลภาค หรือขึ้นบรรทัดใหม่) แล้วปิดรับ ตั้งราคาเดียวกัน หรือเปิดรับคืน",
  body: () =>
    z.object({
      activity_id: ActivityId,
      award_type: BetType,
      numbers: z.string({ error: "กรุณาใส่รายการเลข" }).max(20_000, "รายการเลขยาวเกินไป"),
      mode: z.enum(DIGIT_LIST_MODES, { error: "กรุณาเลือกว่าจะปิดรับ ตั้งราคา หรือเปิดรับคืน" }),
      /** The lower rate (×stake) for mode "price"; ignored otherwise. */
      new_price: z.number({ error: "อัตราจ่ายต้องเป็นตัวเลข" }).positive("อัตราจ่ายต้องมากกว่า 0").max(100_000, "อัตราจ่ายสูงเกินไป").optional(),
    }),
  response: () =>
    z.object({
      status: ResultStatus,
      message: z.string(),
      /** Numbers whose price changed (one record each). */
      saved: z.number().int(),
      /** Numbers that already had this price (nothing written for them). */
      unchanged: z.number().int(),
      /** The round's restricted numbers in force after the save. */
      new_digit_price: z.array(DigitPrice),
    }),
});

export const adminCopyDigitPrices = route({
  method: "POST",
  path: "/api/admin/copy-digit-prices",
  access: "admin",
  summary: "คัดลอกเลขอั้นที่ใช้อยู่ของงวดก่อนหน้า (หวยเดียวกัน) มาใช้กับงวดนี้",
  body: () => z.object({ activity_id: ActivityId }),
  response: () =>
    z.object({
      status: ResultStatus,
      message: z.string(),
      /** The previous draw the list came from. */
      from_activity_id: z.number().int(),
      saved: z.number().int(),
      unchanged: z.number().int(),
      new_digit_price: z.array(DigitPrice),
    }),
});

export const adminAddDigitPrice = route({
  method: "POST",
  path: "/api/admin/add-digit-price",
  access: "admin",
  summary: "ตั้งเลขอั้น (อัตราจ่ายใหม่ของเลขในงวด, 0 = ปิดเลข)",
  body: () =>
    z.object({
      activity_id: ActivityId,
      award_type: BetType,
      number: z
        .string()
        .trim()
        .regex(/^\d{1,3}$/, "เลขต้องเป็นตัวเลข 1-3 หลัก"),
      new_price: z.number({ error: "กรุณากรอกอัตราจ่าย" }).min(0, "อัตราจ่ายต้องไม่ติดลบ").max(100_000, "อัตราจ่ายสูงเกินไป"),
    }),
  response: () => z.object({ status: ResultStatus, message: z.string(), new_digit_price: z.array(DigitPriceChange) }),
});

export const postNumberDigit = route({
  method: "POST",
  path: "/api/post-numberdigit-mockdata",
  access: "player",
  summary: "ส่งโพย: ตรวจทุกบรรทัด กำหนดอัตราจ่าย หักเครดิต ในธุรกรรมเดียว (ส่งซ้ำได้ผลครั้งเดียว)",
  body: () =>
    z.object({
      uuid: Uuid,
      activityid: ActivityId,
      /** The client's time of submission; with the lines it identifies a resubmission. */
      datetime: z
        .string({ error: "กรุณาส่งเวลาที่ส่งโพย (datetime)" })
        .min(1, "กรุณาส่งเวลาที่ส่งโพย (datetime)")
        .max(50)
        .refine((s) => [...s].every((c) => c >= " " && c !== "\u007f"), "เวลาที่ส่งโพยมีอักขระที่ใช้ไม่ได้"),
      numberlist: z.array(BetLine, { error: "กรุณาเพิ่มเลขที่จะแทง" }).min(1, "กรุณาเพิ่มเลขที่จะแทง").max(300, "แทงได้ไม่เกิน 300 รายการต่อโพย"),
    }),
  response: () =>
    z.object({
      status: ResultStatus,
      message: z.string(),
      master_id: z.number().int(),
      /** When the server accepted the slip (ISO 8601). */
      datetime: z.string(),
      credit: z.number(),
    }),
});

export const cancelSlip = route({
  method: "POST",
  path: "/api/cancel-allpostnumber-mockdata",
  access: "player",
  summary: "ยกเลิกโพยของตนเองขณะงวดยังเปิดรับ และคืนเครดิต",
  body: () =>
    z.object({
      uuid: Uuid,
      activityid: ActivityId,
      timestop: z.string().max(50).optional(),
      datetime: z.string().max(50).optional(),
      master_id: MasterId,
    }),
  response: () => z.object({ status: ResultStatus, message: z.string(), credit: z.number() }),
});

export const getPostdigitCancelLog = route({
  method: "POST",
  path: "/api/get-postdigit-cancel-log",
  access: "player",
  summary: "ประวัติโพยที่ยกเลิก",
  body: () => z.object({ uuid: Uuid, dayperiod: DayPeriod }),
  response: () => z.object({ status: ResultStatus, postnumberDigitCancelLog: z.array(Slip) }),
});

export const readPostNumberDigit = route({
  method: "POST",
  path: "/api/read-readpostnumberdigit",
  access: "player",
  summary: "โพยของผู้เล่นในงวดนี้",
  body: () => z.object({ activityid: ActivityId, uuid: Uuid }),
  response: () => z.object({ status: ResultStatus, postdigit_list: z.array(Slip) }),
});

export const readNumberDigit = route({
  method: "POST",
  path: "/api/read-numberdigit",
  access: "player",
  summary: "รายการเลขที่แทงในงวด (ของตนเอง; ผู้ดูแลเห็นทั้งหมด)",
  body: () => z.object({ activity_id: ActivityId }),
  response: () =>
    z.object({ status: ResultStatus, numberlist: z.array(SlipLine.extend({ master_id: z.number().int(), username: z.string() })) }),
});

export const getRefMasterId = route({
  method: "POST",
  path: "/api/get-ref-masterID",
  access: "player",
  summary: "รายละเอียดโพย",
  body: () => z.object({ ref_masterID: MasterId }),
  response: () => z.object({ status: ResultStatus, postDigitMasterObj: Slip }),
});

export const sumPostDigit = route({
  method: "POST",
  path: "/api/sumpostdigit",
  access: "player",
  summary: "ยอดแทงรวมต่อประเภทในงวด (ของตนเอง; ผู้ดูแลเห็นทั้งงวด)",
  body: () => z.object({ activity_id: ActivityId }),
  response: () =>
    z.object({
      status: ResultStatus,
      sums: z.array(z.object({ award_type: z.enum(BET_TYPES), amount: z.number(), lines: z.number().int() })),
      total: z.number(),
    }),
});

export const postdigitList = route({
  method: "POST",
  path: "/api/postdigitList",
  access: "player",
  summary: "โพยของผู้เล่นย้อนหลัง (วัน)",
  body: () => z.object({ period: DayPeriod }),
  response: () =>
    z.object({
      status: ResultStatus,
      postdigit_list: z.array(Slip),
      /** Counted from the slips listed, by their `state` (docs/decisions/036). */
      totals: z.object({ count: z.number().int(), staked: z.number(), won: z.number() }),
    }),
});

export const checkToadThreeDigit = route({
  method: "POST",
  path: "/api/check-toad-threedigit",
  access: "player",
  summary: "เลขโต๊ดทั้งหมดของเลข 3 ตัว",
  body: () =>
    z.object({
      threedigit: z
        .string()
        .trim()
        .regex(/^\d{3}$/, "ต้องเป็นเลข 3 หลัก"),
    }),
  response: () => z.object({ status: ResultStatus, toadlist: z.array(z.string()) }),
});

export const addDraftDigit = route({
  method: "POST",
  path: "/api/add-draft-digit",
  access: "player",
  summary: "บันทึกชุดเลขไว้ใช้ภายหลัง",
  body: () => z.object({ uuid: Uuid, numberlist_str: z.string().min(2, "ชุดเลขว่าง").max(20_000, "ชุดเลขยาวเกินไป") }),
  response: () => z.object({ status: ResultStatus, message: z.string(), id: z.number().int() }),
});

export const removeDraftDigit = route({
  method: "POST",
  path: "/api/remove-draft-digit",
  access: "player",
  summary: "ลบชุดเลขที่บันทึกไว้",
  body: () => z.object({ id: WholeNumber("รหัสไม่ถูกต้อง", { coerce: true }) }),
  response: () => z.object({ status: ResultStatus, message: z.string() }),
});

export const readDraftDigit = route({
  method: "POST",
  path: "/api/read-draft-digit",
  access: "player",
  summary: "ชุดเลขที่บันทึกไว้",
  body: () => z.object({ uuid: Uuid }),
  response: () =>
    z.object({
      status: ResultStatus,
      draftlist: z.array(z.object({ id: z.number().int(), uuid: Uuid, numberlist_str: z.string(), date_time: z.string() })),
    }),
});

export const adminLottoConfig = route({
  method: "POST",
  path: "/api/admin/lotto-config",
  access: "admin",
  summary: "อัตราจ่ายของหวย (ทุกระดับสมาชิก)",
  body: () => z.object({ configID: z.string().regex(/^[a-z0-9-]{2,40}$/, "รหัสหวยไม่ถูกต้อง") }),
  response: () => z.object({ status: ResultStatus, rates: z.array(RateConfig.extend({ userType: z.string() })) }),
});

export const adminUpdateLottoConfig = route({
  method: "POST",
  path: "/api/admin/update-lotto-config",
  access: "admin",
  summary: "แก้อัตราจ่าย ขั้นต่ำ/สูงสุด เพดานต่อเลข และส่วนลด",
  body: () =>
    z.object({
      configID: z.string().regex(/^[a-z0-9-]{2,40}$/, "รหัสหวยไม่ถูกต้อง"),
      userType: z.string().regex(/^[a-z0-9_]{2,20}$/, "ระดับสมาชิกไม่ถูกต้อง"),
      betType: BetType,
      rate: z.number().min(0, "อัตราจ่ายต้องไม่ติดลบ").max(100_000, "อัตราจ่ายสูงเกินไป"),
      minStake: WholeNumber("ขั้นต่ำต้องเป็นจำนวนเต็มบาท 1 ถึง 1,000,000", { max: 1_000_000 }),
      maxStake: WholeNumber("สูงสุดต้องเป็นจำนวนเต็มบาท 1 ถึง 1,000,000", { max: 1_000_000 }),
      maxPerNumber: WholeNumber("เพดานต่อเลขต้องเป็นจำนวนเต็มบาท 1 ถึง 1,000,000,000", { max: 1_000_000_000 }),
      discountPercent: z.number().int().min(0).max(99, "ส่วนลดไม่เกิน 99%"),
    }),
  response: () => z.object({ status: ResultStatus, message: z.string() }),
});

export { AWARD_TYPES };
