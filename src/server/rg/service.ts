import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { rg } from "../../contract";
import type { BreakView, LimitView, RgSettings } from "../../contract/rg";
import { bahtToSatang, satangToBaht } from "../../domain/money";
import {
  appliesAtOnce,
  type BreakLength,
  breakEnd,
  CONFIRM_WINDOW_MS,
  EXCLUSIONS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  limitOrderProblem,
  type PeriodLimits,
  pendingState,
  RAISE_COOLING_MS,
  RETURN_DELAY_MS,
  roomLeft,
} from "../../domain/rg";
import { formatThaiDateTime } from "../../domain/thai-date";
import * as authRepo from "../auth/repository";
import type { Db, Executor, Tx } from "../db/client";
import { cancelOpenGamesOf } from "../games/service";
import { badRequest, conflict, notFound } from "../http/errors";
import type { AuthUser } from "../http/register-route";

// Responsible play (docs/decisions/017): the player's own limits, reality check, breaks and
// statement, and the operator's view. Every change writes an rg_audit row in its transaction.

type StateRow = {
  reality_minutes: number | null;
  session_started_at: Date | null;
  reality_due_at: Date | null;
  break_kind: "timeout" | "self_exclusion" | null;
  break_started_at: Date | null;
  break_until: Date | null;
  return_requested_at: Date | null;
  now: Date;
};
type LimitRow = { kind: LimitKind; period: LimitPeriod; amount: string; pending_amount: string | null; pending_at: Date | null };
type UsageRow = { period: LimitPeriod; deposits: string; stakes: string; wins: string };
type Actor = { actor: "player" | "operator" | "system"; actorId: string | null };

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const baht = (satang: bigint | string) => satangToBaht(BigInt(satang));

async function audit(tx: Executor, userId: string, who: Actor, action: string, before: unknown, after: unknown, reason: string | null = null) {
  await tx.execute(sql`
    insert into rg_audit (user_id, actor, actor_id, action, before, after, reason)
    values (${userId}, ${who.actor}, ${who.actorId}, ${action}, ${JSON.stringify(before ?? null)}::jsonb, ${JSON.stringify(after ?? null)}::jsonb, ${reason})`);
}

/** The player's row, made if missing and locked: one change of a player's settings at a time. */
async function lockState(tx: Tx, userId: string): Promise<StateRow> {
  await tx.execute(sql`insert into rg_state (user_id) values (${userId}) on conflict do nothing`);
  const r = await tx.execute<StateRow>(sql`select *, now() as now from rg_state where user_id = ${userId} for update`);
  return r.rows[0]!;
}

async function limitsOf(db: Executor, userId: string): Promise<LimitRow[]> {
  const r = await db.execute<LimitRow>(sql`
    select kind, period, amount::text, pending_amount::text, pending_at from rg_limits where user_id = ${userId}`);
  return r.rows;
}

/** The flag the bet path reads to skip the limits when none could refuse a stake. */
async function refreshStakeFlag(tx: Executor, userId: string) {
  await tx.execute(sql`
    update rg_state set has_stake_limits = exists (select 1 from rg_limits where user_id = ${userId} and kind in ('stake', 'loss'))
    where user_id = ${userId}`);
}

/** Whether the account is closed (on a break, or after it until 24 h past the request to return). */
function closed(s: StateRow): boolean {
  if (!s.break_until) return false;
  const now = new Date(s.now).getTime();
  if (new Date(s.break_until).getTime() > now) return true;
  return !s.return_requested_at || new Date(s.return_requested_at).getTime() + RETURN_DELAY_MS > now;
}

type BreakFields = Pick<StateRow, "break_kind" | "break_started_at" | "break_until" | "return_requested_at">;

/** A break in force (or ended and not yet reopened) as the player and the operator see it. */
function breakView(s: BreakFields): BreakView {
  return {
    kind: s.break_kind!,
    started_at: iso(s.break_started_at)!,
    until: iso(s.break_until)!,
    return_requested_at: iso(s.return_requested_at),
    opens_at: s.return_requested_at ? new Date(new Date(s.return_requested_at).getTime() + RETURN_DELAY_MS).toISOString() : null,
  };
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
  async function settings(userId: string, message?: string): Promise<RgSettings> {
    const [stateRows, limits, usage] = await Promise.all([
      db.execute<StateRow>(sql`select *, now() as now from rg_state where user_id = ${userId}`),
      limitsOf(db, userId),
      db.execute<UsageRow>(sql`select period, deposits::text, stakes::text, wins::text from rg_usage(${userId}::uuid, now())`),
    ]);
    const state = stateRows.rows[0];
    const now = state ? new Date(state.now) : new Date();
    const used = (kind: LimitKind, period: LimitPeriod) => {
      const u = usage.rows.find((x) => x.period === period)!;
      if (kind === "deposit") return BigInt(u.deposits);
      return kind === "stake" ? BigInt(u.stakes) : BigInt(u.stakes) - BigInt(u.wins);
    };
    const limitViews: LimitView[] = LIMIT_KINDS.flatMap((kind) =>
      LIMIT_PERIODS.map((period) => {
        const row = limits.find((l) => l.kind === kind && l.period === period);
        const spent = used(kind, period);
        const pendingAt = row?.pending_at ? new Date(row.pending_at) : null;
        const pending = pendingAt ? pendingState(pendingAt, now) : null;
        return {
          kind,
          period,
          amount: row ? baht(row.amount) : null,
          used: baht(spent < 0n ? 0n : spent),
          left: row ? baht(roomLeft(BigInt(row.amount), spent)) : null,
          pending:
            pendingAt && pending !== "lapsed"
              ? {
                  amount: row!.pending_amount === null ? null : baht(row!.pending_amount),
                  requested_at: pendingAt.toISOString(),
                  confirmable_at: new Date(pendingAt.getTime() + RAISE_COOLING_MS).toISOString(),
                  lapses_at: new Date(pendingAt.getTime() + RAISE_COOLING_MS + CONFIRM_WINDOW_MS).toISOString(),
                  state: pending!,
                }
              : null,
        };
      }),
    );

    let stakes = 0n;
    let wins = 0n;
    const dueAt = state?.reality_due_at ? new Date(state.reality_due_at) : null;
    const due = !!dueAt && dueAt <= now;
    if (state?.session_started_at) {
      const since = await db.execute<{ stakes: string; wins: string }>(sql`
        select coalesce(sum(stake), 0)::text as stakes, coalesce(sum(win), 0)::text as wins from rg_money(${userId}::uuid, ${state.session_started_at})`);
      stakes = BigInt(since.rows[0]!.stakes);
      wins = BigInt(since.rows[0]!.wins);
    }
    // Each prompt is logged once, when the player is first shown it.
    if (due) {
      await db.execute(sql`
        insert into rg_reality_checks (user_id, due_at) select user_id, reality_due_at from rg_state
        where user_id = ${userId} and reality_due_at <= now() on conflict do nothing`);
    }

    const onBreak = state && closed(state);
    return {
      status: "Success",
      ...(message ? { message } : {}),
      limits: limitViews,
      reality: {
        minutes: state ? state.reality_minutes : 60,
        started_at: iso(state?.session_started_at ?? null),
        due_at: iso(dueAt),
        due,
        stakes: baht(stakes),
        net: baht(wins - stakes),
      },
      break: onBreak ? breakView(state) : null,
    };
  }

  /** Sets a limit where there was none or lowers one at once; a raise or removal waits 24 h for confirmation. */
  async function changeLimit(userId: string, who: Actor, body: { kind: LimitKind; period: LimitPeriod; amount: number | null }, reason: string | null = null) {
    const next = body.amount === null ? null : BigInt(bahtToSatang(body.amount));
    return db.transaction(async (tx) => {
      await lockState(tx, userId);
      const rows = await limitsOf(tx, userId);
      const row = rows.find((r) => r.kind === body.kind && r.period === body.period);
      const current = row ? BigInt(row.amount) : null;
      if (next === null && current === null) throw badRequest("ยังไม่ได้ตั้งวงเงินนี้");
      const problem = limitOrderProblem(body.kind, periodLimits(rows, body.kind, { period: body.period, amount: next }));
      if (problem) throw badRequest(problem);
      const which = { kind: body.kind, period: body.period };
      const before = { ...which, amount: current === null ? null : baht(current), pending: row?.pending_at ? (row.pending_amount === null ? null : baht(row.pending_amount)) : undefined };
      if (appliesAtOnce(current, next)) {
        if (who.actor === "operator" && current !== null && next! >= current) throw badRequest("ผู้ดูแลลดวงเงินได้เท่านั้น เพิ่มไม่ได้");
        await tx.execute(sql`
          insert into rg_limits (user_id, kind, period, amount) values (${userId}, ${body.kind}, ${body.period}, ${next})
          on conflict (user_id, kind, period) do update set amount = excluded.amount, pending_amount = null, pending_at = null`);
        await refreshStakeFlag(tx, userId);
        await audit(tx, userId, who, current === null ? "limit.set" : "limit.lower", before, { ...which, amount: baht(next!) }, reason);
        return "บันทึกวงเงินแล้ว มีผลทันที";
      }
      if (who.actor === "operator") throw badRequest("ผู้ดูแลลดวงเงินได้เท่านั้น เพิ่มไม่ได้");
      await tx.execute(sql`
        update rg_limits set pending_amount = ${next}, pending_at = now() where user_id = ${userId} and kind = ${body.kind} and period = ${body.period}`);
      await audit(tx, userId, who, next === null ? "limit.remove_requested" : "limit.raise_requested", before, { ...which, pending: next === null ? null : baht(next) }, reason);
      const from = formatThaiDateTime(new Date(Date.now() + RAISE_COOLING_MS));
      return `${next === null ? "คำขอยกเลิกวงเงิน" : "คำขอเพิ่มวงเงิน"}จะยืนยันได้ตั้งแต่ ${from} (ภายใน 7 วัน) จนกว่าจะยืนยัน วงเงินเดิมยังมีผล`;
    });
  }

  return {
    read: (user: AuthUser) => settings(user.uuid),

    async setLimit(user: AuthUser, body: z.output<typeof rg.setLimit.body>) {
      const message = await changeLimit(user.uuid, { actor: "player", actorId: user.uuid }, body);
      return settings(user.uuid, message);
    },

    async confirmLimit(user: AuthUser, body: z.output<typeof rg.confirmLimit.body>) {
      const message = await db.transaction(async (tx) => {
        const state = await lockState(tx, user.uuid);
        const rows = await limitsOf(tx, user.uuid);
        const row = rows.find((r) => r.kind === body.kind && r.period === body.period);
        if (!row?.pending_at) throw conflict("ไม่มีคำขอเพิ่มหรือยกเลิกวงเงินนี้ที่รอยืนยัน");
        const stage = pendingState(new Date(row.pending_at), new Date(state.now));
        if (stage === "cooling") throw conflict(`ยืนยันได้ตั้งแต่ ${formatThaiDateTime(new Date(new Date(row.pending_at).getTime() + RAISE_COOLING_MS))}`);
        if (stage === "lapsed") throw conflict("คำขอนี้หมดอายุแล้ว (ไม่ได้ยืนยันภายใน 7 วัน) วงเงินเดิมยังมีผล");
        const next = row.pending_amount === null ? null : BigInt(row.pending_amount);
        const problem = limitOrderProblem(body.kind, periodLimits(rows, body.kind, { period: body.period, amount: next }));
        if (problem) throw badRequest(problem);
        if (next === null) await tx.execute(sql`delete from rg_limits where user_id = ${user.uuid} and kind = ${body.kind} and period = ${body.period}`);
        else
          await tx.execute(sql`
            update rg_limits set amount = ${next}, pending_amount = null, pending_at = null
            where user_id = ${user.uuid} and kind = ${body.kind} and period = ${body.period}`);
        await refreshStakeFlag(tx, user.uuid);
        await audit(tx, user.uuid, { actor: "player", actorId: user.uuid }, next === null ? "limit.remove_confirmed" : "limit.raise_confirmed", { kind: body.kind, period: body.period, amount: baht(row.amount) }, { kind: body.kind, period: body.period, amount: next === null ? null : baht(next) });
        return next === null ? "ยกเลิกวงเงินแล้ว" : "เพิ่มวงเงินแล้ว";
      });
      return settings(user.uuid, message);
    },

    async setRealityCheck(user: AuthUser, body: { minutes: number | null }) {
      await db.transaction(async (tx) => {
        const state = await lockState(tx, user.uuid);
        await tx.execute(sql`
          update rg_state set reality_minutes = ${body.minutes},
            reality_due_at = case when ${body.minutes}::int is null then null else now() + make_interval(mins => ${body.minutes}::int) end
          where user_id = ${user.uuid}`);
        await audit(tx, user.uuid, { actor: "player", actorId: user.uuid }, "reality.interval", { minutes: state.reality_minutes }, { minutes: body.minutes });
      });
      return settings(user.uuid, body.minutes === null ? "ปิดการเตือนเวลาเล่นแล้ว" : `จะเตือนทุก ${body.minutes} นาที`);
    },

    /** The answer to a reality check due: continue (the next one is an interval away) or sign out. */
    async answerRealityCheck(user: AuthUser, body: { answer: "continue" | "signout" }) {
      await db.transaction(async (tx) => {
        const state = await lockState(tx, user.uuid);
        if (!state.reality_due_at || new Date(state.reality_due_at) > new Date(state.now)) throw conflict("ยังไม่ถึงเวลาเตือน");
        await tx.execute(sql`
          insert into rg_reality_checks (user_id, due_at, answer, answered_at)
          select user_id, reality_due_at, ${body.answer}, now() from rg_state where user_id = ${user.uuid}
          on conflict (user_id, due_at) do update set answer = excluded.answer, answered_at = excluded.answered_at`);
        await tx.execute(sql`
          update rg_state set reality_due_at = case when reality_minutes is null then null else now() + make_interval(mins => reality_minutes) end
          where user_id = ${user.uuid}`);
        if (body.answer === "signout") await authRepo.revokeSession(tx, user.sessionId);
      });
      if (body.answer === "signout") auth.forgetSessions([user.sessionId]);
      return settings(user.uuid, body.answer === "signout" ? "ออกจากระบบแล้ว" : "เล่นต่อได้");
    },

    /**
     * A time-out or self-exclusion, at once: every session revoked, open games cancelled and refunded,
     * open deposit requests expired. It cannot be shortened (a longer one may replace it).
     */
    async takeBreak(user: AuthUser, body: { length: BreakLength }) {
      const kind = (EXCLUSIONS as readonly string[]).includes(body.length) ? "self_exclusion" : "timeout";
      const { revoked, until } = await db.transaction(async (tx) => {
        const state = await lockState(tx, user.uuid);
        const now = new Date(state.now);
        const end = breakEnd(now, body.length);
        if (closed(state) && state.break_until && new Date(state.break_until) >= end) {
          throw conflict(`คุณอยู่ในช่วงพักการเล่นถึง ${formatThaiDateTime(state.break_until)} อยู่แล้ว ย่นระยะเวลาไม่ได้`);
        }
        const started = closed(state) && state.break_started_at ? state.break_started_at : now;
        await tx.execute(sql`
          update rg_state set break_kind = ${kind}, break_started_at = ${started}, break_until = ${end}, return_requested_at = null, reality_due_at = null
          where user_id = ${user.uuid}`);
        const games = await cancelOpenGamesOf(tx, user.uuid);
        await tx.execute(sql`update deposit_requests set state = 'expired' where user_id = ${user.uuid} and state = 'open'`);
        const ids = await authRepo.revokeAllSessions(tx, user.uuid);
        await audit(
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
      return settings(user.uuid, `พักการเล่นถึง ${formatThaiDateTime(until)} ออกจากระบบทุกเครื่องแล้ว เข้าสู่ระบบได้เพื่อดูยอดเงินและถอนเงินเท่านั้น`);
    },

    async requestReturn(user: AuthUser) {
      await db.transaction(async (tx) => {
        const state = await lockState(tx, user.uuid);
        if (!state.break_until || !closed(state)) throw conflict("บัญชีของคุณไม่ได้อยู่ในช่วงพักการเล่น");
        if (new Date(state.break_until) > new Date(state.now)) throw conflict(`ยังไม่ครบกำหนดพัก (ถึง ${formatThaiDateTime(state.break_until)})`);
        if (state.return_requested_at) throw conflict("ส่งคำขอกลับมาเล่นแล้ว");
        await tx.execute(sql`update rg_state set return_requested_at = now() where user_id = ${user.uuid}`);
        await audit(tx, user.uuid, { actor: "player", actorId: user.uuid }, "break.return_requested", { until: iso(state.break_until) }, { opens_in_hours: RETURN_DELAY_MS / 3600_000 });
      });
      return settings(user.uuid, "รับคำขอแล้ว บัญชีจะเปิดให้เล่นอีกครั้งใน 24 ชั่วโมง");
    },

    /** 12 months of the player's money by Bangkok month and day. */
    async statement(user: AuthUser) {
      const r = await db.execute<{ day: string; deposits: string; withdrawals: string; stakes: string; wins: string; commission: string; points: string }>(sql`
        with since as (select (date_trunc('month', now() at time zone 'Asia/Bangkok') - interval '11 months') at time zone 'Asia/Bangkok' as at),
        events as (
          select happened_at as at, deposit, stake, win, 0::bigint as withdrawal, 0::bigint as commission, 0::bigint as points
          from rg_money(${user.uuid}::uuid, (select at from since))
          union all
          select w.decided_at, 0, 0, 0, w.amount, 0, 0 from withdrawals w, since
          where w.user_id = ${user.uuid} and w.status = 'Approve' and w.decided_at >= since.at
          union all
          select c.created_at, 0, 0, 0, 0, c.amount, 0 from referral_commissions c, since
          where c.referrer_id = ${user.uuid} and c.reversed_at is null and c.amount > 0 and c.created_at >= since.at
          union all
          select p.created_at, 0, 0, 0, 0, 0, p.amount from points_log p, since
          where p.user_id = ${user.uuid} and p.kind in ('bet', 'deposit', 'adjust') and p.amount > 0 and p.created_at >= since.at
        )
        select to_char(at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day,
          sum(deposit)::text as deposits, sum(withdrawal)::text as withdrawals, sum(stake)::text as stakes, sum(win)::text as wins,
          sum(commission)::text as commission, sum(points)::text as points
        from events e where not (e.deposit = 0 and e.stake = 0 and e.win = 0 and e.withdrawal = 0 and e.commission = 0 and e.points = 0)
        group by 1 order by 1 desc`);
      const days = r.rows.map((d) => ({
        period: d.day,
        deposits: baht(d.deposits),
        withdrawals: baht(d.withdrawals),
        stakes: baht(d.stakes),
        wins: baht(d.wins),
        commission: baht(d.commission),
        points: Number(d.points) / 100,
      }));
      const months = new Map<string, { period: string } & Record<"deposits" | "withdrawals" | "stakes" | "wins" | "commission" | "points", number>>();
      for (const d of days) {
        const key = d.period.slice(0, 7);
        const m = months.get(key) ?? { period: key, deposits: 0, withdrawals: 0, stakes: 0, wins: 0, commission: 0, points: 0 };
        for (const k of ["deposits", "withdrawals", "stakes", "wins", "commission", "points"] as const) m[k] = Math.round((m[k] + d[k]) * 100) / 100;
        months.set(key, m);
      }
      return { status: "Success" as const, months: [...months.values()], days };
    },

    // ---- Operator ----

    async players() {
      const r = await db.execute<{
        uuid: string;
        username: string;
        limits: Array<{ kind: LimitKind; period: LimitPeriod; amount: string }> | null;
        break_kind: "timeout" | "self_exclusion" | null;
        break_started_at: Date | null;
        break_until: Date | null;
        return_requested_at: Date | null;
        closed: boolean;
        flagged: number;
      }>(sql`
        select u.id as uuid, u.username,
          (select json_agg(json_build_object('kind', l.kind, 'period', l.period, 'amount', l.amount::text) order by l.kind, l.period) from rg_limits l where l.user_id = u.id) as limits,
          s.break_kind, s.break_started_at, s.break_until, s.return_requested_at, rg_closed(u.id, now()) as closed,
          (select count(*)::int from rg_audit a where a.user_id = u.id and a.action = 'deposit.over_limit') as flagged
        from users u left join rg_state s on s.user_id = u.id
        where exists (select 1 from rg_limits l where l.user_id = u.id) or rg_closed(u.id, now())
        order by u.username limit 1000`);
      return {
        status: "Success" as const,
        players: r.rows.map((p) => ({
          uuid: p.uuid,
          username: p.username,
          limits: (p.limits ?? []).map((l) => ({ kind: l.kind, period: l.period, amount: baht(l.amount) })),
          break: p.closed ? breakView(p) : null,
          flagged_deposits: p.flagged,
        })),
      };
    },

    async lowerLimit(admin: AuthUser, body: z.output<typeof rg.adminLowerLimit.body>) {
      const player = await db.execute<{ role: string }>(sql`select role from users where id = ${body.uuid}`);
      if (player.rows[0]?.role !== "player") throw notFound("ไม่พบผู้เล่น");
      await changeLimit(body.uuid, { actor: "operator", actorId: admin.uuid }, body, body.reason);
      return { status: "Success" as const, message: "ลดวงเงินของผู้เล่นแล้ว มีผลทันที" };
    },

    async auditOf(body: { uuid: string }) {
      const r = await db.execute<{ at: Date; actor: "player" | "operator" | "system"; action: string; before: unknown; after: unknown; reason: string | null }>(sql`
        select at, actor, action, before, after, reason from rg_audit where user_id = ${body.uuid} order by id desc limit 500`);
      return { status: "Success" as const, lines: r.rows.map((l) => ({ ...l, at: new Date(l.at).toISOString() })) };
    },
  };
}

/** Raises asked for and not confirmed within 7 days lapse (the ticker): the old limit stays, audited as the system's. */
export async function lapseRaises(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await tx.execute<{ user_id: string; kind: string; period: string; amount: string; pending_amount: string | null }>(sql`
      update rg_limits l set pending_amount = null, pending_at = null
      from (select user_id, kind, period, pending_amount from rg_limits
            where pending_at < now() - make_interval(secs => ${(RAISE_COOLING_MS + CONFIRM_WINDOW_MS) / 1000}) for update skip locked) old
      where l.user_id = old.user_id and l.kind = old.kind and l.period = old.period
      returning l.user_id, l.kind, l.period, l.amount::text, old.pending_amount::text`);
    for (const row of r.rows) {
      await audit(tx, row.user_id, { actor: "system", actorId: null }, "limit.raise_lapsed", { pending: row.pending_amount === null ? null : baht(row.pending_amount) }, { amount: baht(row.amount), kind: row.kind, period: row.period });
    }
    return r.rows.length;
  });
}
