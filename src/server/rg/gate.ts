import { sql } from "drizzle-orm";
import { LIMIT_PERIODS, type LimitPeriod, roomLeft } from "../../domain/rg";
import type { Executor } from "../db/client";
import { refusalError, refusalOf } from "../http/refusals";
import { rgClosedMessage } from "./messages";
import { ApiError } from "../http/errors";
import type { Computed, Row } from "../db/rows";

// Responsible play's gates on the other areas' paths (docs/decisions/017): the stake gate (bets run it in
// place_slip; games here), the deposit gate of gent-amount, and the reality clock started at sign-in.

/**
 * A player's game stake through rg_check_stake (a break, a reality check due, a stake or loss limit),
 * inside the stake's transaction after the player's credit account is locked; refused with its Thai answer.
 */
export async function checkStake(tx: Executor, userId: string, amount: bigint): Promise<void> {
  try {
    await tx.execute(sql`select rg_check_stake(${userId}::uuid, ${amount}::bigint)`);
  } catch (e) {
    const refusal = refusalOf(e);
    if (refusal) throw refusalError(refusal);
    throw e;
  }
}

/** Sign-in starts the reality clock: the first check is due one interval later (none when it is off). */
export async function startRealityClock(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    insert into rg_state (user_id, session_started_at, reality_due_at) values (${userId}, now(), now() + interval '60 minutes')
    on conflict (user_id) do update set session_started_at = now(),
      reality_due_at = case when rg_state.reality_minutes is null then null else now() + make_interval(mins => rg_state.reality_minutes) end`);
}

/**
 * The deposit gate of gent-amount, inside its transaction: refused during a break; otherwise the room
 * left under the player's deposit limits (null: no limit), with the period that leaves the least. The
 * player's row is locked, so two requests at once do not both take the same room.
 */
export async function depositRoom(tx: Executor, userId: string): Promise<{ room: bigint; period: LimitPeriod } | null> {
  const state = await tx.execute<Row<"rg_state", "break_until"> & Computed<{ closed: boolean }>>(sql`
    select rg_closed(user_id, now()) as closed, break_until from rg_state where user_id = ${userId} for update`);
  const row = state.rows[0];
  if (!row) return null;
  if (row.closed) throw new ApiError(403, rgClosedMessage(row.break_until!));
  const limits = await tx.execute<Computed<{ period: LimitPeriod; amount: string; deposits: string }>>(sql`
    select l.period, l.amount::text, u.deposits::text from rg_limits l join rg_usage(${userId}::uuid, now()) u on u.period = l.period
    where l.user_id = ${userId} and l.kind = 'deposit'`);
  let least: { room: bigint; period: LimitPeriod } | null = null;
  for (const l of limits.rows.sort((a, b) => LIMIT_PERIODS.indexOf(a.period) - LIMIT_PERIODS.indexOf(b.period))) {
    const room = roomLeft(BigInt(l.amount), BigInt(l.deposits));
    if (!least || room < least.room) least = { room, period: l.period };
  }
  return least;
}

/**
 * A transfer credited beyond the player's deposit limit (it arrived anyway: money received is never
 * refused) is flagged for the operator: a system row in the responsible-play audit.
 */
export async function flagDepositBeyondLimit(tx: Executor, userId: string, payRecordId: number): Promise<void> {
  await tx.execute(sql`
    insert into rg_audit (user_id, actor, action, after)
    select ${userId}, 'system', 'deposit.over_limit',
      jsonb_build_object('paynow', ${payRecordId}::bigint, 'period', l.period, 'limit', l.amount, 'deposits', u.deposits)
    from rg_limits l join rg_usage(${userId}::uuid, now()) u on u.period = l.period
    where l.user_id = ${userId} and l.kind = 'deposit' and u.deposits > l.amount
    order by u.deposits - l.amount desc limit 1`);
}
