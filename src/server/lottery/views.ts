import type { z } from "zod";
import type { lottery } from "../../contract";
import { isYeekeeGroup } from "../../contract/lottery";
import type { AwardType } from "../../domain/bet-types";
import { lotteryIcon } from "../../domain/lottery-icons";
import type { Schedule } from "../../domain/schedule";
import { formatThaiDate, formatThaiDateTime, formatThaiDrawDate } from "../../domain/thai-date";
import type * as repo from "./repository";
import type { LottoEntry } from "./service";

// The wire shapes of the lottery calls are built here, at the edge (docs/decisions/040): the service
// returns the repository's rows and its own figures.

type Activity = z.infer<typeof lottery.Activity>;

export function activityView(r: repo.RoundRow): Activity {
  return {
    activityid: Number(r.id),
    configID: r.lottery_id,
    name: r.name,
    group: r.group as Activity["group"],
    icon: lotteryIcon(r.name),
    round_no: r.round_no,
    draw_date: r.draw_date,
    date_th: formatThaiDrawDate(r.draw_date),
    open_at: new Date(r.open_at).toISOString(),
    timestop: new Date(r.close_at).toISOString(),
    result_at: new Date(r.result_at).toISOString(),
    status: r.status,
    isOpen: r.is_open,
    seed_commitment: r.seed_commitment,
  };
}

export function awardView(a: repo.AwardRow) {
  return {
    activity_id: Number(a.round_id),
    award_type: a.award_type as AwardType,
    number: a.number,
    date_time: formatThaiDateTime(a.created_at),
  };
}

export function adminLotteryView(l: repo.LotteryRow) {
  return {
    id: l.id,
    name: l.name,
    group: l.group as Activity["group"],
    category: l.category as "thai" | "foreign" | "stock" | "yeekee" | "percent",
    resultKind: l.result_kind as "thai" | "stock" | "simple" | "yeekee",
    schedule: l.schedule as Schedule & Record<string, unknown>,
    active: l.active,
  };
}

/** A yeekee lottery's rounds of its current draw date. */
export function yeekeeActivitiesView(a: { rounds: repo.RoundRow[]; drawDate: string; everyMinutes: number }, now = new Date()) {
  return {
    activitylist: a.rounds.map(activityView),
    date: formatThaiDrawDate(a.drawDate),
    timenow: now.toISOString(),
    timeminutes: a.everyMinutes,
  };
}

/** A lottery's recent rounds, dated by the next round still taking bets (today without one). */
export function otherActivitiesView(a: { rounds: repo.RoundRow[]; next: repo.RoundRow | undefined }, now = new Date()) {
  const { next } = a;
  return {
    activitylist: a.rounds.map(activityView),
    date: formatThaiDate(next ? `${next.draw_date}T12:00:00+07:00` : now.getTime()),
    timenow: now.toISOString(),
    timeminutes: next ? Math.max(0, Math.floor((new Date(next.close_at).getTime() - now.getTime()) / 60_000)) : 0,
  };
}

export function timeoutView(round: repo.RoundRow, now = new Date()) {
  const left = Math.max(0, Math.floor((new Date(round.close_at).getTime() - now.getTime()) / 1000));
  return {
    isOpen: round.is_open,
    timeout: !round.is_open,
    timestop: new Date(round.close_at).toISOString(),
    timenow: now.toISOString(),
    secondsLeft: round.is_open ? left : 0,
  };
}

export function lottoListItemView(e: LottoEntry) {
  const { lottery: l, next: n, latest: done, awards } = e;
  return {
    configID: l.id,
    name: l.name,
    group: l.group as Activity["group"],
    category: l.category as "thai" | "foreign" | "stock" | "yeekee" | "percent",
    icon: lotteryIcon(l.name),
    nextRound: n ? activityView(n) : null,
    nextOpenAt: e.nextOpenAt?.toISOString() ?? null,
    latestResult: done
      ? {
          activityid: Number(done.id),
          draw_date: done.draw_date,
          date_th: formatThaiDrawDate(done.draw_date),
          top3: awards.find((a) => a.award_type === "ThreeDigit")?.number ?? "",
          bottom2: awards.find((a) => a.award_type === "TwoDigit")?.number ?? "",
        }
      : null,
  };
}

/** A day's results: yeekee awards, the toad lines apart, the other lotteries' awards, and the rounds of each kind. */
export function allAwardsView(a: { rounds: repo.RoundRow[]; awards: repo.AwardRow[] }) {
  const { rounds, awards } = a;
  return {
    Arr: awards.filter((x) => isYeekeeGroup(x.group) && x.award_type !== "ThreeDigitToad").map(awardView),
    ArrToad: awards.filter((x) => x.award_type === "ThreeDigitToad").map(awardView),
    ArrOtherLotto: rounds.filter((r) => !isYeekeeGroup(r.group)).map(activityView),
    ArrActivity: rounds.filter((r) => isYeekeeGroup(r.group)).map(activityView),
    ArrOtherAward: awards.filter((x) => !isYeekeeGroup(x.group) && x.award_type !== "ThreeDigitToad").map(awardView),
  };
}

export function roundEventView(e: Awaited<ReturnType<typeof repo.roundEvents>>[number]) {
  return {
    id: Number(e.id),
    activityid: Number(e.round_id),
    event: e.event,
    note: e.note,
    username: e.username,
    date_time: formatThaiDateTime(e.at),
  };
}

export function adminRoundView(r: repo.RoundRow) {
  return { ...activityView(r), resultKind: r.result_kind as "thai" | "stock" | "simple" | "yeekee", result: r.result };
}

/** The admin's cancel: how many slips were refunded, and how many the ticker refunds once another request lets them go. */
export function cancelMessage(refunded: number, pending: number): string {
  return pending === 0
    ? `ยกเลิกงวดแล้ว คืนเครดิตครบทุกโพย (${refunded} โพย)`
    : `ยกเลิกงวดแล้ว คืนเครดิต ${refunded} โพย อีก ${pending} โพยกำลังทำรายการอยู่ ระบบจะคืนเครดิตให้อัตโนมัติในไม่กี่วินาที`;
}
