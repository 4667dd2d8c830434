import { sql } from "drizzle-orm";
import type { Executor, Tx } from "../db/client";
import type { Computed, Row } from "../db/rows";

// The privilege points' reads and writes for the player's log, redemption and the operator's tools
// (docs/decisions/015); accrual, vesting and expiry are accrual.ts's.

const TODAY = sql`(date_trunc('day', now() at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok')`;

export type PointsLogRow = Row<"points_log", "id" | "kind" | "amount" | "source" | "note" | "created_at">;
export type LevelRow = Row<"member_levels", "level" | "multiplier_x100" | "override">;

/** The usable lots, soonest to expire first, locked. */
export async function usableLots(tx: Tx, userId: string) {
  const r = await tx.execute<Row<"point_lots", "id" | "remaining" | "expires_at">>(sql`
    select id, remaining, expires_at from point_lots where user_id = ${userId} and vested and remaining > 0 and expires_at > now()
    order by expires_at, id for update`);
  return r.rows.map((l) => ({ id: Number(l.id), remaining: Number(l.remaining), expiresAt: new Date(l.expires_at).getTime() }));
}

/** Takes the given hundredths of a point from each lot (lots locked by usableLots). */
export async function takeFromLots(tx: Tx, takes: Array<{ id: number; take: number }>): Promise<void> {
  await tx.execute(sql`
    update point_lots l set remaining = l.remaining - t.take
    from unnest(${sql.param(takes.map((t) => t.id))}::bigint[], ${sql.param(takes.map((t) => t.take))}::bigint[]) as t(id, take)
    where l.id = t.id`);
}

/** Hundredths of a point: usable now, and waiting to vest. */
export async function balances(db: Executor, userId: string) {
  const r = await db.execute<Computed<{ usable: string; pending: string }>>(sql`
    select coalesce(sum(remaining) filter (where vested and expires_at > now()), 0) as usable,
           coalesce(sum(remaining) filter (where not vested), 0) as pending
    from point_lots where user_id = ${userId}`);
  return { usable: Number(r.rows[0]!.usable), pending: Number(r.rows[0]!.pending) };
}

/** The player's latest level row, if any. */
export async function latestLevel(db: Executor, userId: string): Promise<LevelRow | undefined> {
  const r = await db.execute<LevelRow>(sql`
    select level, multiplier_x100, override from member_levels where user_id = ${userId} order by effective_from desc, id desc limit 1`);
  return r.rows[0];
}

/** The latest 300 lines of the player's points log, newest first. */
export async function pointsLog(db: Executor, userId: string): Promise<PointsLogRow[]> {
  const r = await db.execute<PointsLogRow>(sql`
          select id, kind, amount, source, note, created_at from points_log where user_id = ${userId} order by id desc limit 300`);
  return r.rows;
}

/** Today's (Bangkok) deposit points and stake, and the stake of the last 90 days (satang), as text. */
export async function todaysFigures(db: Executor, userId: string) {
  const r = await db.execute<Computed<{ deposit: string; stake: string; stake90: string }>>(sql`
          select (select coalesce(sum(amount), 0) from points_log where user_id = ${userId} and kind = 'deposit' and created_at >= ${TODAY}) as deposit,
                 (select coalesce(sum(total_paid), 0) from slips where user_id = ${userId} and status = 'active' and created_at >= ${TODAY}) as stake,
                 (select coalesce(sum(total_paid), 0) from slips where user_id = ${userId} and status = 'active' and created_at > now() - interval '90 days') as stake90`);
  return r.rows[0]!;
}

/** How many times the player redeemed each slot today (Bangkok). */
export async function redeemedToday(tx: Tx, userId: string) {
  const r = await tx.execute<Row<"point_redemptions", "slot_id"> & Computed<{ n: string }>>(sql`
            select slot_id, count(*) as n from point_redemptions where user_id = ${userId} and created_at >= ${TODAY} group by slot_id`);
  return r.rows;
}

/** A redemption and its log line (the points taken); the redemption's id. */
export async function insertRedemption(tx: Tx, userId: string, slot: { id: number; centi: number; bonus: bigint }): Promise<number> {
  const r = await tx.execute<Row<"point_redemptions", "id">>(sql`
              insert into point_redemptions (user_id, slot_id, score, bonus) values (${userId}, ${slot.id}, ${slot.centi}, ${slot.bonus}) returning id`);
  const id = Number(r.rows[0]!.id);
  await tx.execute(sql`
              insert into points_log (user_id, kind, amount, source) values (${userId}, 'redeem', ${-slot.centi}, ${`redemption:${id}`})`);
  return id;
}

/** An operator's grant: a lot usable at once, expiring like any other. */
export async function insertGrantedLot(tx: Tx, userId: string, source: string, centi: number, expiryDays: number): Promise<void> {
  await tx.execute(sql`
              insert into point_lots (user_id, kind, source, amount, remaining, vested, expires_at)
              values (${userId}, 'adjust', ${source}, ${centi}, ${centi}, true, now() + make_interval(days => ${expiryDays}))`);
}

/** The log line of an operator's grant or deduction. */
export async function insertAdjustmentLog(
  tx: Tx,
  row: { userId: string; centi: number; source: string; reason: string; actorId: string },
): Promise<void> {
  await tx.execute(sql`
            insert into points_log (user_id, kind, amount, source, note, actor_id) values (${row.userId}, 'adjust', ${row.centi}, ${row.source}, ${row.reason}, ${row.actorId})`);
}

/** The player's stake of the last 90 days (satang, active slips). */
export async function stakeLast90Days(tx: Tx, userId: string): Promise<number> {
  const s = await tx.execute<Computed<{ staked: string }>>(sql`
            select coalesce(sum(total_paid), 0) as staked from slips where user_id = ${userId} and status = 'active' and created_at > now() - interval '90 days'`);
  return Number(s.rows[0]!.staked);
}

export async function insertLevel(
  tx: Tx,
  row: { userId: string; level: string; multiplierX100: number; override: boolean; reason: string | null; actorId: string },
): Promise<void> {
  await tx.execute(sql`
          insert into member_levels (user_id, level, multiplier_x100, override, reason, actor_id)
          values (${row.userId}, ${row.level}, ${row.multiplierX100}, ${row.override}, ${row.reason}, ${row.actorId})`);
}
