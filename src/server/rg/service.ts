import type { z } from "zod";
import type { rg } from "../../contract";
import { bahtToSatang, satangToBaht } from "../../domain/money";
import {
  appliesAtOnce,
  type BreakLength,
  breakEnd,
  CONFIRM_WINDOW_MS,
  EXCLUSIONS,
  type LimitKind,
  type LimitPeriod,
  limitOrderProblem,
  type PeriodLimits,
  pendingState,
  RAISE_COOLING_MS,
  RETURN_DELAY_MS,
} from "../../domain/rg";
import { formatThaiDateTime } from "../../domain/thai-date";
import { endAllSessions, endSession, userById } from "../auth/players";
import type { Db } from "../db/client";
import { cancelOpenGamesOf } from "../games/service";
import { badRequest, conflict, notFound } from "../http/errors";
import type { AuthUser } from "../http/register-route";
import * as repo from "./repository";
import type { Actor, LimitRow, StateRow, UsageRow } from "./repository";

// Responsible play (docs/decisions/017): the player's own limits, reality check, breaks and
// statement, and the operator's view. Every change writes an rg_audit row in its transaction.

/**
 * A player's responsible-play settings as read: the state row (none until the first change), the limits,
 * the usage of each period (satang, as text), and the stakes and wins since the sign-in (satang).
 */
export interface RgSnapshot {
  state: StateRow | undefined;
  now: Date;
  limits: LimitRow[];
  usage: UsageRow[];
  stakes: bigint;
  wins: bigint;
}
/** A change of the settings: what it did, in the player's words, and the settings after it. */
export interface RgOutcome {
  settings: RgSnapshot;
  message?: string;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const baht = (satang: bigint | string) => satangToBaht(BigInt(satang));

/** Whether the account is closed (on a break, or after it until 24 h past the request to return). */
export function closed(s: StateRow): boolean {
  if (!s.break_until) return false;
  const now = new Date(s.now).getTime();
  if (new Date(s.break_until).getTime() > now) return true;
  return !s.return_requested_at || new Date(s.return_requested_at).getTime() + RETURN_DELAY_MS > now;
}

/** The period limits of one kind with one of them replaced (for the daily ≤ weekly ≤ monthly check). */
function periodLimits(rows: LimitRow[], kind: LimitKind, replace?: { period: LimitPeriod; amount: bigint | null }): PeriodLimits {
  const of = (p: LimitPeriod) => {
    if (replace?.period === p) return replace.amount;
    const row = rows.find((r) => r.kind === kind && r.period === p);
    return row ? BigInt(row.amount) : null;
  };
  return { day: of("day"), week: of("week"), month: of("month") };
}

export function rgService(db: Db, auth: { forgetSessions(ids: string[]): void }) {
  /** The player's settings as they are now (a reality check due is logged the first time it is read). */
  async function settings(userId: string): Promise<RgSnapshot> {
    const [state, limits, usage] = await Promise.all([repo.stateOf(db, userId), repo.limitsOf(db, userId), repo.usageOf(db, userId)]);
    const now = state ? new Date(state.now) : new Date();

    let stakes = 0n;
    let wins = 0n;
    const dueAt = state?.reality_due_at ? new Date(state.reality_due_at) : null;
    const due = !!dueAt && dueAt <= now;
    if (state?.session_started_at) {
      const since = await repo.moneySince(db, userId, state.session_started_at);
      stakes = BigInt(since.stakes);
      wins = BigInt(since.wins);
    }
    // Each prompt is logged once, when the player is first shown it.
    if (due) {
      await repo.logRealityCheckShown(db, userId);
    }
    return { state, now, limits, usage, stakes, wins };
  }

  /** Sets a limit where there was none or lowers one at once; a raise or removal waits 24 h for confirmation. */
  async function changeLimit(
    userId: string,
    who: Actor,
    body: { kind: LimitKind; period: LimitPeriod; amount: number | null },
    reason: string | null = null,
  ) {
    const next = body.amount === null ? null : BigInt(bahtToSatang(body.amount));
    return db.transaction(async (tx) => {
      await repo.lockState(tx, userId);
      const rows = await repo.limitsOf(tx, userId);
      const row = rows.find((r) => r.kind === body.kind && r.period === body.period);
      const current = row ? BigInt(row.amount) : null;
      if (next === null && current === null) throw badRequest("ยังไม่ได้ตั้งวงเงินนี้");
      const problem = limitOrderProblem(body.kind, periodLimits(rows, body.kind, { period: body.period, amount: next }));
      if (problem) throw badRequest(problem);
      const which = { kind: body.kind, period: body.period };
      const before = {
        ...which,
        amount: current === null ? null : baht(current),
        pending: row?.pending_at ? (row.pending_amount === null ? null : baht(row.pending_amount)) : undefined,
      };
      if (appliesAtOnce(current, next)) {
        if (who.actor === "operator" && current !== null && next! >= current) throw badRequest("ผู้ดูแลลดวงเงินได้เท่านั้น เพิ่มไม่ได้");
        await repo.setLimitNow(tx, userId, body.kind, body.period, next!);
        await repo.refreshStakeFlag(tx, userId);
        await repo.audit(
          tx,
          userId,
          who,
          current === null ? "limit.set" : "limit.lower",
          before,
          { ...which, amount: baht(next!) },
          reason,
        );
        return "บันทึกวงเงินแล้ว มีผลทันที";
      }
      if (who.actor === "operator") throw badRequest("ผู้ดูแลลดวงเงินได้เท่านั้น เพิ่มไม่ได้");
      await repo.askLimitChange(tx, userId, body.kind, body.period, next);
      await repo.audit(
        tx,
        userId,
        who,
        next === null ? "limit.remove_requested" : "limit.raise_requested",
        before,
        { ...which, pending: next === null ? null : baht(next) },
        reason,
      );
      const from = formatThaiDateTime(new Date(Date.now() + RAISE_COOLING_MS));
      return `${next === null ? "คำขอยกเลิกวงเงิน" : "คำขอเพิ่มวงเงิน"}จะยืนยันได้ตั้งแต่ ${from} (ภายใน 7 วัน) จนกว่าจะยืนยัน วงเงินเดิมยังมีผล`;
    });
  }

  return {
    read: async (user: AuthUser): Promise<RgOutcome> => ({ settings: await settings(user.uuid) }),

    async setLimit(user: AuthUser, body: z.output<typeof rg.setLimit.body>): Promise<RgOutcome> {
      const message = await changeLimit(user.uuid, { actor: "player", actorId: user.uuid }, body);
      return { settings: await settings(user.uuid), message };
    },

    async confirmLimit(user: AuthUser, body: z.output<typeof rg.confirmLimit.body>): Promise<RgOutcome> {
      const message = await db.transaction(async (tx) => {
        const state = await repo.lockState(tx, user.uuid);
        const rows = await repo.limitsOf(tx, user.uuid);
        const row = rows.find((r) => r.kind === body.kind && r.period === body.period);
        if (!row?.pending_at) throw conflict("ไม่มีคำขอเพิ่มหรือยกเลิกวงเงินนี้ที่รอยืนยัน");
        const stage = pendingState(new Date(row.pending_at), new Date(state.now));
        if (stage === "cooling")
          throw conflict(`ยืนยันได้ตั้งแต่ ${formatThaiDateTime(new Date(new Date(row.pending_at).getTime() + RAISE_COOLING_MS))}`);
        if (stage === "lapsed") throw conflict("คำขอนี้หมดอายุแล้ว (ไม่ได้ยืนยันภายใน 7 วัน) วงเงินเดิมยังมีผล");
        const next = row.pending_amount === null ? null : BigInt(row.pending_amount);
        const problem = limitOrderProblem(body.kind, periodLimits(rows, body.kind, { period: body.period, amount: next }));
        if (problem) throw badRequest(problem);
        await repo.applyLimitChange(tx, user.uuid, body.kind, body.period, next);
        await repo.refreshStakeFlag(tx, user.uuid);
        await repo.audit(
          tx,
          user.uuid,
          { actor: "player", actorId: user.uuid },
          next === null ? "limit.remove_confirmed" : "limit.raise_confirmed",
          { kind: body.kind, period: body.period, amount: baht(row.amount) },
          { kind: body.kind, period: body.period, amount: next === null ? null : baht(next) },
        );
        return next === null ? "ยกเลิกวงเงินแล้ว" : "เพิ่มวงเงินแล้ว";
      });
      return { settings: await settings(user.uuid), message };
    },

    async setRealityCheck(user: AuthUser, body: { minutes: number | null }): Promise<RgOutcome> {
      await db.transaction(async (tx) => {
        const state = await repo.lockState(tx, user.uuid);
        await repo.setRealityInterval(tx, user.uuid, body.minutes);
        await repo.audit(
          tx,
          user.uuid,
          { actor: "player", actorId: user.uuid },
          "reality.interval",
          { minutes: state.reality_minutes },
          { minutes: body.minutes },
        );
      });
      return {
        settings: await settings(user.uuid),
        message: body.minutes === null ? "ปิดการเตือนเวลาเล่นแล้ว" : `จะเตือนทุก ${body.minutes} นาที`,
      };
    },

    /** The answer to a reality check due: continue (the next one is an interval away) or sign out. */
    async answerRealityCheck(user: AuthUser, body: { answer: "continue" | "signout" }): Promise<RgOutcome> {
      await db.transaction(async (tx) => {
        const state = await repo.lockState(tx, user.uuid);
        if (!state.reality_due_at || new Date(state.reality_due_at) > new Date(state.now)) throw conflict("ยังไม่ถึงเวลาเตือน");
        await repo.answerRealityCheck(tx, user.uuid, body.answer);
        if (body.answer === "signout") await endSession(tx, user.sessionId);
      });
      if (body.answer === "signout") auth.forgetSessions([user.sessionId]);
      return { settings: await settings(user.uuid), message: body.answer === "signout" ? "ออกจากระบบแล้ว" : "เล่นต่อได้" };
    },

    /**
     * A time-out or self-exclusion, at once: every session revoked, open games cancelled and refunded,
     * open deposit requests expired. It cannot be shortened (a longer one may replace it).
     */
    async takeBreak(user: AuthUser, body: { length: BreakLength }): Promise<RgOutcome> {
      const kind = (EXCLUSIONS as readonly string[]).includes(body.length) ? "self_exclusion" : "timeout";
      const { revoked, until } = await db.transaction(async (tx) => {
        const state = await repo.lockState(tx, user.uuid);
        const now = new Date(state.now);
        const end = breakEnd(now, body.length);
        if (closed(state) && state.break_until && new Date(state.break_until) >= end) {
          throw conflict(`คุณอยู่ในช่วงพักการเล่นถึง ${formatThaiDateTime(state.break_until)} อยู่แล้ว ย่นระยะเวลาไม่ได้`);
        }
        const started = closed(state) && state.break_started_at ? state.break_started_at : now;
        await repo.startBreak(tx, user.uuid, { kind, started, until: end });
        const games = await cancelOpenGamesOf(tx, user.uuid);
        await repo.expireOpenDepositRequests(tx, user.uuid);
        const ids = await endAllSessions(tx, user.uuid);
        await repo.audit(
          tx,
          user.uuid,
          { actor: "player", actorId: user.uuid },
          kind === "timeout" ? "break.timeout" : "break.self_exclusion",
          { until: iso(closed(state) ? state.break_until : null) },
          { length: body.length, until: end.toISOString(), sessionsRevoked: ids.length, gamesRefunded: games },
        );
        return { revoked: ids, until: end };
      });
      auth.forgetSessions(revoked);
      return {
        settings: await settings(user.uuid),
        message: `พักการเล่นถึง ${formatThaiDateTime(until)} ออกจากระบบทุกเครื่องแล้ว เข้าสู่ระบบได้เพื่อดูยอดเงินและถอนเงินเท่านั้น`,
      };
    },

    async requestReturn(user: AuthUser): Promise<RgOutcome> {
      await db.transaction(async (tx) => {
        const state = await repo.lockState(tx, user.uuid);
        if (!state.break_until || !closed(state)) throw conflict("บัญชีของคุณไม่ได้อยู่ในช่วงพักการเล่น");
        if (new Date(state.break_until) > new Date(state.now))
          throw conflict(`ยังไม่ครบกำหนดพัก (ถึง ${formatThaiDateTime(state.break_until)})`);
        if (state.return_requested_at) throw conflict("ส่งคำขอกลับมาเล่นแล้ว");
        await repo.requestReturn(tx, user.uuid);
        await repo.audit(
          tx,
          user.uuid,
          { actor: "player", actorId: user.uuid },
          "break.return_requested",
          { until: iso(state.break_until) },
          { opens_in_hours: RETURN_DELAY_MS / 3600_000 },
        );
      });
      return { settings: await settings(user.uuid), message: "รับคำขอแล้ว บัญชีจะเปิดให้เล่นอีกครั้งใน 24 ชั่วโมง" };
    },

    /** 12 months of the player's money by Bangkok month and day. */
    async statement(user: AuthUser) {
      const rows = await repo.statementDays(db, user.uuid);
      const days = rows.map((d) => ({
        period: d.day,
        deposits: baht(d.deposits),
        withdrawals: baht(d.withdrawals),
        stakes: baht(d.stakes),
        wins: baht(d.wins),
        commission: baht(d.commission),
        points: Number(d.points) / 100,
      }));
      const months = new Map<
        string,
        { period: string } & Record<"deposits" | "withdrawals" | "stakes" | "wins" | "commission" | "points", number>
      >();
      for (const d of days) {
        const key = d.period.slice(0, 7);
        const m = months.get(key) ?? { period: key, deposits: 0, withdrawals: 0, stakes: 0, wins: 0, commission: 0, points: 0 };
        for (const k of ["deposits", "withdrawals", "stakes", "wins", "commission", "points"] as const)
          m[k] = Math.round((m[k] + d[k]) * 100) / 100;
        months.set(key, m);
      }
      return { months: [...months.values()], days };
    },

    // ---- Operator ----

    async players() {
      return repo.playersWithSettings(db);
    },

    async lowerLimit(admin: AuthUser, body: z.output<typeof rg.adminLowerLimit.body>): Promise<void> {
      const player = await userById(db, body.uuid);
      if (player?.role !== "player") throw notFound("ไม่พบผู้เล่น");
      await changeLimit(body.uuid, { actor: "operator", actorId: admin.uuid }, body, body.reason);
    },

    async auditOf(body: { uuid: string }) {
      return repo.auditLines(db, body.uuid);
    },
  };
}

export type RgService = ReturnType<typeof rgService>;

/** Raises asked for and not confirmed within 7 days lapse (the ticker): the old limit stays, audited as the system's. */
export async function lapseRaises(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await repo.dropRaisesOlderThan(tx, (RAISE_COOLING_MS + CONFIRM_WINDOW_MS) / 1000);
    for (const row of rows) {
      await repo.audit(
        tx,
        row.user_id,
        { actor: "system", actorId: null },
        "limit.raise_lapsed",
        { pending: row.pending_amount === null ? null : baht(row.pending_amount) },
        { amount: baht(row.amount), kind: row.kind, period: row.period },
      );
    }
    return rows.length;
  });
}
