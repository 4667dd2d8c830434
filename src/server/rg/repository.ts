import { sql } from "drizzle-orm";
import type { LimitKind, LimitPeriod } from "../../domain/rg";
import type { Executor, Tx } from "../db/client";
import type { Col, Computed, Narrow, Row } from "../db/rows";

// Responsible play's SQL (docs/decisions/017): the player's state row, limits, reality checks, breaks,
// statement and audit lines. The service holds the rules and the transactions.

export type StateRow = Narrow<
  Row<
    "rg_state",
    "reality_minutes" | "session_started_at" | "reality_due_at" | "break_kind" | "break_started_at" | "break_until" | "return_requested_at"
  >,
  { break_kind: "timeout" | "self_exclusion" | null } // its CHECK constraint's values
> &
  Computed<{ now: string }>;
export type LimitRow = Narrow<Row<"rg_limits", "kind" | "period" | "pending_at">, { kind: LimitKind; period: LimitPeriod }> &
  Computed<{ amount: string; pending_amount: string | null }>; // ::text casts
export type UsageRow = Computed<{ period: LimitPeriod; deposits: string; stakes: string; wins: string }>; // rg_usage(), a function
export type Actor = { actor: "player" | "operator" | "system"; actorId: string | null };

/** One rg_audit row, written in the change's transaction. */
export async function audit(
  tx: Executor,
  userId: string,
  who: Actor,
  action: string,
  before: unknown,
  after: unknown,
  reason: string | null = null,
) {
  await tx.execute(sql`
    insert into rg_audit (user_id, actor, actor_id, action, before, after, reason)
    values (${userId}, ${who.actor}, ${who.actorId}, ${action}, ${JSON.stringify(before ?? null)}::jsonb, ${JSON.stringify(after ?? null)}::jsonb, ${reason})`);
}

/** The player's row, made if missing and locked: one change of a player's settings at a time. */
export async function lockState(tx: Tx, userId: string): Promise<StateRow> {
  await tx.execute(sql`insert into rg_state (user_id) values (${userId}) on conflict do nothing`);
  const r = await tx.execute<StateRow>(sql`select *, now() as now from rg_state where user_id = ${userId} for update`);
  return r.rows[0]!;
}

export async function limitsOf(db: Executor, userId: string): Promise<LimitRow[]> {
  const r = await db.execute<LimitRow>(sql`
    select kind, period, amount::text, pending_amount::text, pending_at from rg_limits where user_id = ${userId}`);
  return r.rows;
}

/** The flag the bet path reads to skip the limits when none could refuse a stake. */
export async function refreshStakeFlag(tx: Executor, userId: string) {
  await tx.execute(sql`
    update rg_state set has_stake_limits = exists (select 1 from rg_limits where user_id = ${userId} and kind in ('stake', 'loss'))
    where user_id = ${userId}`);
}

/** The player's row (none until their first change), with the database's time. */
export async function stateOf(db: Executor, userId: string): Promise<StateRow | undefined> {
  const r = await db.execute<StateRow>(sql`select *, now() as now from rg_state where user_id = ${userId}`);
  return r.rows[0];
}

/** What the player used of each period (satang, as text). */
export async function usageOf(db: Executor, userId: string): Promise<UsageRow[]> {
  const r = await db.execute<UsageRow>(sql`select period, deposits::text, stakes::text, wins::text from rg_usage(${userId}::uuid, now())`);
  return r.rows;
}

/** The player's stakes and wins since a time (satang, as text). */
export async function moneySince(db: Executor, userId: string, since: Date | string) {
  const r = await db.execute<Computed<{ stakes: string; wins: string }>>(sql`
        select coalesce(sum(stake), 0)::text as stakes, coalesce(sum(win), 0)::text as wins from rg_money(${userId}::uuid, ${since})`);
  return r.rows[0]!;
}

/** A reality check due, logged once, when the player is first shown it. */
export async function logRealityCheckShown(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
        insert into rg_reality_checks (user_id, due_at) select user_id, reality_due_at from rg_state
        where user_id = ${userId} and reality_due_at <= now() on conflict do nothing`);
}

/** A limit set or lowered at once (any raise or removal asked for is dropped). */
export async function setLimitNow(tx: Tx, userId: string, kind: LimitKind, period: LimitPeriod, amount: bigint): Promise<void> {
  await tx.execute(sql`
          insert into rg_limits (user_id, kind, period, amount) values (${userId}, ${kind}, ${period}, ${amount})
          on conflict (user_id, kind, period) do update set amount = excluded.amount, pending_amount = null, pending_at = null`);
}

/** A raise or removal (null) asked for: it waits for the player's confirmation after the cooling time. */
export async function askLimitChange(tx: Tx, userId: string, kind: LimitKind, period: LimitPeriod, amount: bigint | null): Promise<void> {
  await tx.execute(sql`
        update rg_limits set pending_amount = ${amount}, pending_at = now() where user_id = ${userId} and kind = ${kind} and period = ${period}`);
}

/** A confirmed raise takes effect, or a confirmed removal (null) deletes the limit. */
export async function applyLimitChange(tx: Tx, userId: string, kind: LimitKind, period: LimitPeriod, amount: bigint | null): Promise<void> {
  if (amount === null) await tx.execute(sql`delete from rg_limits where user_id = ${userId} and kind = ${kind} and period = ${period}`);
  else
    await tx.execute(sql`
            update rg_limits set amount = ${amount}, pending_amount = null, pending_at = null
            where user_id = ${userId} and kind = ${kind} and period = ${period}`);
}

/** The reality check's interval (null: off); the next check is an interval from now. */
export async function setRealityInterval(tx: Tx, userId: string, minutes: number | null): Promise<void> {
  await tx.execute(sql`
          update rg_state set reality_minutes = ${minutes},
            reality_due_at = case when ${minutes}::int is null then null else now() + make_interval(mins => ${minutes}::int) end
          where user_id = ${userId}`);
}

/** The answer to the check due is logged and the next one is an interval away. */
export async function answerRealityCheck(tx: Tx, userId: string, answer: "continue" | "signout"): Promise<void> {
  await tx.execute(sql`
          insert into rg_reality_checks (user_id, due_at, answer, answered_at)
          select user_id, reality_due_at, ${answer}, now() from rg_state where user_id = ${userId}
          on conflict (user_id, due_at) do update set answer = excluded.answer, answered_at = excluded.answered_at`);
  await tx.execute(sql`
          update rg_state set reality_due_at = case when reality_minutes is null then null else now() + make_interval(mins => reality_minutes) end
          where user_id = ${userId}`);
}

/** A break from now (or the one in force, made longer) to `until`; no reality check meanwhile. */
export async function startBreak(
  tx: Tx,
  userId: string,
  b: { kind: "timeout" | "self_exclusion"; started: Date | string; until: Date },
): Promise<void> {
  await tx.execute(sql`
          update rg_state set break_kind = ${b.kind}, break_started_at = ${b.started}, break_until = ${b.until}, return_requested_at = null, reality_due_at = null
          where user_id = ${userId}`);
}

/** The player's open deposit requests end with the break (their amounts go back to the pool). */
export async function expireOpenDepositRequests(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`update deposit_requests set state = 'expired' where user_id = ${userId} and state = 'open'`);
}

export async function requestReturn(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`update rg_state set return_requested_at = now() where user_id = ${userId}`);
}

/** 12 months of the player's money by Bangkok day (satang, as text; points in hundredths), newest first. */
export async function statementDays(db: Executor, userId: string) {
  const r = await db.execute<
    Computed<{ day: string; deposits: string; withdrawals: string; stakes: string; wins: string; commission: string; points: string }>
  >(sql`
        with since as (select (date_trunc('month', now() at time zone 'Asia/Bangkok') - interval '11 months') at time zone 'Asia/Bangkok' as at),
        events as (
          select happened_at as at, deposit, stake, win, 0::bigint as withdrawal, 0::bigint as commission, 0::bigint as points
          from rg_money(${userId}::uuid, (select at from since))
          union all
          select w.decided_at, 0, 0, 0, w.amount, 0, 0 from withdrawals w, since
          where w.user_id = ${userId} and w.status = 'Approve' and w.decided_at >= since.at
          union all
          select c.created_at, 0, 0, 0, 0, c.amount, 0 from referral_commissions c, since
          where c.referrer_id = ${userId} and c.reversed_at is null and c.amount > 0 and c.created_at >= since.at
          union all
          select p.created_at, 0, 0, 0, 0, 0, p.amount from points_log p, since
          where p.user_id = ${userId} and p.kind in ('bet', 'deposit', 'adjust') and p.amount > 0 and p.created_at >= since.at
        )
        select to_char(at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day,
          sum(deposit)::text as deposits, sum(withdrawal)::text as withdrawals, sum(stake)::text as stakes, sum(win)::text as wins,
          sum(commission)::text as commission, sum(points)::text as points
        from events e where not (e.deposit = 0 and e.stake = 0 and e.win = 0 and e.withdrawal = 0 and e.commission = 0 and e.points = 0)
        group by 1 order by 1 desc`);
  return r.rows;
}

/** Players with a limit or a break in force (at most 1000, by username), for the operator. */
export async function playersWithSettings(db: Executor) {
  const r = await db.execute<
    { uuid: Col<"users", "id"> } & Row<"users", "username"> &
      Narrow<
        Row<"rg_state", "break_kind" | "break_started_at" | "break_until" | "return_requested_at">,
        { break_kind: "timeout" | "self_exclusion" | null }
      > &
      Computed<{ limits: Array<{ kind: LimitKind; period: LimitPeriod; amount: string }> | null; closed: boolean; flagged: number }>
  >(sql`
        select u.id as uuid, u.username,
          (select json_agg(json_build_object('kind', l.kind, 'period', l.period, 'amount', l.amount::text) order by l.kind, l.period) from rg_limits l where l.user_id = u.id) as limits,
          s.break_kind, s.break_started_at, s.break_until, s.return_requested_at, rg_closed(u.id, now()) as closed,
          (select count(*)::int from rg_audit a where a.user_id = u.id and a.action = 'deposit.over_limit') as flagged
        from users u left join rg_state s on s.user_id = u.id
        where exists (select 1 from rg_limits l where l.user_id = u.id) or rg_closed(u.id, now())
        order by u.username limit 1000`);
  return r.rows;
}

/** The player's latest 500 audit lines, newest first. */
export async function auditLines(db: Executor, userId: string) {
  const r = await db.execute<
    Narrow<Row<"rg_audit", "at" | "actor" | "action" | "before" | "after" | "reason">, { actor: "player" | "operator" | "system" }>
  >(sql`
        select at, actor, action, before, after, reason from rg_audit where user_id = ${userId} order by id desc limit 500`);
  return r.rows;
}

/** Drops the raises and removals asked for more than `seconds` ago (rows another instance holds are skipped). */
export async function dropRaisesOlderThan(tx: Tx, seconds: number) {
  const r = await tx.execute<
    Row<"rg_limits", "user_id" | "kind" | "period"> & Computed<{ amount: string; pending_amount: string | null }>
  >(sql`
      update rg_limits l set pending_amount = null, pending_at = null
      from (select user_id, kind, period, pending_amount from rg_limits
            where pending_at < now() - make_interval(secs => ${seconds}) for update skip locked) old
      where l.user_id = old.user_id and l.kind = old.kind and l.period = old.period
      returning l.user_id, l.kind, l.period, l.amount::text, old.pending_amount::text`);
  return r.rows;
}
