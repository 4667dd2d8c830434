import { z } from "zod";
import { isMovementKind } from "../domain/movements";
import { Uuid, ResultStatus, WholeNumber } from "./common";
import { route } from "./route";
import { DayPeriod } from "./wallet";
import { schema } from "./schema";

// The player's own account pages (docs/decisions/028): every movement of their money, the win notice, and the
// results history of a lottery. The movement kinds and their Thai labels are src/domain/movements.ts.

const MovementKindName = schema(() => z.string({ error: "ประเภทรายการไม่ถูกต้อง" }).refine(isMovementKind, "ประเภทรายการไม่ถูกต้อง"));

/** Where a movement came from, for a link: the slips it paid or took, or the request it settled. */
export const MovementSource = schema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("slips"), round: z.number().int().nullable(), slips: z.array(z.number().int()) }),
    z.object({ type: z.literal("deposit"), id: z.number().int() }),
    z.object({ type: z.literal("withdrawal"), id: z.number().int() }),
    z.object({ type: z.literal("game"), id: z.number().int() }),
    z.object({ type: z.literal("yeekee"), round: z.number().int(), position: z.number().int() }),
    z.object({ type: z.literal("redemption"), id: z.number().int() }),
    z.object({ type: z.literal("affiliate"), id: z.number().int() }),
  ]),
);
export type MovementSource = z.infer<typeof MovementSource>;

export const Movement = schema(() =>
  z.object({
    /** The ledger entry's id: the list's order and its page key. */
    id: z.number().int(),
    kind: z.string(),
    /** The kind's Thai label (movementLabel). */
    label: z.string(),
    /** Baht; positive into the credit, negative out of it. */
    amount: z.number(),
    balance_after: z.number(),
    /** The operator's note of an adjustment (null for other movements). */
    note: z.string().nullable(),
    source: MovementSource.nullable(),
    date_time: z.string(),
    created_at: z.string(),
  }),
);
export type Movement = z.infer<typeof Movement>;

export const HISTORY_PAGE_SIZES = [10, 20, 30, 50, 100] as const;

export const readMoneyHistory = route({
  method: "POST",
  path: "/api/read-money-history",
  access: "player",
  summary: "ประวัติการเงินของผู้เล่น: ทุกรายการที่ผ่านเครดิต พร้อมยอดคงเหลือหลังรายการ (กรองประเภท/ช่วงวัน, แบ่งหน้า)",
  body: () =>
    z.object({
      uuid: Uuid,
      /** Only these kinds; none or empty: every kind. */
      kinds: z.array(MovementKindName).max(30, "เลือกประเภทได้ไม่เกิน 30 ประเภท").optional(),
      dayperiod: DayPeriod.optional().default(30),
      /** The page after this entry id (the previous page's `next`); absent: the newest page. */
      before: WholeNumber("หน้าถัดไปไม่ถูกต้อง").optional(),
      limit: WholeNumber("จำนวนรายการต่อหน้าต้องเป็น 1-100", { max: 100 }).optional().default(30),
    }),
  response: () =>
    z.object({
      status: ResultStatus,
      /** The credit now (the header's figure); the newest movement's balance_after equals it. */
      credit: z.number(),
      list: z.array(Movement),
      /** The `before` of the next (older) page, null when this was the last. */
      next: z.number().int().nullable(),
    }),
});

export const WonSlip = schema(() =>
  z.object({
    master_id: z.number().int(),
    activityid: z.number().int(),
    /** The lottery's name and the round's Thai date. */
    name: z.string(),
    date_th: z.string(),
    /** What the slip's winning lines paid, baht. */
    win: z.number(),
  }),
);

export const readWinNotice = route({
  method: "POST",
  path: "/api/read-win-notice",
  access: "player",
  summary: "โพยที่ถูกรางวัลซึ่งผู้เล่นยังไม่ได้เห็น (ตั้งแต่ครั้งล่าสุดที่กดรับทราบ)",
  body: () => z.object({ uuid: Uuid.optional() }).nullish(),
  response: () =>
    z.object({
      status: ResultStatus,
      /** Baht won on the slips below. */
      total: z.number(),
      slips: z.array(WonSlip),
      /** Send this as `upTo` when the player has seen them; 0 when there is nothing new. */
      upTo: z.number().int(),
    }),
});

export const seenWinNotice = route({
  method: "POST",
  path: "/api/seen-win-notice",
  access: "player",
  summary: "รับทราบการแจ้งถูกรางวัล (ถึงรายการที่เห็นแล้ว)",
  body: () => z.object({ uuid: Uuid.optional(), upTo: WholeNumber("รายการที่รับทราบไม่ถูกต้อง") }),
  response: () => z.object({ status: ResultStatus }),
});

export const RESULT_HISTORY_DRAWS = [10, 30, 100] as const;

export const ResultDraw = schema(() =>
  z.object({
    activityid: z.number().int(),
    round_no: z.number().int(),
    draw_date: z.string(),
    date_th: z.string(),
    /** สามตัวบน and สองตัวล่าง of the round. */
    top3: z.string(),
    bottom2: z.string(),
  }),
);
export type ResultDraw = z.infer<typeof ResultDraw>;

export const readResultHistory = route({
  method: "POST",
  path: "/api/read-result-history",
  access: "player",
  summary: "ผลรางวัลย้อนหลัง N งวดของหวย (10/30/100) สำหรับสถิติเลขสองตัว",
  body: () =>
    z.object({
      configID: z.string({ error: "รหัสหวยไม่ถูกต้อง" }).regex(/^[a-z0-9-]{2,40}$/, "รหัสหวยไม่ถูกต้อง"),
      draws: z.coerce
        .number({ error: "จำนวนงวดต้องเป็น 10, 30 หรือ 100" })
        .refine((n) => (RESULT_HISTORY_DRAWS as readonly number[]).includes(n), "จำนวนงวดต้องเป็น 10, 30 หรือ 100"),
    }),
  response: () => z.object({ status: ResultStatus, name: z.string(), draws: z.array(ResultDraw) }),
});
