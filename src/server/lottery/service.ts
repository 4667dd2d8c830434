import type { z } from "zod";
import type { lottery } from "../../contract";
import { isYeekeeGroup } from "../../contract/lottery";
import type { AwardType } from "../../domain/bet-types";
import { lotteryIcon } from "../../domain/lottery-icons";
import { satangToBaht } from "../../domain/money";
import { awardLines, parseResult, type ResultInput, type WinningNumbers, winningNumbers, winningPairs } from "../../domain/results";
import { type Schedule, validateSchedule } from "../../domain/schedule";
import { bangkokDateKey, formatThaiDate, formatThaiDrawDate, formatThaiDateTime } from "../../domain/thai-date";
import { writeAudit } from "../admin/audit";
import type { Db, Executor } from "../db/client";
import { badRequest, conflict, notFound } from "../http/errors";
import type { AuthUser } from "../http/register-route";
import { reverseRoundPoints } from "../points/accrual";
import { reverseRoundCommission } from "../referral/commission";
import { writeCorrectionNotices } from "../notices/repository";
import { payoutsByPlayer, refundRound, settleRound, unsettleRound, writeWinningPairs } from "../settlement/settle";
import * as repo from "./repository";
import { planLottery } from "./planning";

type Activity = z.infer<typeof lottery.Activity>;
type ResultPayout = z.infer<typeof lottery.ResultPayout>;
/** Thrown to roll a preview's transaction back once its figures are read. */
const PREVIEW_DONE = new Error("preview done");
type ResultFields = z.infer<typeof lottery.ResultFields>;

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

function awardView(a: repo.AwardRow) {
  return {
    activity_id: Number(a.round_id),
    award_type: a.award_type as AwardType,
    number: a.number,
    date_time: formatThaiDateTime(a.created_at),
  };
}


/** The result fields a lottery's kind needs, as the domain's input. */
function resultInput(kind: string, f: ResultFields): { ok: true; value: ResultInput } | { ok: false; message: string } {
  if (kind === "thai") return parseResult({ kind, firstPrize: f.firstPrize, front3: f.front3, rear3: f.rear3, twoDigit: f.twoDigit });
  if (kind === "stock") return parseResult({ kind, close: f.close, change: f.change });
  if (kind === "simple") return parseResult({ kind, threeTop: f.threeTop, twoBottom: f.twoBottom });
  return { ok: false, message: "ผลยี่กีคำนวณจากเลขที่ผู้เล่นยิง ไม่ต้องลงผลเอง" };
}

export function lotteryService(db: Db) {
  async function mustRound(ex: Executor, id: number, lock = false) {
    const round = await repo.roundById(ex, id, lock);
    if (!round) throw notFound("ไม่พบงวดนี้");
    return round;
  }

  /**
   * Records a round's result once (or as an explicit, logged correction). The round must be closed:
   * a result for a round still taking bets would let players bet on a known outcome.
   */
  async function recordResult(
    roundId: number,
    fields: ResultFields,
    opts: { actorId: string | null; correction: boolean; reason?: string; source: "admin" | "feed" },
  ) {
    return db.transaction(async (tx) => {
      const round = await mustRound(tx, roundId, true);
      const parsed = resultInput(round.result_kind, fields);
      if (!parsed.ok) throw badRequest(parsed.message);
      const winning = winningNumbers(parsed.value);
      const lines = awardLines(winning);
      if (round.status === "cancel activity") throw conflict("งวดนี้ถูกยกเลิกแล้ว ลงผลไม่ได้");
      if (round.status === "open" && round.is_open) throw conflict("งวดนี้ยังเปิดรับแทงอยู่ กรุณาปิดงวดก่อนลงผล");
      if (round.status === "open" && new Date(round.open_at) > new Date()) throw conflict("งวดนี้ยังไม่เปิด ลงผลไม่ได้");
      const correcting = round.status === "add award";
      if (correcting) {
        const same = JSON.stringify(round.result) === JSON.stringify(parsed.value);
        if (opts.source === "feed" && same) return { winning, lines, changed: false };
        if (!opts.correction) throw conflict("งวดนี้มีผลรางวัลแล้ว การแก้ผลต้องส่ง correction พร้อมเหตุผล");
        if (!opts.reason || opts.reason.length < 3) throw badRequest("การแก้ผลรางวัลต้องระบุเหตุผล");
        // A retried correction (the same result again) moves no money and tells no player twice.
        if (same) return { winning, lines, changed: false };
      }
      if (round.status === "open") await repo.addRoundEvent(tx, { roundId, event: "closed" });
      await repo.replaceAwards(tx, roundId, lines);
      await writeWinningPairs(tx, roundId, winningPairs(winning));
      // A correction re-settles: payouts of the old result are taken back in this same transaction (and the
      // new ones paid by settleRound below). What that changes for each player is summed first, by
      // settlement's own rules, for the notices.
      const changes = correcting ? await payoutsByPlayer(tx, roundId) : [];
      if (correcting) await unsettleRound(tx, roundId);
      await repo.setRoundResult(tx, roundId, parsed.value);
      const event = correcting ? "result.correction" : opts.source === "feed" ? "feed.result" : "result";
      const eventId = await repo.addRoundEvent(tx, { roundId, event, actorId: opts.actorId, note: opts.reason ?? null, data: { before: round.result, after: parsed.value } });
      await writeAudit(tx, { actorId: opts.actorId, action: `round.${event}`, target: `round:${roundId}`, before: round.result, after: parsed.value });
      if (correcting) {
        await writeCorrectionNotices(tx, {
          source: `round-event:${eventId}`,
          roundId,
          round: { name: round.name, round_no: round.round_no, date_th: formatThaiDrawDate(round.draw_date) },
          before: winningNumbers(round.result as ResultInput),
          after: winning,
          reason: opts.reason ?? "",
          changes: changes.map((c) => ({ userId: c.userId, amount: c.payout - c.paid })),
        });
      }
      return { winning, lines, changed: true };
    }).then(async (done) => {
      // Settled right away; the ticker finishes it if this process stops midway.
      if (done.changed) await settleRound(db, roundId);
      return done;
    });
  }

  /**
   * What a result would pay on a round, before it is entered: the winning pairs are written and the lines
   * summed exactly as settlement pays them (payoutsByPlayer), inside a transaction that is then rolled back,
   * so nothing is kept. For a round already settled (a correction) each player's figures say what the
   * correction takes back and what it pays.
   */
  async function previewResult(roundId: number, fields: ResultFields) {
    let answer: { winning: WinningNumbers; payout: ResultPayout } | null = null;
    try {
      await db.transaction(async (tx) => {
        const round = await mustRound(tx, roundId);
        const parsed = resultInput(round.result_kind, fields);
        if (!parsed.ok) throw badRequest(parsed.message);
        if (round.status === "cancel activity") throw conflict("งวดนี้ถูกยกเลิกแล้ว ลงผลไม่ได้");
        const winning = winningNumbers(parsed.value);
        await writeWinningPairs(tx, roundId, winningPairs(winning));
        const players = await payoutsByPlayer(tx, roundId);
        const stakes = await repo.activeStakes(tx, roundId);
        const total = players.reduce((s, p) => s + p.payout, 0n);
        const paid = players.reduce((s, p) => s + p.paid, 0n);
        answer = {
          winning,
          payout: {
            correction: round.status === "add award",
            lines: players.reduce((s, p) => s + p.lines, 0),
            total: satangToBaht(total),
            paidBefore: satangToBaht(paid),
            stakes: satangToBaht(stakes),
            house: satangToBaht(stakes - total),
            players: players.map((p) => ({
              uuid: p.userId,
              username: p.username,
              lines: p.lines,
              payout: satangToBaht(p.payout),
              paidBefore: satangToBaht(p.paid),
              change: satangToBaht(p.payout - p.paid),
              shortOfCredit: p.credit < p.paid,
            })),
          },
        };
        throw PREVIEW_DONE;
      });
    } catch (e) {
      if (e !== PREVIEW_DONE) throw e;
    }
    return answer!;
  }

  /**
   * Cancels a round and refunds its slips: the admin's cancel, and the start-up step that cancels a draw's
   * twin (docs/decisions/033), so both move money the one way. `actorId` null: the system did it.
   */
  async function cancelRound(
    actorId: string | null,
    activityId: number,
    note: string,
    audit: { action: string; after?: Record<string, unknown> } = { action: "round.cancel" },
  ) {
    return db.transaction(async (tx) => {
      const before = await mustRound(tx, activityId, true);
      // From its result time on, a yeekee round's seed can be read, so its result can be known: an
      // operator's cancel then could pick which results stand (docs/decisions/034). The ticker decides it.
      // (The start-up's cancel of a draw's twin, actorId null, is not such a choice: decision 033.)
      if (actorId !== null && before.category === "yeekee" && ["open", "closed"].includes(before.status)) {
        if (await repo.resultTimePassed(tx, activityId)) throw conflict("งวดยี่กีที่ถึงเวลาออกผลแล้วยกเลิกไม่ได้ ผลคำนวณจากเลขที่ยิงและเมล็ดสุ่ม");
      }
      if (before.status === "add award") {
        // A settled round (a stock market that did not trade after all, a draw declared void): the
        // payouts and the referral commission are taken back first, then every slip is refunded. A
        // yeekee result comes from the players' shots and is never cancelled afterwards.
        if (before.category === "yeekee") throw conflict("งวดยี่กีที่ออกผลแล้วยกเลิกไม่ได้");
        // Point lots before ledger accounts, as a redemption takes them (docs/decisions/015).
        await reverseRoundPoints(tx, activityId);
        await unsettleRound(tx, activityId);
        await reverseRoundCommission(tx, activityId);
      }
      if (!(await repo.cancelRound(tx, activityId, before.status === "add award"))) {
        throw conflict(before.status === "cancel activity" ? "งวดนี้ถูกยกเลิกไปแล้ว" : "ยกเลิกงวดนี้ไม่ได้");
      }
      await repo.addRoundEvent(tx, { roundId: activityId, event: "cancel", actorId, note });
      await writeAudit(tx, { actorId, action: audit.action, target: `round:${activityId}`, before: { status: before.status }, after: { status: "cancel activity", note, ...audit.after } });
      return activityView((await repo.roundById(tx, activityId))!);
    }).then(async (activity) => {
      // The round's slips come back to their players as returned slips (คืนโพย). A slip another request
      // holds at this moment is skipped here and refunded by the ticker once it is free: the answer
      // says how many were refunded and how many wait, never "all" when some do.
      const refunded = await refundRound(db, activityId);
      const pending = await repo.activeSlipCount(db, activityId);
      const message =
        pending === 0
          ? `ยกเลิกงวดแล้ว คืนเครดิตครบทุกโพย (${refunded} โพย)`
          : `ยกเลิกงวดแล้ว คืนเครดิต ${refunded} โพย อีก ${pending} โพยกำลังทำรายการอยู่ ระบบจะคืนเครดิตให้อัตโนมัติในไม่กี่วินาที`;
      return { status: "Success" as const, message, activity, refunded, pending };
    });
  }

  return {
    recordResult,
    previewResult,
    cancelRound,

    async yeekeeActivities(lotteryId: string) {
      const l = await repo.lotteryById(db, lotteryId);
      if (!l || !isYeekeeGroup(l.group)) throw notFound("ไม่พบหวยยี่กีนี้");
      const date = (await repo.currentDrawDate(db, lotteryId)) ?? bangkokDateKey(Date.now());
      const rounds = await repo.roundsOfDate(db, lotteryId, date);
      return {
        status: "Success" as const,
        activitylist: rounds.map(activityView),
        date: formatThaiDrawDate(date),
        timenow: new Date().toISOString(),
        timeminutes: Number((l.schedule as { everyMinutes?: number }).everyMinutes ?? 0),
      };
    },

    async otherActivities(lotteryId: string) {
      const l = await repo.lotteryById(db, lotteryId);
      if (!l) throw notFound("ไม่พบหวยนี้");
      const rounds = await repo.recentRounds(db, lotteryId);
      const next = rounds.find((r) => r.status === "open" && new Date(r.close_at).getTime() > Date.now());
      return {
        status: "Success" as const,
        activitylist: rounds.map(activityView),
        date: formatThaiDate(next ? `${next.draw_date}T12:00:00+07:00` : Date.now()),
        timenow: new Date().toISOString(),
        timeminutes: next ? Math.max(0, Math.floor((new Date(next.close_at).getTime() - Date.now()) / 60_000)) : 0,
      };
    },

    async checkTimeout(activityId: number) {
      const round = await mustRound(db, activityId);
      const left = Math.max(0, Math.floor((new Date(round.close_at).getTime() - Date.now()) / 1000));
      return {
        status: "Success" as const,
        isOpen: round.is_open,
        timeout: !round.is_open,
        timestop: new Date(round.close_at).toISOString(),
        timenow: new Date().toISOString(),
        secondsLeft: round.is_open ? left : 0,
      };
    },

    async lottoList() {
      const [all, overview] = await Promise.all([repo.lotteriesAll(db, true), repo.lottoOverview(db)]);
      const next = new Map(overview.next.map((r) => [r.lottery_id, r]));
      const latest = new Map(overview.latest.map((r) => [r.lottery_id, r]));
      const latestAwards = await repo.awardsOfRounds(db, overview.latest.map((r) => Number(r.id)));
      return {
        status: "Success" as const,
        lottoList: all.map((l) => {
          const n = next.get(l.id);
          const done = latest.get(l.id);
          const awards = done ? latestAwards.filter((a) => Number(a.round_id) === Number(done.id)) : [];
          return {
            configID: l.id,
            name: l.name,
            group: l.group as Activity["group"],
            category: l.category as "thai" | "foreign" | "stock" | "yeekee" | "percent",
            icon: lotteryIcon(l.name),
            nextRound: n ? activityView(n) : null,
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
        }),
      };
    },

    async cacheData(user: AuthUser, body: { key: string; action: "get" | "set"; val?: string }) {
      if (body.action === "set") {
        if (body.val === undefined) throw badRequest("กรุณาส่งค่า val");
        await repo.cacheSet(db, user.uuid, body.key, body.val);
        return { status: "Success" as const, val: body.val };
      }
      return { status: "Success" as const, val: await repo.cacheGet(db, user.uuid, body.key) };
    },

    async awards(activityId: number) {
      await mustRound(db, activityId);
      return { status: "Success" as const, awardlist: (await repo.awardsOfRounds(db, [activityId])).map(awardView) };
    },

    async allAwards(date: string) {
      const rounds = await repo.roundsOnDate(db, date);
      const awards = await repo.awardsOfRounds(db, rounds.filter((r) => r.status === "add award").map((r) => Number(r.id)));
      const isYeekee = isYeekeeGroup;
      return {
        status: "Success" as const,
        Arr: awards.filter((a) => isYeekee(a.group) && a.award_type !== "ThreeDigitToad").map(awardView),
        ArrToad: awards.filter((a) => a.award_type === "ThreeDigitToad").map(awardView),
        ArrOtherLotto: rounds.filter((r) => !isYeekee(r.group)).map(activityView),
        ArrActivity: rounds.filter((r) => isYeekee(r.group)).map(activityView),
        ArrOtherAward: awards.filter((a) => !isYeekee(a.group) && a.award_type !== "ThreeDigitToad").map(awardView),
      };
    },

    async addAward(admin: AuthUser, body: z.output<typeof lottery.addAward.body>) {
      const { activityid, preview, correction, reason, ...fields } = body;
      if (preview) {
        const { winning, payout } = await previewResult(activityid, fields);
        await writeAudit(db, { actorId: admin.uuid, action: "round.result.preview", target: `round:${activityid}`, after: { ...fields, correction } });
        return { status: "Success" as const, message: "ตัวอย่างเลขที่ถูกรางวัลและยอดจ่าย (ยังไม่บันทึก)", preview: true, winning, awardlist: awardLines(winning), payout };
      }
      const done = await recordResult(activityid, fields, { actorId: admin.uuid, correction, reason, source: "admin" });
      return {
        status: "Success" as const,
        message: !done.changed ? "ผลนี้ตรงกับผลที่บันทึกไว้แล้ว ไม่มีการเปลี่ยนแปลง" : correction ? "แก้ผลรางวัลแล้ว" : "บันทึกผลรางวัลแล้ว",
        preview: false,
        winning: done.winning,
        awardlist: done.lines,
      };
    },

    async closeEarly(admin: AuthUser, activityId: number) {
      return db.transaction(async (tx) => {
        await mustRound(tx, activityId, true);
        if (!(await repo.closeRoundEarly(tx, activityId))) throw conflict("งวดนี้ปิดรับแทงแล้ว");
        await repo.addRoundEvent(tx, { roundId: activityId, event: "closed.early", actorId: admin.uuid });
        await writeAudit(tx, { actorId: admin.uuid, action: "round.close", target: `round:${activityId}` });
        return { status: "Success" as const, message: "ปิดรับแทงงวดนี้แล้ว", activity: activityView((await repo.roundById(tx, activityId))!) };
      });
    },

    cancel: (admin: AuthUser, activityId: number, note: string) => cancelRound(admin.uuid, activityId, note),

    async roundLog(activityId: number) {
      await mustRound(db, activityId);
      const events = await repo.roundEvents(db, activityId);
      return {
        status: "Success" as const,
        loglist: events.map((e) => ({
          id: Number(e.id),
          activityid: Number(e.round_id),
          event: e.event,
          note: e.note,
          username: e.username,
          date_time: formatThaiDateTime(e.at),
        })),
      };
    },

    async adminLotteries() {
      const all = await repo.lotteriesAll(db, false);
      return { status: "Success" as const, lotteries: all.map(adminLotteryView) };
    },

    async updateLottery(admin: AuthUser, body: { id: string; name: string; active: boolean; schedule: Record<string, unknown> }) {
      const problem = validateSchedule(body.schedule);
      if (problem) throw badRequest(problem);
      const updated = await db.transaction(async (tx) => {
        const before = await repo.lotteryById(tx, body.id);
        if (!before) throw notFound("ไม่พบหวยนี้");
        await repo.updateLottery(tx, body);
        if (JSON.stringify(before.schedule) !== JSON.stringify(body.schedule)) await repo.dropUnopenedRounds(tx, body.id);
        await writeAudit(tx, { actorId: admin.uuid, action: "lottery.update", target: `lottery:${body.id}`, before, after: body });
        return (await repo.lotteryById(tx, body.id))!;
      });
      await planLottery(db, updated, new Date());
      return { status: "Success" as const, lottery: adminLotteryView(updated) };
    },

    async adminRounds(date: string, lotteryId?: string) {
      const rounds = await repo.roundsOnDate(db, date, lotteryId);
      return {
        status: "Success" as const,
        activitylist: rounds.map((r) => ({ ...activityView(r), resultKind: r.result_kind as "thai" | "stock" | "simple" | "yeekee", result: r.result })),
      };
    },
  };
}

function adminLotteryView(l: repo.LotteryRow) {
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

export type LotteryService = ReturnType<typeof lotteryService>;
