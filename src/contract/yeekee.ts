import { z } from "zod";
import { ActivityId, EmptyBody, ResultStatus, Uuid, WholeNumber } from "./common";
import { DayPeriod } from "./wallet";
import { shotHash, YEEKEE_MIN_SHOTS_MAX } from "../domain/yeekee";
import { route } from "./route";
import { schema } from "./schema";

/** A shot as listed: others' names are masked; `shooter` is the per-round pseudonym the chain hashes. */
export const NumberRecord = schema(() =>
  z.object({
    uuid: z.string(),
    username: z.string(),
    shooter: z.string(),
    activityid: z.number().int(),
    number: z.string(),
    seq: z.number().int(),
    /** The instant the server received it (ISO, exactly as hashed). */
    at: z.string(),
    hash: z.string(),
    timestop: z.string(),
    dateTimeStop: z.string(),
    activitytype: z.string(),
  }),
);
export type NumberRecord = z.infer<typeof NumberRecord>;

/** The messages of the live feed `GET /api/ws/yeekee?activityid=N&after=SEQ` (server → browser). */
export const LiveMessage = schema(() =>
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("hello"),
      activityid: z.number(),
      timenow: z.string(),
      shootUntil: z.string(),
      count: z.number().int(),
      head: z.string(),
      status: z.string().optional(),
    }),
    /**
     * Shots sent together (the server batches them): consecutive, seq `from` to `count`, in order. Each
     * shot is a row [seq, number, username, shooter, at]; the round's fields are sent once. `firstHash` is
     * the chain hash of shot `from`: each later one is computed from it (the chain rule, as anyone can),
     * and the last one must come out as `head`.
     */
    z.object({
      type: z.literal("shots"),
      from: z.number().int(),
      count: z.number().int(),
      head: z.string(),
      activityid: z.number().int(),
      timestop: z.string(),
      dateTimeStop: z.string(),
      activitytype: z.string(),
      firstHash: z.string(),
      shots: z.array(z.tuple([z.number().int(), z.string(), z.string(), z.string(), z.string()])),
    }),
    z.object({ type: z.literal("result"), activityid: z.number(), result: z.enum(["result", "void"]) }),
    z.object({ type: z.literal("error"), message: z.string() }),
  ]),
);
export type LiveMessage = z.infer<typeof LiveMessage>;
export type LiveShots = Extract<LiveMessage, { type: "shots" }>;

/** Consecutive shots of one round (as listed to a watcher) packed into a live message. */
export function packLiveShots(records: NumberRecord[]): LiveShots {
  const first = records[0]!;
  const last = records[records.length - 1]!;
  return {
    type: "shots",
    from: first.seq,
    count: last.seq,
    head: last.hash,
    activityid: first.activityid,
    timestop: first.timestop,
    dateTimeStop: first.dateTimeStop,
    activitytype: first.activitytype,
    firstHash: first.hash,
    shots: records.map((r) => [r.seq, r.number, r.username, r.shooter, r.at]),
  };
}

/**
 * The shots of a live message as listed records (a watcher is anonymous: no uuid), each hash computed
 * from the one before it; if the last does not come out as the message's head, the records say so
 * (their hashes no longer match the published head, which verification checks).
 */
export function unpackLiveShots(m: LiveShots): NumberRecord[] {
  const round = { activityid: m.activityid, timestop: m.timestop, dateTimeStop: m.dateTimeStop, activitytype: m.activitytype };
  let hash = "";
  return m.shots.map(([seq, number, username, shooter, at], i) => {
    hash = i === 0 ? m.firstHash : shotHash(hash, { seq, number, userId: shooter, at });
    return { uuid: "", username, shooter, number, seq, at, hash, ...round };
  });
}

export const postNumberRecord = route({
  method: "POST",
  path: "/api/post-numberrecord-mockdata",
  access: "player",
  summary: "ยิงเลขยี่กี 5 หลัก (ระหว่างเวลายิง มีจำกัดความถี่ต่อผู้เล่น)",
  body: () =>
    z.object({
      uuid: Uuid,
      activityid: ActivityId,
      number: z
        .string({ error: "กรุณากรอกเลข 5 หลัก" })
        .trim()
        .regex(/^\d{5}$/, "เลขยิงต้องเป็นตัวเลข 5 หลัก"),
    }),
  response: () => z.object({ status: ResultStatus, message: z.string(), record: NumberRecord, head: z.string(), count: z.number().int() }),
});

export const readNumberRecord = route({
  method: "POST",
  path: "/api/read-numberrecord",
  access: "player",
  summary: "เลขที่ยิงในงวดยี่กี ตามลำดับที่เซิร์ฟเวอร์ได้รับ พร้อมหัวของสายแฮช",
  body: () => z.object({ activityid: ActivityId, after: WholeNumber("ลำดับเลขที่ยิงไม่ถูกต้อง", { min: 0, coerce: true }).optional() }),
  response: () =>
    z.object({
      status: ResultStatus,
      recordlist: z.array(NumberRecord),
      head: z.string(),
      count: z.number().int(),
      /** Shooting closes at this instant (the round's result time). */
      shootUntil: z.string(),
      /** SHA-256 of the round's sealed seed, published from the round's first moment (null: a round from before seeds). */
      seedCommitment: z.string().nullable(),
      /** The seed (64 hex digits), revealed from the result time on; null before. */
      seed: z.string().nullable(),
      /** The offset the result was decided with (0 to 99999); null until the result, and for a cancelled round. */
      offset: z.number().int().nullable(),
      /** The operator's minimum number of shots now (0: every round gets a result however few its shots). */
      minShots: z.number().int(),
      /**
       * Why the round was cancelled (null: it was not): fewer shots than the operator's minimum at the
       * result time (`minShots` null for rounds voided before the minimum was recorded), or the operator
       * cancelled it. A cancelled round has no result (docs/decisions/034).
       */
      cancelled: z
        .discriminatedUnion("reason", [
          z.object({ reason: z.literal("minShots"), shots: z.number().int(), minShots: z.number().int().nullable() }),
          z.object({ reason: z.literal("operator") }),
        ])
        .nullable(),
    }),
});

export const LuckyPerson = schema(() =>
  z.object({
    activityid: z.number().int(),
    position: z.union([z.literal(1), z.literal(16)]),
    label: z.string(),
    username: z.string(),
    number: z.string(),
    amount: z.number(),
    paid: z.boolean(),
    date_time: z.string(),
  }),
);

export const readLuckyPerson = route({
  method: "POST",
  path: "/api/read-luckyperson-OneAndSixteenRecord",
  access: "player",
  summary: "ผู้ยิงลำดับที่ 1 และ 16 และรางวัลที่ได้รับ: ของผู้เล่นเองในช่วงวัน ({uuid, dayperiod}), ของงวด ({activityid}) หรือล่าสุด",
  body: () => z.object({ activityid: ActivityId.optional(), uuid: Uuid.optional(), dayperiod: DayPeriod.optional() }).nullish(),
  response: () => z.object({ status: ResultStatus, luckylist: z.array(LuckyPerson) }),
});

const BahtSetting = (label: string) =>
  z
    .number({ error: `${label}ต้องเป็นตัวเลข` })
    .min(0, `${label}ต้องไม่ติดลบ`)
    .max(1_000_000, `${label}ต้องไม่เกิน 1,000,000 บาท`);

/**
 * The operator's yeekee settings (site_config `yeekee`). `minShots` 0 means every round gets a result
 * whatever the number of shots; a round with fewer shots than a higher minimum is void
 * (docs/decisions/034).
 */
export const YeekeeConfig = schema(() =>
  z.object({
    minShots: WholeNumber(`จำนวนเลขยิงขั้นต่ำต้องเป็นจำนวนเต็ม 0 ถึง ${YEEKEE_MIN_SHOTS_MAX}`, { min: 0, max: YEEKEE_MIN_SHOTS_MAX }),
    shotIntervalSeconds: WholeNumber("ระยะห่างระหว่างการยิงต้องเป็นจำนวนเต็ม 0 ถึง 3600 วินาที", { min: 0, max: 3600 }),
    rewardOne: BahtSetting("รางวัลผู้ยิงลำดับที่ 1 "),
    rewardSixteen: BahtSetting("รางวัลผู้ยิงลำดับที่ 16 "),
    minStakeForReward: BahtSetting("ยอดแทงขั้นต่ำเพื่อรับรางวัล"),
  }),
);
export type YeekeeConfig = z.infer<typeof YeekeeConfig>;

export const adminReadYeekeeConfig = route({
  method: "POST",
  path: "/api/admin/read-yeekee-config",
  access: "admin",
  summary: "ตั้งค่ายี่กี: จำนวนเลขยิงขั้นต่ำ ระยะห่างระหว่างการยิง และรางวัลผู้ยิงลำดับที่ 1 และ 16",
  body: () => EmptyBody,
  response: () => z.object({ status: ResultStatus, config: YeekeeConfig }),
});

export const adminSaveYeekeeConfig = route({
  method: "POST",
  path: "/api/admin/save-yeekee-config",
  access: "admin",
  summary: "บันทึกการตั้งค่ายี่กี (จำนวนเลขยิงขั้นต่ำ 0 คือออกผลทุกรอบไม่ว่าจะยิงกี่เลข)",
  body: () => YeekeeConfig,
  response: () => z.object({ status: ResultStatus, message: z.string(), config: YeekeeConfig }),
});

/** A player with an active stake in a round who shot in its final minute (docs/decisions/012). */
export const LateShooter = schema(() =>
  z.object({
    uuid: z.string(),
    username: z.string(),
    /** Shots in the 60 seconds before the result time. */
    lateShots: z.number().int(),
    /** The player's active stake in the round (baht). */
    stake: z.number(),
  }),
);

export const readYeekeeWatch = route({
  method: "POST",
  path: "/api/admin/read-yeekee-watch",
  access: "admin",
  summary: "เฝ้าระวังยี่กี: งวดที่ผู้มีโพยในงวดยิงเลขในนาทีสุดท้าย และคำขอเมล็ดสุ่ม (seed) ก่อนเวลาออกผลที่ถูกปฏิเสธ",
  body: () =>
    z.object({
      days: z
        .number({ error: "จำนวนวันต้องเป็นตัวเลข 1-7" })
        .int("จำนวนวันต้องเป็นจำนวนเต็ม")
        .min(1, "จำนวนวันต้องอย่างน้อย 1 วัน")
        .max(7, "ดูย้อนหลังได้ไม่เกิน 7 วัน")
        .optional()
        .default(1),
    }),
  response: () =>
    z.object({
      status: ResultStatus,
      /** Rounds whose result time is within the period (up to an hour ahead), latest result first. */
      rounds: z.array(
        z.object({
          activityid: z.number().int(),
          name: z.string(),
          round_no: z.number().int(),
          result_at: z.string(),
          players: z.array(LateShooter),
        }),
      ),
      /** Requests for a seed before its round's result time, newest first (at most 200). */
      refusals: z.array(
        z.object({
          activityid: z.number().int(),
          at: z.string(),
          /** The database role that asked. */
          role: z.string(),
          /** The client address of the connection that asked (null: a local socket). */
          client: z.string().nullable(),
        }),
      ),
    }),
});
