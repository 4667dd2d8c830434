import { z } from "zod";
import { ResultStatus, Uuid } from "./common";
import { Slip } from "./betting";
import { route } from "./route";
import { LogLine, PayRecord, Withdrawal } from "./wallet";
import { schema } from "./schema";

// The back office's player view and reports (docs/decisions/027). Searching players is /api/admin/find-user and
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
