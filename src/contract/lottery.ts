import { z } from "zod";
import { AWARD_TYPES } from "../domain/bet-types";
import { ROUND_STATUSES } from "../domain/rounds";
import { parseClientDate } from "../domain/thai-date";
import { ActivityId, ResultStatus } from "./common";
import { route } from "./route";
import { schema } from "./schema";

export const LOTTERY_GROUPS = ["yeekee", "yeekee5minute", "stateLottery", "stockLottery", "percentLotto"] as const;
export const LotteryGroup = schema(() => z.enum(LOTTERY_GROUPS));
export type LotteryGroup = z.infer<typeof LotteryGroup>;
/** The groups whose rounds are yeekee: results come from players' shots. */
export const YEEKEE_GROUPS = ["yeekee", "yeekee5minute"] as const;
export const isYeekeeGroup = (group: string): boolean => (YEEKEE_GROUPS as readonly string[]).includes(group);
/** Finer than the group, for the home page's sections: Thai state, foreign, stock, yeekee, percent. */
export const LotteryCategory = schema(() => z.enum(["thai", "foreign", "stock", "yeekee", "percent"]));
export const ResultKind = schema(() => z.enum(["thai", "stock", "simple", "yeekee"]));
export const RoundStatus = schema(() => z.enum(ROUND_STATUSES));

const LotteryId = schema(() => z.string({ error: "รหัสหวยไม่ถูกต้อง" }).regex(/^[a-z0-9-]{2,40}$/, "รหัสหวยไม่ถูกต้อง"));

export const Activity = schema(() =>
  z.object({
    activityid: z.number().int(),
    configID: z.string(),
    name: z.string(),
    group: LotteryGroup,
    icon: z.string().nullable(),
    round_no: z.number().int(),
    /** Gregorian YYYY-MM-DD in Bangkok; `date_th` is its Thai Buddhist-era form. */
    draw_date: z.string(),
    date_th: z.string(),
    open_at: z.string(),
    timestop: z.string(),
    result_at: z.string(),
    status: RoundStatus,
    /** Accepting bets now, by the server's clock. */
    isOpen: z.boolean(),
    /**
     * Yeekee: SHA-256 of the round's sealed seed, published from its first moment; the seed is revealed at
     * the result time and decides the offset added to the result (null for other lotteries).
     */
    seed_commitment: z.string().nullable(),
  }),
);
export type Activity = z.infer<typeof Activity>;

export const ActivityList = schema(() =>
  z.object({
    status: ResultStatus,
    activitylist: z.array(Activity),
    /** The business date shown, Thai Buddhist era ("6 มีนาคม 2569"). */
    date: z.string(),
    /** The server's time, ISO 8601. */
    timenow: z.string(),
    /** Minutes between rounds (yeekee) or until the next close (others). */
    timeminutes: z.number(),
  }),
);

export const getActivityYeekee = route({
  method: "GET",
  path: "/api/get-activity-yeekee/:id",
  access: "player",
  summary: "งวดยี่กีของวันนี้ (id = รหัสหวย yeekee หรือ yeekee5)",
  body: undefined,
  params: () => z.object({ id: LotteryId }),
  response: () => ActivityList,
});

export const getActivityOtherLotto = route({
  method: "POST",
  path: "/api/get-activity-other-lotto",
  access: "player",
  summary: "งวดที่เปิดและงวดล่าสุดของหวยอื่น",
  body: () => z.object({ configID: LotteryId }),
  response: () => ActivityList,
});

export const checkTimeout = route({
  method: "POST",
  path: "/post-checktimeout-postnumber",
  access: "player",
  summary: "งวดนี้ยังรับแทงอยู่หรือไม่ ตามนาฬิกาของเซิร์ฟเวอร์",
  body: () => z.object({ activityid: ActivityId, activitytype: z.string().max(40).optional() }),
  response: () =>
    z.object({
      status: ResultStatus,
      isOpen: z.boolean(),
      timeout: z.boolean(),
      timestop: z.string(),
      timenow: z.string(),
      secondsLeft: z.number().int(),
    }),
});

export const LatestResult = schema(() =>
  z.object({ activityid: z.number().int(), draw_date: z.string(), date_th: z.string(), top3: z.string(), bottom2: z.string() }),
);

export const LottoListItem = schema(() =>
  z.object({
    configID: z.string(),
    name: z.string(),
    group: LotteryGroup,
    category: LotteryCategory,
    icon: z.string().nullable(),
    /** The round that closes next (open now or opening soon). */
    nextRound: Activity.nullable(),
    /**
     * With no next round (a stock lottery over the weekend): when its schedule opens the next one (ISO), else
     * null. Optional: a list a browser cached before the field came has none.
     */
    nextOpenAt: z.string().nullish(),
    latestResult: LatestResult.nullable(),
  }),
);
export type LottoListItem = z.infer<typeof LottoListItem>;

export const lottoList = route({
  method: "POST",
  path: "/api/lottolist",
  access: "player",
  summary: "รายการหวยทั้งหมด พร้อมงวดถัดไปและผลล่าสุด",
  body: () => z.object({}).nullish(),
  response: () => z.object({ status: ResultStatus, lottoList: z.array(LottoListItem) }),
});

export const cacheData = route({
  method: "POST",
  path: "/api/cache-data",
  access: "player",
  summary: "ที่เก็บข้อมูลชั่วคราวของผู้เล่น (key readLosttoList)",
  body: () =>
    z.object({
      key: z.enum(["readLosttoList"], { error: "key ไม่รองรับ" }),
      action: z.enum(["get", "set"], { error: "action ต้องเป็น get หรือ set" }),
      // Any JSON value, as the specification's client caches what it holds: text is kept as it is, anything
      // else as its JSON text (docs/decisions/047).
      val: z
        .json({ error: "ข้อมูล val ต้องเป็น JSON" })
        .transform((value) => (typeof value === "string" ? value : JSON.stringify(value)))
        .pipe(z.string().max(256 * 1024, "ข้อมูลใหญ่เกินไป"))
        .optional(),
    }),
  response: () => z.object({ status: ResultStatus, val: z.string().nullable() }),
});

export const AwardLine = schema(() =>
  z.object({
    activity_id: z.number().int(),
    award_type: z.enum(AWARD_TYPES),
    number: z.string(),
    /** When the result was added, dd/mm/yyyy hh:mm:ss Buddhist era. */
    date_time: z.string(),
  }),
);
export type AwardLine = z.infer<typeof AwardLine>;

export const award = route({
  method: "POST",
  path: "/api/award",
  access: "player",
  summary: "ผลรางวัลของงวด",
  body: () => z.object({ activityid: ActivityId }),
  response: () => z.object({ status: ResultStatus, awardlist: z.array(AwardLine) }),
});

/**
 * A day as "YYYY-MM-DD" after parsing: ISO, or dd/mm/yyyy in the Buddhist era as the specification's pages
 * show dates (16/11/2569 is 2026-11-16; docs/decisions/047).
 */
const ClientDate = schema(() =>
  z
    .string({ error: "กรุณาระบุวันที่" })
    .max(20, "วันที่ไม่ถูกต้อง")
    .transform((text, ctx) => {
      const day = parseClientDate(text);
      if (day) return day;
      ctx.issues.push({ code: "custom", input: text, message: "วันที่ต้องอยู่ในรูปแบบ YYYY-MM-DD หรือ วว/ดด/ปปปป (พ.ศ.)" });
      return z.NEVER;
    }),
);

export const getAllAwardList = route({
  method: "POST",
  path: "/get-all-awardlist",
  access: "player",
  summary: "ผลรางวัลทุกหวยของวันที่ (YYYY-MM-DD หรือ วว/ดด/ปปปป พ.ศ.)",
  body: () => z.object({ date: ClientDate }),
  response: () =>
    z.object({
      status: ResultStatus,
      /** Yeekee award lines (not tod). */
      Arr: z.array(AwardLine),
      /** Tod (ThreeDigitToad) lines of every lottery. */
      ArrToad: z.array(AwardLine),
      /** Rounds of the other lotteries on that date. */
      ArrOtherLotto: z.array(Activity),
      /** Yeekee rounds on that date. */
      ArrActivity: z.array(Activity),
      /** Award lines of the other lotteries (not tod). */
      ArrOtherAward: z.array(AwardLine),
    }),
});

// ---- admin ----

const Digits = (n: number, what: string) =>
  z
    .string({ error: `กรุณากรอก${what}` })
    .trim()
    .regex(new RegExp(`^\\d{${n}}$`), `${what}ต้องเป็นตัวเลข ${n} หลัก`);

export const ResultFields = schema(() =>
  z.object({
    firstPrize: Digits(6, "รางวัลที่ 1").optional(),
    front3: z.array(Digits(3, "เลขหน้า 3 ตัว")).length(2, "เลขหน้า 3 ตัวต้องมี 2 รางวัล").optional(),
    rear3: z.array(Digits(3, "เลขท้าย 3 ตัว")).length(2, "เลขท้าย 3 ตัวต้องมี 2 รางวัล").optional(),
    twoDigit: Digits(2, "เลขท้าย 2 ตัว").optional(),
    close: z
      .string()
      .trim()
      .regex(/^[\d,]+(\.\d{1,2})?$/, "ราคาปิดต้องเป็นตัวเลข เช่น 38,123.45")
      .optional(),
    change: z
      .string()
      .trim()
      .regex(/^[+-]?[\d,]+(\.\d{1,2})?$/, "ค่าเปลี่ยนแปลงต้องเป็นตัวเลข เช่น -123.67")
      .optional(),
    threeTop: Digits(3, "3 ตัวบน").optional(),
    twoBottom: Digits(2, "2 ตัวล่าง").optional(),
  }),
);

export const WinningNumbers = schema(() =>
  z.object({ top3: z.string(), bottom2: z.string(), front3: z.array(z.string()), rear3: z.array(z.string()) }),
);

/**
 * What a result would pay (the preview of add-award), summed by settlement's own rules: winning lines, their
 * payout, the round's stakes and the house result (stakes − payouts); for a correction, what each player was
 * paid already (taken back) and the change. Baht.
 */
export const ResultPayout = schema(() =>
  z.object({
    correction: z.boolean(),
    lines: z.number().int(),
    total: z.number(),
    paidBefore: z.number(),
    stakes: z.number(),
    house: z.number(),
    players: z.array(
      z.object({
        uuid: z.string(),
        username: z.string(),
        lines: z.number().int(),
        payout: z.number(),
        paidBefore: z.number(),
        /** + added, − taken back. */
        change: z.number(),
        /** The player's credit is below what a correction takes back first: the correction would be refused. */
        shortOfCredit: z.boolean(),
      }),
    ),
  }),
);

export const addAward = route({
  method: "POST",
  path: "/api/admin/add-award",
  access: "admin",
  summary: "ลงผลรางวัล (preview: true = ดูเลขที่ถูกรางวัลและยอดจ่ายก่อน ไม่บันทึก); แก้ผลต้องส่ง correction และ reason",
  body: () =>
    ResultFields.extend({
      activityid: ActivityId,
      preview: z.boolean().optional().default(false),
      correction: z.boolean().optional().default(false),
      reason: z.string().trim().max(300, "เหตุผลยาวเกินไป").optional(),
    }),
  response: () =>
    z.object({
      status: ResultStatus,
      message: z.string(),
      preview: z.boolean(),
      winning: WinningNumbers,
      awardlist: z.array(z.object({ award_type: z.enum(AWARD_TYPES), number: z.string() })),
      /** With preview: what the result would pay. */
      payout: ResultPayout.optional(),
    }),
});

export const closeActivity = route({
  method: "POST",
  path: "/api/admin/close-activity",
  access: "admin",
  summary: "ปิดรับแทงงวดนี้ก่อนเวลา",
  body: () => z.object({ activityid: ActivityId }),
  response: () => z.object({ status: ResultStatus, message: z.string(), activity: Activity }),
});

export const cancelActivity = route({
  method: "POST",
  path: "/api/admin/cancel-activity",
  access: "admin",
  summary: "ยกเลิกงวด (คืนโพยทั้งหมด) พร้อมเหตุผล",
  body: () =>
    z.object({
      activityid: ActivityId,
      note: z.string({ error: "กรุณาระบุเหตุผล" }).trim().min(3, "กรุณาระบุเหตุผลอย่างน้อย 3 ตัวอักษร").max(300, "เหตุผลยาวเกินไป"),
    }),
  response: () =>
    z.object({
      status: ResultStatus,
      message: z.string(),
      activity: Activity,
      /** Slips refunded by this call, and slips still held by another request (refunded by the ticker within seconds). */
      refunded: z.number().int(),
      pending: z.number().int(),
    }),
});

export const readLogAdminCancelActivity = route({
  method: "POST",
  path: "/read-logAdmin-cancelActivity",
  access: "admin",
  summary: "ประวัติการยกเลิกงวด",
  body: () => z.object({ activityid: ActivityId }),
  response: () =>
    z.object({
      status: ResultStatus,
      loglist: z.array(
        z.object({
          id: z.number().int(),
          activityid: z.number().int(),
          event: z.string(),
          note: z.string().nullable(),
          username: z.string().nullable(),
          date_time: z.string(),
        }),
      ),
    }),
});

export const resultFeed = route({
  method: "POST",
  path: "/api/admin/result-feed",
  access: "public",
  summary: "รับผลรางวัลจากระบบภายนอก (ลงลายมือชื่อ HMAC-SHA256 ใน X-Feed-Timestamp / X-Feed-Signature)",
  body: () => ResultFields.extend({ activityid: ActivityId }),
  response: () => z.object({ status: ResultStatus, message: z.string() }),
});

export const Schedule = schema(() => z.record(z.string(), z.unknown()));
export const AdminLottery = schema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    group: LotteryGroup,
    category: LotteryCategory,
    resultKind: ResultKind,
    schedule: Schedule,
    active: z.boolean(),
  }),
);

export const adminLotteries = route({
  method: "POST",
  path: "/api/admin/lotteries",
  access: "admin",
  summary: "แคตตาล็อกหวยและตารางงวด",
  body: () => z.object({}).nullish(),
  response: () => z.object({ status: ResultStatus, lotteries: z.array(AdminLottery) }),
});

export const adminUpdateLottery = route({
  method: "POST",
  path: "/api/admin/update-lottery",
  access: "admin",
  summary: "แก้ชื่อ เปิด/ปิด และตารางงวดของหวย (มีผลกับงวดที่สร้างหลังจากนี้)",
  body: () =>
    z.object({
      id: LotteryId,
      name: z.string().trim().min(2, "ชื่อหวยสั้นเกินไป").max(60, "ชื่อหวยยาวเกินไป"),
      active: z.boolean(),
      schedule: Schedule,
    }),
  response: () => z.object({ status: ResultStatus, lottery: AdminLottery }),
});

export const adminRounds = route({
  method: "POST",
  path: "/api/admin/rounds",
  access: "admin",
  summary: "งวดของวันที่ (ทุกสถานะ) สำหรับลงผล ปิด และยกเลิก",
  body: () => z.object({ date: z.iso.date({ error: "วันที่ต้องอยู่ในรูปแบบ YYYY-MM-DD" }), configID: LotteryId.optional() }),
  response: () =>
    z.object({
      status: ResultStatus,
      activitylist: z.array(Activity.extend({ resultKind: ResultKind, result: z.record(z.string(), z.unknown()).nullable() })),
    }),
});
