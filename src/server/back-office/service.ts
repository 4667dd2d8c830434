import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { backOffice } from "../../contract";
import type { ReportFigures } from "../../contract/back-office";
import { satangToBaht } from "../../domain/money";
import { writeAudit } from "../admin/audit";
import { linesOf, slipsWhere } from "../betting/repository";
import { slipView } from "../betting/views";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";
import type { AuthUser } from "../http/register-route";
import { payRecordsOfUser, withdrawalsOfUser } from "../wallet/repository";
import { walletService } from "../wallet/service";
import { payRecordView, withdrawalView } from "../wallet/views";
import * as repo from "./repository";

/** How far back the player view reaches, and how many of each list it shows. */
const VIEW_DAYS = 90;
const VIEW_ROWS = 200;
const VIEW_SLIPS = 50;

const baht = (satang: string | bigint | null) => satangToBaht(BigInt(satang ?? 0));

/** Midnight in Bangkok (UTC+7, no daylight saving) at the start of a YYYY-MM-DD day. */
const bangkokMidnight = (day: string) => new Date(`${day}T00:00:00+07:00`);

function figures(r: repo.ReportRow): ReportFigures {
  const f = {
    stakes: BigInt(r.stakes),
    payouts: BigInt(r.payouts),
    commission: BigInt(r.commission),
    bonuses: BigInt(r.bonuses),
    deposits: BigInt(r.deposits),
    withdrawals: BigInt(r.withdrawals),
    adjustments: BigInt(r.adjustments),
    gameFees: BigInt(r.game_fees),
  };
  const house = f.stakes - f.payouts - f.commission - f.bonuses + f.gameFees;
  return {
    stakes: baht(f.stakes),
    payouts: baht(f.payouts),
    commission: baht(f.commission),
    bonuses: baht(f.bonuses),
    deposits: baht(f.deposits),
    withdrawals: baht(f.withdrawals),
    adjustments: baht(f.adjustments),
    gameFees: baht(f.gameFees),
    house: baht(house),
  };
}

const FIGURES = ["stakes", "payouts", "commission", "bonuses", "deposits", "withdrawals", "adjustments", "gameFees", "house"] as const;

export function backOfficeService(db: Db) {
  const wallet = walletService(db);
  return {
    /** One player as the operator sees them; opening it reads personal details, so it is audited. */
    async playerView(admin: AuthUser, uuid: string) {
      const p = await repo.playerDetails(db, uuid);
      if (!p || p.role !== "player") throw notFound("ไม่พบผู้เล่น");
      const [log, slipRows, deposits, withdrawals] = await Promise.all([
        wallet.moneyLog(uuid, VIEW_DAYS),
        slipsWhere(db, sql`s.user_id = ${uuid}`, VIEW_SLIPS),
        payRecordsOfUser(db, uuid, VIEW_DAYS),
        withdrawalsOfUser(db, uuid, VIEW_DAYS),
      ]);
      const lines = await linesOf(
        db,
        slipRows.map((s) => Number(s.id)),
      );
      await writeAudit(db, { actorId: admin.uuid, action: "player.view", target: `user:${uuid}` });
      return {
        status: "Success" as const,
        player: {
          uuid: p.id,
          username: p.username,
          name: p.bank_account_name,
          phonenumber: p.phone,
          bankname: p.bank_code,
          bankno: p.bank_no,
          usertype: p.user_type,
          state: p.state,
          stateReason: p.state_reason,
          stateChangedAt: p.state_changed_at ? new Date(p.state_changed_at).toISOString() : null,
          referrer: p.referrer_id ? { uuid: p.referrer_id, username: p.referrer_username ?? "" } : null,
          credit: baht(p.credit),
          affiliate: baht(p.affiliate),
          created_at: new Date(p.created_at).toISOString(),
        },
        logArr: log.logArr.slice(0, VIEW_ROWS),
        slips: slipRows.map((s) => slipView(s, lines.filter((l) => String(l.slip_id) === String(s.id)))),
        deposits: deposits.slice(0, VIEW_ROWS).map(payRecordView),
        withdrawals: withdrawals.slice(0, VIEW_ROWS).map(withdrawalView),
      };
    },

    /** The report of Bangkok days [from, to], from the ledger; audited (it is the site's books). */
    async report(admin: AuthUser, body: z.output<typeof backOffice.adminReport.body>) {
      const end = bangkokMidnight(body.to);
      end.setUTCDate(end.getUTCDate() + 1);
      const rows = await repo.reportRows(db, bangkokMidnight(body.from), end);
      await writeAudit(db, { actorId: admin.uuid, action: "report.read", after: { from: body.from, to: body.to } });
      const days = rows.filter((r) => r.whole_day).map((r) => ({ day: r.day, ...figures(r) }));
      const lotteries = rows
        .filter((r) => !r.whole_day && r.lottery_id !== null)
        .map((r) => ({ day: r.day, lotteryId: r.lottery_id!, lotteryName: r.lottery_name ?? r.lottery_id!, ...figures(r) }));
      const totals = Object.fromEntries(
        FIGURES.map((k) => [k, satangToBaht(days.reduce((s, d) => s + BigInt(Math.round(d[k] * 100)), 0n))]),
      ) as Record<string, number> as ReportFigures;
      return { status: "Success" as const, from: body.from, to: body.to, days, lotteries, totals };
    },
  };
}
