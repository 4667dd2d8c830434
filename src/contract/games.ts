import { z } from "zod";
import { GAME_TYPES, HILOW_SIDES, HUAKOI_SIDES } from "../domain/games";
import { ResultStatus, Uuid, WholeNumber } from "./common";
import { route } from "./route";
import { Baht, BahtAmount, DayPeriod } from "./wallet";
import { schema } from "./schema";

// Huakoi and hi-low between players (docs/decisions/016). Game calls answer errors in `msg`.

export const GameTypeSchema = schema(() => z.enum(GAME_TYPES, { error: "ประเภทเกมต้องเป็น huakoi หรือ hilow" }));
export const GameSideSchema = schema(() => z.enum([...HUAKOI_SIDES, ...HILOW_SIDES], { error: "ตัวเลือกต้องเป็น หัว ก้อย สูง หรือ ต่ำ" }));
/**
 * A die as a number or as text ("4"). The specification's client sends t1..t3 with every game, empty (0, "",
 * null) when there are none: those count as not given (docs/decisions/047).
 */
const Die = schema(() =>
  z
    .union([z.number(), z.string(), z.null()], { error: "ลูกเต๋าต้องเป็นตัวเลข 1-6" })
    .transform((value) => (value === null || value === 0 || (typeof value === "string" && /^\s*0?\s*$/.test(value)) ? undefined : value))
    .pipe(WholeNumber("ลูกเต๋าต้องเป็นตัวเลข 1-6", { max: 6, coerce: true }).optional()),
);
const GameId = schema(() => WholeNumber("รหัสเกมไม่ถูกต้อง", { coerce: true }));

export const GameView = schema(() =>
  z.object({
    id: z.number().int(),
    gametype: GameTypeSchema,
    price: z.number(),
    /** Masked for others; the player's own name on their own games. */
    creator: z.string(),
    mine: z.boolean(),
    commitment: z.string(),
    status: z.enum(["open", "done", "cancelled", "expired"]),
    created_at: z.string(),
    date_time: z.string(),
    /**
     * Revealed once the game has ended (and to its creator): the winning side (huakoi: the creator's hidden
     * side, which is also the committed choice; hi-low: the dice's side, while the committed choice is
     * empty and the dice are committed), the dice and the salt.
     */
    bet: GameSideSchema.nullable(),
    t1: z.number().int().nullable(),
    t2: z.number().int().nullable(),
    t3: z.number().int().nullable(),
    salt: z.string().nullable(),
    guess: GameSideSchema.nullable(),
    winner: z.enum(["creator", "challenger"]).nullable(),
    /** What the winner received (pot less the house fee), baht. */
    payout: z.number().nullable(),
    fee: z.number().nullable(),
  }),
);
export type GameView = z.infer<typeof GameView>;

/**
 * The games lobby over WebSocket (`GET /api/ws/games?gametype=…`, signed in by the jwt cookie): after
 * `hello`, each game that opens (to its creator with `mine`) and each one that leaves the open list
 * (taken, cancelled, expired; `mine` to its creator, who then reads the outcome).
 */
export const GamesLiveMessage = schema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("hello"), gametype: GameTypeSchema }),
    z.object({ type: z.literal("open"), game: GameView }),
    z.object({
      type: z.literal("closed"),
      id: z.number().int(),
      gametype: GameTypeSchema,
      status: GameView.shape.status,
      mine: z.boolean(),
    }),
    z.object({ type: z.literal("error"), message: z.string() }),
  ]),
);
export type GamesLiveMessage = z.infer<typeof GamesLiveMessage>;

export const addHuakoiHilow = route({
  method: "POST",
  path: "/api/add-huakoi-hilow",
  access: "player",
  summary: "สร้างเกมหัวก้อยหรือไฮโล: วางเดิมพันและซ่อนตัวเลือก (ประกาศ SHA-256 ไว้ก่อน); ไฮโลไม่ส่งลูกเต๋า = ให้ระบบทอย",
  body: () =>
    z
      .object({
        uuid: Uuid,
        price: BahtAmount,
        gametype: GameTypeSchema,
        bet: GameSideSchema.optional(),
        t1: Die.optional(),
        t2: Die.optional(),
        t3: Die.optional(),
      })
      .superRefine((b, ctx) => {
        if (b.gametype === "huakoi" && b.bet !== "หัว" && b.bet !== "ก้อย")
          ctx.addIssue({ code: "custom", path: ["bet"], message: "หัวก้อยต้องเลือก หัว หรือ ก้อย" });
        const dice = [b.t1, b.t2, b.t3].filter((d) => d !== undefined).length;
        if (b.gametype === "hilow" && dice !== 0 && dice !== 3)
          ctx.addIssue({ code: "custom", path: ["t1"], message: "ไฮโลต้องใส่ลูกเต๋าครบ 3 ลูก หรือไม่ใส่เลยให้ระบบทอย" });
        if (b.gametype === "huakoi" && dice !== 0) ctx.addIssue({ code: "custom", path: ["t1"], message: "หัวก้อยไม่มีลูกเต๋า" });
      }),
  response: () => z.object({ status: ResultStatus, msg: z.string(), message: z.string(), game: GameView, credit: z.number() }),
  errorField: "msg",
});

const ListBody = schema(() => z.object({ gametype: GameTypeSchema, uuid: Uuid }));

export const readHuakoiHilow = route({
  method: "POST",
  path: "/api/read-huakoi-hilow",
  access: "player",
  summary: "เกมที่เปิดรอผู้ท้าของผู้เล่นอื่น",
  body: () => ListBody,
  response: () => z.object({ status: ResultStatus, gamelist: z.array(GameView) }),
});

export const readHuakoiHilowOwner = route({
  method: "POST",
  path: "/api/read-huakoi-hilow-owner",
  access: "player",
  summary: "เกมที่ตนเองสร้าง (เปิดอยู่และล่าสุด)",
  body: () => ListBody,
  response: () => z.object({ status: ResultStatus, gamelist: z.array(GameView) }),
});

export const guessHuakoiHilow = route({
  method: "POST",
  path: "/api/guess-huakoi-hilow",
  access: "player",
  summary: "ท้าเกม: วางเดิมพันเท่ากันและทาย ได้ผลทันทีพร้อมเปิดเผยตัวเลือก ลูกเต๋า และ salt",
  body: () => z.object({ id: GameId, guess: GameSideSchema, uuid: Uuid, gametype: GameTypeSchema }),
  response: () =>
    z.object({
      status: ResultStatus,
      msg: z.string(),
      message: z.string(),
      result: z.enum(["win", "lose"]),
      bet: GameSideSchema,
      /** What the challenger received: the pot less the fee on a win, 0 on a loss (baht). */
      returnprice: z.number(),
      t1: z.number().int().nullable(),
      t2: z.number().int().nullable(),
      t3: z.number().int().nullable(),
      salt: z.string(),
      commitment: z.string(),
      credit: z.number(),
      game: GameView,
    }),
  errorField: "msg",
});

export const cancelHuakoiHilow = route({
  method: "POST",
  path: "/api/cancel-huakoi-hilow",
  access: "player",
  summary: "ยกเลิกเกมของตนเองที่ยังไม่มีผู้ท้า คืนเดิมพันเต็มจำนวน",
  body: () => z.object({ id: GameId, uuid: Uuid }),
  response: () => z.object({ status: ResultStatus, msg: z.string(), message: z.string(), credit: z.number() }),
  errorField: "msg",
});

export const getHuakoiHilowLog = route({
  method: "POST",
  path: "/api/get-huakoi-hilow-log",
  access: "player",
  summary: "เกมที่จบแล้วของผู้เล่น (ทั้งที่สร้างและที่ท้า)",
  body: () => z.object({ uuid: Uuid, dayperiod: DayPeriod, gametype: GameTypeSchema }),
  response: () => z.object({ status: ResultStatus, gamelist: z.array(GameView) }),
});

export const readGameLogCreateCancelUuid = route({
  method: "POST",
  path: "/api/read-gameLog-create-cancel-uuid",
  access: "player",
  summary: "เกมที่ผู้เล่นสร้างและที่ยกเลิกหรือหมดเวลา",
  body: () => z.object({ uuid: Uuid, dayperiod: DayPeriod }),
  response: () => z.object({ status: ResultStatus, gamelist: z.array(GameView) }),
});

const DateKey = schema(() => z.string({ error: "วันที่ไม่ถูกต้อง" }).regex(/^\d{4}-\d{2}-\d{2}$/, "วันที่ต้องเป็นรูปแบบ YYYY-MM-DD"));

export const readGamehuakoirankingBydate = route({
  method: "POST",
  path: "/api/read-gamehuakoiranking-bydate",
  access: "player",
  summary: "อันดับผู้เล่นตามกำไรสุทธิหลังหักค่าธรรมเนียม ในช่วงวันที่ (ไม่เกิน 31 วัน)",
  body: () => z.object({ startdate: DateKey, enddate: DateKey, game_type: GameTypeSchema }),
  response: () =>
    z.object({
      status: ResultStatus,
      gamehuakoirankingList: z.array(z.object({ rank: z.number().int(), username: z.string(), games: z.number().int(), net: z.number() })),
    }),
});

export const GameConfig = schema(() =>
  z.object({
    fee_bp: z.number().int().min(0).max(5000, "ค่าธรรมเนียมต้องไม่เกิน 50%"),
    min_price: Baht,
    max_price: Baht,
    max_open_per_creator: z.number().int().min(1).max(100),
    max_daily_between: z.number().int().min(1).max(1000),
    expiry_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
  }),
);
export type GameConfig = z.infer<typeof GameConfig>;

export const adminGameSummary = route({
  method: "POST",
  path: "/api/admin/game-summary",
  access: "admin",
  summary: "เกมที่เปิดอยู่ เกมล่าสุด และค่าธรรมเนียมที่ได้ในช่วงวัน",
  body: () => z.object({ dayperiod: DayPeriod }),
  response: () =>
    z.object({
      status: ResultStatus,
      open: z.array(GameView),
      recent: z.array(GameView),
      fees: z.number(),
      escrow: z.number(),
      config: GameConfig,
    }),
});

export const adminSaveGameConfig = route({
  method: "POST",
  path: "/api/admin/save-game-config",
  access: "admin",
  summary: "ตั้งค่าเกม: ค่าธรรมเนียม เดิมพันต่ำสุด-สูงสุด จำนวนเกมที่เปิดค้าง จำนวนเกมต่อวันระหว่างคู่เดิม และเวลาหมดอายุ",
  body: () => GameConfig.refine((c) => c.max_price >= c.min_price, { message: "เดิมพันสูงสุดต้องไม่น้อยกว่าต่ำสุด", path: ["max_price"] }),
  response: () => z.object({ status: ResultStatus, message: z.string(), config: GameConfig }),
});

export const adminPlayerGames = route({
  method: "POST",
  path: "/api/admin/player-games",
  access: "admin",
  summary: "เกมของผู้เล่นคนหนึ่ง (ที่สร้างและที่ท้า) ในช่วงวัน",
  body: () => z.object({ uuid: Uuid, dayperiod: DayPeriod }),
  response: () => z.object({ status: ResultStatus, gamelist: z.array(GameView) }),
});
