import { z } from "zod";
import { ResultStatus, Uuid } from "./common";
import { Slip } from "./betting";
import { route } from "./route";
import { LogLine, PayRecord, Withdrawal } from "./wallet";
import { schema } from "./schema";

// The back office's player list, player view and reports (docs/decisions/027). Searching players is /api/admin/find-user and
// banning is /api/admin/ban-player; the money log is /api/admin-get-log.

export const PlayerDetails = schema(() =>
  z.object({
    uuid: Uuid,
    username: z.string(),
    /** The bank account holder's name given at registration: the player's real name. */
    name: z.string().nullable(),
    phonenumber: z.string().nullable(),
    bankname: z.string().nullable(),
    bankno: z.string().nullable(),
    usertype: z.string(),
    state: z.enum(["active", "banned"]),
    /** The reason of the last ban or unban, as the operator wrote it (from the audit log). */
    stateReason: z.string().nullable(),
    stateChangedAt: z.string().nullable(),
    referrer: z.object({ uuid: Uuid, username: z.string() }).nullable(),
    credit: z.number(),
    affiliate: z.number(),
    created_at: z.string(),
  }),
);
export type PlayerDetails = z.infer<typeof PlayerDetails>;

export const adminPlayerView = route({
  method: "POST",
  path: "/api/admin/player-view",
  access: "admin",
  summary: "ข้อมูลผู้เล่นหนึ่งคน: ยอดเงิน รายการเงิน โพย ฝาก ถอน ผู้แนะนำ (บันทึกการเปิดดู)",
  body: () => z.object({ uuid: Uuid }),
  response: () =>
    z.object({
      status: ResultStatus,
      player: PlayerDetails,
      /** The last 200 movements of the credit account (90 days), newest first. */
      logArr: z.array(LogLine),
      slips: z.array(Slip),
      deposits: z.array(PayRecord),
      withdrawals: z.array(Withdrawal),
    }),
});

/** Players per page of the back office's player list. */
export const PLAYER_LIST_PAGE_SIZE = 20;

/** The player list's orders: newest sign-ups, highest credit, most recent activity (sign-in or money movement). */
export const PlayerListSort = schema(() => z.enum(["newest", "balance", "activity"], { error: "ลำดับต้องเป็น newest, balance หรือ activity" }));
export type PlayerListSort = z.infer<typeof PlayerListSort>;

/** Why same_person() takes two players for one: the same bank account number, phone, or holder's name. */
export const SamePersonReason = schema(() => z.enum(["bankno", "phone", "name"]));
export type SamePersonReason = z.infer<typeof SamePersonReason>;

export const PlayerListRow = schema(() =>
  z.object({
    uuid: Uuid,
    username: z.string(),
    /** The bank account holder's name given at registration. */
    name: z.string().nullable(),
    phonenumber: z.string().nullable(),
    bankname: z.string().nullable(),
    bankno: z.string().nullable(),
    state: z.enum(["active", "banned"]),
    credit: z.number(),
    created_at: z.string(),
    /** The later of the last sign-in and the last movement of the player's credit; null if neither. */
    last_activity_at: z.string().nullable(),
    /** Other players same_person() takes for this one (possible duplicate accounts), by username. */
    duplicates: z.array(z.object({ uuid: Uuid, username: z.string(), same: z.array(SamePersonReason) })),
  }),
);
export type PlayerListRow = z.infer<typeof PlayerListRow>;

export const adminPlayerList = route({
  method: "POST",
  path: "/api/admin/players",
  access: "admin",
  summary: "รายชื่อผู้เล่นทีละหน้า เรียงตามสมัครล่าสุด ยอดเงิน หรือใช้งานล่าสุด พร้อมบัญชีที่อาจเป็นคนเดียวกัน (บันทึกการเปิดดู)",
  body: () =>
    z.object({
      sort: PlayerListSort.optional().default("newest"),
      page: z
        .number({ error: "หน้าต้องเป็นตัวเลข" })
        .int("หน้าต้องเป็นจำนวนเต็ม")
        .min(1, "หน้าต้องเริ่มที่ 1")
        .max(100_000, "หน้าเกินจำนวนที่มี")
        .optional()
        .default(1),
    }),
  response: () =>
    z.object({
      status: ResultStatus,
      players: z.array(PlayerListRow),
      page: z.number().int(),
      /** How many pages there are (at least 1). */
      pages: z.number().int(),
      total: z.number().int(),
    }),
});

/** A Bangkok calendar day, YYYY-MM-DD. */
const Day = schema(() =>
  z
    .string({ error: "กรุณาระบุวันที่" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "วันที่ต้องอยู่ในรูปแบบ ปปปป-ดด-วว (ค.ศ.)")
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00+07:00`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      "วันที่ไม่ถูกต้อง",
    ),
);

/** The longest period one report covers. */
export const REPORT_MAX_DAYS = 366;

export const ReportFigures = schema(() =>
  z.object({
    /** Stakes paid less stakes refunded (cancelled slips and rounds). */
    stakes: z.number(),
    /** Winnings paid less winnings taken back by corrections. */
    payouts: z.number(),
    /** Referral commission paid less commission taken back. */
    commission: z.number(),
    /** Yeekee shooter rewards and points redeemed for credit. */
    bonuses: z.number(),
    deposits: z.number(),
    /** Withdrawals paid out (approved). */
    withdrawals: z.number(),
    /** Credit added less credit taken by operators' adjustments. */
    adjustments: z.number(),
    /** House fees of player-versus-player games. */
    gameFees: z.number(),
    /** stakes − payouts − commission − bonuses + gameFees: what the house kept from play. */
    house: z.number(),
  }),
);
export type ReportFigures = z.infer<typeof ReportFigures>;

export const adminReport = route({
  method: "POST",
  path: "/api/admin/report",
  access: "admin",
  summary: "รายงานรายวันและรายหวย (ตามเวลาประเทศไทย) จากสมุดบัญชี: ยอดแทง รางวัล ค่าคอม โบนัส ฝาก ถอน ผลได้เสียของเว็บ",
  body: () =>
    z
      .object({ from: Day, to: Day })
      .refine((b) => b.from <= b.to, { message: "วันเริ่มต้องไม่อยู่หลังวันสิ้นสุด", path: ["from"] })
      .refine((b) => (Date.parse(b.to) - Date.parse(b.from)) / 86_400_000 < REPORT_MAX_DAYS, {
        message: `ดูรายงานได้ครั้งละไม่เกิน ${REPORT_MAX_DAYS} วัน`,
        path: ["to"],
      }),
  response: () =>
    z.object({
      status: ResultStatus,
      from: z.string(),
      to: z.string(),
      /** One row a Bangkok day with any movement, oldest first. */
      days: z.array(ReportFigures.extend({ day: z.string() })),
      /** One row a day and lottery with play in it (stakes, payouts, commission, yeekee rewards). */
      lotteries: z.array(ReportFigures.extend({ day: z.string(), lotteryId: z.string(), lotteryName: z.string() })),
      totals: ReportFigures,
    }),
});
