import type { z } from "zod";
import type { betting } from "../../contract";
import type { BetType } from "../../domain/bet-types";
import { satangToBaht } from "../../domain/money";
import { slipState, slipTotals } from "../../domain/slip";
import { formatThaiDateTime } from "../../domain/thai-date";
import type * as repo from "./repository";
import type { PlacedSlip } from "./service";

// The wire shapes of the betting calls (the specification's names, odd ones included) are built here,
// at the edge: the service works with the repository's rows and returns them.

type Slip = z.infer<typeof betting.Slip>;

export const baht = (satang: bigint | string | number) => satangToBaht(BigInt(satang));
export const rate = (x100: number) => x100 / 100;

/** A slip with its lines, as the service returns it. */
export interface SlipWithLines {
  slip: repo.SlipRow;
  lines: repo.LineRow[];
}

/** A slip on the wire, its state by the server's clock `now` (docs/decisions/036). */
export function slipView(s: repo.SlipRow, lines: repo.LineRow[], now = Date.now()): Slip {
  const slip: Omit<Slip, "state"> = {
    master_id: Number(s.id),
    uuid: s.user_id,
    username: s.username,
    activityid: Number(s.round_id),
    configID: s.lottery_id,
    name: s.name,
    round_no: s.round_no,
    draw_date: s.draw_date,
    timestop: new Date(s.close_at).toISOString(),
    roundStatus: s.round_status,
    status: s.status,
    totalAmount: baht(s.total_stake),
    totalPaid: baht(s.total_paid),
    totalWin: baht(lines.reduce((t, l) => t + BigInt(l.payout ?? 0), 0n)),
    date_time: formatThaiDateTime(s.created_at),
    created_at: new Date(s.created_at).toISOString(),
    lines: lines.map((l) => {
      // Settlement writes only winning lines: with the result added, an unmarked line that matches no
      // winning pair has lost; one that matches is a win still being paid.
      const lost = l.result === null && !l.wins && s.round_status === "add award" && s.status === "active";
      return {
        id: Number(l.id),
        award_type: l.bet_type as BetType,
        number: l.number,
        amount: baht(l.stake),
        paid: baht(l.paid),
        priceReturn: rate(l.rate_x100),
        result: lost ? ("lose" as const) : l.result,
        payout: lost ? 0 : l.payout === null ? null : baht(l.payout),
      };
    }),
  };
  return { ...slip, state: slipState(slip, now) };
}

/** A restricted number in force (0 = closed). */
export function digitPriceView(p: repo.InForcePriceRow) {
  return { ...digitPriceChangeView(p), new_price: rate(p.new_price_x100) };
}

/** A change of a restricted number in the back office's history: null reopened it (docs/decisions/050). */
export function digitPriceChangeView(p: repo.PriceRow) {
  return {
    id: `${p.round_id}_${p.bet_type}_${p.number}`,
    activity_id: Number(p.round_id),
    award_type: p.bet_type as BetType,
    number: p.number,
    digit: p.number,
    new_price: p.new_price_x100 === null ? null : rate(p.new_price_x100),
    date_time: formatThaiDateTime(p.created_at),
    created_at: new Date(p.created_at).toISOString(),
  };
}

/** The message of a list saved or copied: what changed and what was already so. */
export function digitListMessage(saved: number, unchanged: number, skipped = 0): string {
  const parts = [saved > 0 ? `บันทึก ${saved} เลขแล้ว` : "ไม่มีเลขที่เปลี่ยน"];
  if (unchanged > 0) parts.push(`${unchanged} เลขเป็นอย่างนี้อยู่แล้ว`);
  if (skipped > 0) parts.push(`ไม่คัดลอก ${skipped} เลขที่ราคาไม่ต่ำกว่าอัตราจ่ายปกติแล้ว`);
  return parts.join(" · ");
}

/** A line of a round as `/api/read-numberdigit` shows it. */
export function roundLineView(l: repo.RoundLineRow) {
  return {
    id: Number(l.id),
    master_id: Number(l.slip_id),
    username: l.username,
    award_type: l.bet_type as BetType,
    number: l.number,
    amount: baht(l.stake),
    paid: baht(l.paid),
    priceReturn: rate(l.rate_x100),
    result: l.result,
    payout: l.payout === null ? null : baht(l.payout),
  };
}

export const slipsView = (slips: SlipWithLines[], now = Date.now()) => slips.map((x) => slipView(x.slip, x.lines, now));

/** A list of slips with its totals counted from the same rows at the same instant (docs/decisions/036). */
export function slipListView(slips: SlipWithLines[], now = Date.now()) {
  const postdigit_list = slipsView(slips, now);
  return { postdigit_list, totals: slipTotals(postdigit_list, now) };
}

/** A player's rates for a round's lottery, keyed `<betType>_<tier>` as the specification's client reads them. */
export function lottoConfigView(rows: repo.RateRow[], userType: string) {
  const tier = userType.toLowerCase();
  return {
    configLotto: Object.fromEntries(
      rows.map((r) => [
        `${r.bet_type}_${tier}`,
        {
          betType: r.bet_type as BetType,
          rate: rate(r.rate_x100),
          minStake: r.min_stake,
          maxStake: r.max_stake,
          maxPerNumber: r.max_per_number,
          discountPercent: r.discount_percent,
        },
      ]),
    ),
    percentLottoObj: Object.fromEntries(rows.map((r) => [r.bet_type, r.discount_percent])),
  };
}

export function adminRateView(r: repo.RateRow) {
  return {
    betType: r.bet_type as BetType,
    userType: r.user_type,
    rate: rate(r.rate_x100),
    minStake: r.min_stake,
    maxStake: r.max_stake,
    maxPerNumber: r.max_per_number,
    discountPercent: r.discount_percent,
  };
}

/** A slip placed (or made before by the same request) as `/api/post-numberdigit` answers it. */
export function placedSlipView(p: PlacedSlip) {
  return {
    message: p.existing ? "โพยนี้ส่งไปแล้ว" : "ส่งโพยสำเร็จ",
    master_id: Number(p.slipId),
    datetime: new Date(p.acceptedAt).toISOString(),
    credit: baht(p.balance),
  };
}

/** Stakes per bet type of a round, with their total. */
export function sumsView(rows: Array<{ bet_type: string; amount: string; lines: number }>) {
  const sums = rows.map((r) => ({ award_type: r.bet_type as BetType, amount: baht(r.amount), lines: r.lines }));
  return { sums, total: sums.reduce((s, x) => s + x.amount, 0) };
}

export function draftView(d: { id: string; user_id: string; numberlist_str: string; created_at: Date | string }) {
  return { id: Number(d.id), uuid: d.user_id, numberlist_str: d.numberlist_str, date_time: formatThaiDateTime(d.created_at) };
}
