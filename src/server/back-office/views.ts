import type { z } from "zod";
import type { backOffice } from "../../contract";
import type { ReportFigures } from "../../contract/back-office";
import { satangToBaht } from "../../domain/money";
import { slipView } from "../betting/views";
import { logLineView, payRecordView, withdrawalView } from "../wallet/views";
import type * as repo from "./repository";
import type { PlayerList, PlayerView } from "./service";

// The back office's replies (docs/decisions/040): the player view and the report, in baht.

const baht = (satang: string | bigint | null) => satangToBaht(BigInt(satang ?? 0));

export function playerViewReply(v: PlayerView): z.input<typeof backOffice.adminPlayerView.response> {
  const p = v.player;
  return {
    status: "Success",
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
    logArr: v.log.map(logLineView),
    slips: v.slips.map((s) => slipView(s.slip, s.lines)),
    deposits: v.deposits.map(payRecordView),
    withdrawals: v.withdrawals.map(withdrawalView),
  };
}

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

/** The report of [from, to]: a row a day, a row a day and lottery, and the period's totals (the days' sums). */
export function reportReply(body: { from: string; to: string }, rows: repo.ReportRow[]): z.input<typeof backOffice.adminReport.response> {
  const days = rows.filter((r) => r.whole_day).map((r) => ({ day: r.day, ...figures(r) }));
  const lotteries = rows
    .filter((r) => !r.whole_day && r.lottery_id !== null)
    .map((r) => ({ day: r.day, lotteryId: r.lottery_id!, lotteryName: r.lottery_name ?? r.lottery_id!, ...figures(r) }));
  const totals = Object.fromEntries(
    FIGURES.map((k) => [k, satangToBaht(days.reduce((s, d) => s + BigInt(Math.round(d[k] * 100)), 0n))]),
  ) as Record<string, number> as ReportFigures;
  return { status: "Success", from: body.from, to: body.to, days, lotteries, totals };
}

export function playerListReply(list: PlayerList): z.input<typeof backOffice.adminPlayerList.response> {
  const sameOf = new Map<string, PlayerList["same"]>();
  for (const s of list.same) sameOf.set(s.player_id, [...(sameOf.get(s.player_id) ?? []), s]);
  return {
    status: "Success",
    players: list.rows.map((p) => ({
      uuid: p.id,
      username: p.username,
      name: p.bank_account_name,
      phonenumber: p.phone,
      bankname: p.bank_code,
      bankno: p.bank_no,
      state: p.state,
      credit: baht(p.credit),
      created_at: new Date(p.created_at).toISOString(),
      last_activity_at: p.last_activity_at ? new Date(p.last_activity_at).toISOString() : null,
      duplicates: (sameOf.get(p.id) ?? []).map((o) => ({
        uuid: o.id,
        username: o.username,
        same: [
          ...(o.same_bank_no ? ["bankno" as const] : []),
          ...(o.same_phone ? ["phone" as const] : []),
          ...(o.same_name ? ["name" as const] : []),
        ],
      })),
    })),
    page: list.page,
    pages: list.pages,
    total: list.total,
  };
}
