import type { z } from "zod";
import type { account } from "../../contract";
import { satangToBaht } from "../../domain/money";
import { movementLabel } from "../../domain/movements";
import { formatThaiDateTime, formatThaiDrawDate } from "../../domain/thai-date";
import type * as repo from "./repository";
import type { MoneyHistory, WinNotice } from "./service";

// The player's own account's replies (docs/decisions/040): money in baht, Thai dates.

export function moneyHistoryView(h: MoneyHistory): z.input<typeof account.readMoneyHistory.response> {
  return {
    status: "Success",
    credit: satangToBaht(h.balance),
    list: h.entries.map(({ row: r, source }) => ({
      id: Number(r.id),
      kind: r.kind,
      label: movementLabel(r.kind),
      amount: satangToBaht(BigInt(r.amount)),
      balance_after: satangToBaht(BigInt(r.balance_after)),
      note: r.kind.startsWith("adjust.") ? r.note : null,
      source,
      date_time: formatThaiDateTime(r.created_at),
      created_at: new Date(r.created_at).toISOString(),
    })),
    next: h.next,
  };
}

export function winNoticeView(w: WinNotice): z.input<typeof account.readWinNotice.response> {
  return {
    status: "Success",
    total: satangToBaht(w.total),
    slips: w.slips.map((s) => ({
      master_id: Number(s.slip_id),
      activityid: Number(s.round_id),
      name: s.name,
      date_th: formatThaiDrawDate(s.draw_date),
      win: satangToBaht(BigInt(s.win)),
    })),
    upTo: w.upTo,
  };
}

export function resultHistoryView(r: { name: string; draws: repo.DrawRow[] }): z.input<typeof account.readResultHistory.response> {
  return {
    status: "Success",
    name: r.name,
    draws: r.draws.map((d) => ({
      activityid: Number(d.id),
      round_no: d.round_no,
      draw_date: d.draw_date,
      date_th: formatThaiDrawDate(d.draw_date),
      top3: d.top3 ?? "",
      bottom2: d.bottom2 ?? "",
    })),
  };
}
