import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import type { Col, Computed, Row } from "../db/rows";

export type RoundRow = Row<"rounds", "id" | "lottery_id" | "round_no" | "open_at" | "close_at" | "result_at" | "status"> &
  Row<"lotteries", "name" | "group" | "category" | "result_kind"> & {
    /** jsonb, untyped in the schema: the result the round's lottery kind writes. */
    result: Record<string, unknown> | null;
    /** SHA-256 of a yeekee round's sealed seed (null for other lotteries: a sub-select). */
    seed_commitment: Col<"yeekee_seeds", "commitment"> | null;
  } & Computed<{ draw_date: string; is_open: boolean }>;

export type LotteryRow = Row<"lotteries", "id" | "name" | "group" | "category" | "result_kind" | "schedule" | "active" | "sort">;

// "Open" is decided by the database's clock, the one every instance shares.
const ROUND_COLUMNS = sql`r.id, r.lottery_id, l.name, l."group", l.category, l.result_kind, r.round_no,
  to_char(r.draw_date, 'YYYY-MM-DD') as draw_date, r.open_at, r.close_at, r.result_at, r.status, r.result,
  (r.status = 'open' and r.open_at <= now() and r.close_at > now()) as is_open,
  (select s.commitment from yeekee_seeds s where s.round_id = r.id) as seed_commitment`;

export async function lotteriesAll(db: Executor, onlyActive: boolean): Promise<LotteryRow[]> {
  const r = await db.execute<LotteryRow>(sql`
    select id, name, "group", category, result_kind, schedule, active, sort from lotteries
    ${onlyActive ? sql`where active` : sql``} order by sort, id`);
  return r.rows;
}

export async function lotteryById(db: Executor, id: string): Promise<LotteryRow | null> {
  const r = await db.execute<LotteryRow>(sql`
    select id, name, "group", category, result_kind, schedule, active, sort from lotteries where id = ${id}`);
  return r.rows[0] ?? null;
}

export async function updateLottery(db: Executor, l: { id: string; name: string; active: boolean; schedule: unknown }): Promise<void> {
  await db.execute(sql`
    update lotteries set name = ${l.name}, active = ${l.active}, schedule = ${JSON.stringify(l.schedule)}::jsonb, updated_at = now()
    where id = ${l.id}`);
}

/** Planned rounds that have not opened yet are dropped when their lottery's schedule changes. */
export async function dropUnopenedRounds(db: Executor, lotteryId: string): Promise<number> {
  const r = await db.execute(sql`
    delete from rounds where lottery_id = ${lotteryId} and status = 'open' and open_at > now()
      and not exists (select 1 from round_events e where e.round_id = rounds.id)`);
  return r.rowCount ?? 0;
}

export async function insertRounds(
  db: Executor,
  lotteryId: string,
  planned: Array<{ roundNo: number; drawDate: string; openAt: Date; closeAt: Date; resultAt: Date }>,
): Promise<number> {
  if (planned.length === 0) return 0;
  // One statement for the whole plan, keyed by the draw's slot (draw date, round number): a round closed
  // early, cancelled or given other times still holds its slot, so no replan, restart or second instance
  // makes a twin of it (docs/decisions/033).
  const r = await db.execute(sql`
    insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at, holds_slot)
    select ${lotteryId}, n, d::date, o, c, x, true
    from unnest(${sql.param(planned.map((p) => p.roundNo))}::int[], ${sql.param(planned.map((p) => p.drawDate))}::text[],
                ${sql.param(planned.map((p) => p.openAt.toISOString()))}::timestamptz[],
                ${sql.param(planned.map((p) => p.closeAt.toISOString()))}::timestamptz[],
                ${sql.param(planned.map((p) => p.resultAt.toISOString()))}::timestamptz[]) as t(n, d, o, c, x)
    on conflict (lottery_id, draw_date, round_no) where holds_slot do nothing`);
  return r.rowCount ?? 0;
}

/** open → closed once its close time has passed; the WHERE makes a second run (or instance) a no-op. */
export async function closeDueRounds(db: Executor): Promise<Array<Row<"rounds", "id">>> {
  const r = await db.execute<Row<"rounds", "id">>(sql`
    with closed as (
      update rounds set status = 'closed', closed_at = now()
      where status = 'open' and close_at <= now()
      returning id
    ), logged as (
      insert into round_events (round_id, event) select id, 'closed' from closed
    )
    select id from closed`);
  return r.rows;
}

export async function roundById(db: Executor, id: number, lock = false): Promise<RoundRow | null> {
  const r = await db.execute<RoundRow>(sql`
    select ${ROUND_COLUMNS} from rounds r join lotteries l on l.id = r.lottery_id where r.id = ${id}
    ${lock ? sql`for update of r` : sql``}`);
  return r.rows[0] ?? null;
}

export async function roundsOfDate(db: Executor, lotteryId: string, drawDate: string): Promise<RoundRow[]> {
  const r = await db.execute<RoundRow>(sql`
    select ${ROUND_COLUMNS} from rounds r join lotteries l on l.id = r.lottery_id
    where r.lottery_id = ${lotteryId} and r.draw_date = ${drawDate}::date order by r.close_at`);
  return r.rows;
}

/** The business date of the round that closes next, or of the last one when none is left. */
export async function currentDrawDate(db: Executor, lotteryId: string): Promise<string | null> {
  const r = await db.execute<Computed<{ draw_date: string }>>(sql`
    select to_char(draw_date, 'YYYY-MM-DD') as draw_date from (
      (select draw_date, 0 as pref, close_at from rounds where lottery_id = ${lotteryId} and close_at > now() order by close_at limit 1)
      union all
      (select draw_date, 1 as pref, close_at from rounds where lottery_id = ${lotteryId} order by close_at desc limit 1)
    ) x order by pref limit 1`);
  return r.rows[0]?.draw_date ?? null;
}

export async function recentRounds(db: Executor, lotteryId: string): Promise<RoundRow[]> {
  const r = await db.execute<RoundRow>(sql`
    select ${ROUND_COLUMNS} from rounds r join lotteries l on l.id = r.lottery_id
    where r.lottery_id = ${lotteryId} and r.close_at > now() - interval '3 days'
    order by r.close_at limit 30`);
  return r.rows;
}

export async function roundsOnDate(db: Executor, drawDate: string, lotteryId?: string): Promise<RoundRow[]> {
  const r = await db.execute<RoundRow>(sql`
    select ${ROUND_COLUMNS} from rounds r join lotteries l on l.id = r.lottery_id
    where r.draw_date = ${drawDate}::date ${lotteryId ? sql`and r.lottery_id = ${lotteryId}` : sql``}
    order by l.sort, r.close_at`);
  return r.rows;
}

/** For each active lottery: the next round to close, and the latest round with a result. */
export async function lottoOverview(db: Executor) {
  const next = await db.execute<RoundRow>(sql`
    select distinct on (r.lottery_id) ${ROUND_COLUMNS} from rounds r join lotteries l on l.id = r.lottery_id
    where l.active and r.status = 'open' and r.close_at > now()
    order by r.lottery_id, r.close_at`);
  // One index probe per lottery (lottery_id, close_at), whatever the number of past rounds.
  const latest = await db.execute<RoundRow>(sql`
    select ${ROUND_COLUMNS} from lotteries l
    cross join lateral (
      select * from rounds x where x.lottery_id = l.id and x.status = 'add award' order by x.close_at desc limit 1
    ) r
    where l.active`);
  return { next: next.rows, latest: latest.rows };
}

export type AwardRow = Row<"round_awards", "round_id" | "award_type" | "number" | "created_at"> & Row<"lotteries", "group">;

export async function awardsOfRounds(db: Executor, roundIds: number[]): Promise<AwardRow[]> {
  if (roundIds.length === 0) return [];
  const r = await db.execute<AwardRow>(sql`
    select a.round_id, a.award_type, a.number, a.created_at, l."group"
    from round_awards a join rounds r on r.id = a.round_id join lotteries l on l.id = r.lottery_id
    where a.round_id = any(${sql.param(roundIds)}::bigint[]) order by a.round_id, a.id`);
  return r.rows;
}

export async function replaceAwards(db: Executor, roundId: number, lines: Array<{ award_type: string; number: string }>): Promise<void> {
  await db.execute(sql`delete from round_awards where round_id = ${roundId}`);
  if (lines.length === 0) return;
  await db.execute(sql`
    insert into round_awards (round_id, award_type, number)
    select ${roundId}, t, n from unnest(${sql.param(lines.map((l) => l.award_type))}::text[], ${sql.param(lines.map((l) => l.number))}::text[]) as x(t, n)`);
}

export async function setRoundResult(db: Executor, roundId: number, result: unknown): Promise<void> {
  await db.execute(sql`
    update rounds set status = 'add award', result = ${JSON.stringify(result)}::jsonb,
      closed_at = coalesce(closed_at, now())
    where id = ${roundId}`);
}

export async function closeRoundEarly(db: Executor, roundId: number): Promise<boolean> {
  const r = await db.execute(sql`
    update rounds set status = 'closed', closed_at = clock_timestamp(), close_at = least(close_at, clock_timestamp()),
      open_at = least(open_at, clock_timestamp() - interval '1 second')
    where id = ${roundId} and status = 'open'
    returning id`);
  return r.rows.length === 1;
}

/** Cancels a round still open or closed; a settled one too when `settled` says its settlement was undone first. */
export async function cancelRound(db: Executor, roundId: number, settled = false): Promise<boolean> {
  const r = await db.execute(sql`
    update rounds set status = 'cancel activity', closed_at = coalesce(closed_at, clock_timestamp()), close_at = least(close_at, clock_timestamp()),
      open_at = least(open_at, clock_timestamp() - interval '1 second')
    where id = ${roundId} and (status in ('open', 'closed') or (${settled} and status = 'add award'))
    returning id`);
  return r.rows.length === 1;
}

/** The round's result time has passed, by the database's clock (the one every instance shares). */
/**
 * Whether the round's result time has come and the ticker's result is still expected: within ten minutes
 * of it. Past that the ticker's step has failed (no seed to reveal, an error in settlement), and the
 * operator's cancel is the way to give the stakes back (docs/decisions/034).
 */
export async function resultTimePassed(db: Executor, roundId: number): Promise<boolean> {
  const r = await db.execute<Computed<{ due: boolean }>>(sql`
    select result_at <= clock_timestamp() and result_at > clock_timestamp() - interval '10 minutes' as due from rounds where id = ${roundId}`);
  return r.rows[0]?.due ?? false;
}

export async function addRoundEvent(
  db: Executor,
  e: { roundId: number; event: string; actorId?: string | null; note?: string | null; data?: unknown },
): Promise<number> {
  const r = await db.execute<Row<"round_events", "id">>(sql`
    insert into round_events (round_id, event, actor_id, note, data)
    values (${e.roundId}, ${e.event}, ${e.actorId ?? null}, ${e.note ?? null}, ${e.data === undefined ? null : JSON.stringify(e.data)}::jsonb)
    returning id`);
  return Number(r.rows[0]!.id);
}

export async function roundEvents(db: Executor, roundId: number) {
  const r = await db.execute<
    Row<"round_events", "id" | "round_id" | "event" | "note" | "at"> & { username: Col<"users", "username"> | null }
  >(sql`
    select e.id, e.round_id, e.event, e.note, u.username, e.at
    from round_events e left join users u on u.id = e.actor_id
    where e.round_id = ${roundId} order by e.id`);
  return r.rows;
}

export async function cacheGet(db: Executor, userId: string, key: string): Promise<string | null> {
  const r = await db.execute<Row<"user_cache", "val">>(sql`select val from user_cache where user_id = ${userId} and key = ${key}`);
  return r.rows[0]?.val ?? null;
}

export async function cacheSet(db: Executor, userId: string, key: string, val: string): Promise<void> {
  await db.execute(sql`
    insert into user_cache (user_id, key, val) values (${userId}, ${key}, ${val})
    on conflict (user_id, key) do update set val = excluded.val, updated_at = now()`);
}

/** A round's slips still active (not yet refunded or settled). */
export async function activeSlipCount(db: Executor, roundId: number): Promise<number> {
  const r = await db.execute<Computed<{ n: number }>>(
    sql`select count(*)::int as n from slips where round_id = ${roundId} and status = 'active'`,
  );
  return r.rows[0]!.n;
}

/** What the players paid for the round's active slips (satang): the stakes a result settles. */
export async function activeStakes(db: Executor, roundId: number): Promise<bigint> {
  const r = await db.execute<Computed<{ total: string }>>(
    sql`select coalesce(sum(total_paid), 0) as total from slips where round_id = ${roundId} and status = 'active'`,
  );
  return BigInt(r.rows[0]!.total);
}

export type TwinRow = Row<"rounds", "id" | "status"> & {
  keeper_id: NonNullable<Col<"rounds", "twin_of">>; /* where twin_of is not null */
} & Computed<{ active_slips: number }>;

/**
 * Rounds that are a second round of a draw another round holds (left from before docs/decisions/033, when
 * closing early or cancelling let the planner insert the draw again), with the round that holds the slot.
 */
export async function roundTwins(db: Executor): Promise<TwinRow[]> {
  const r = await db.execute<TwinRow>(sql`
    select r.id, r.status, r.twin_of as keeper_id,
      (select count(*)::int from slips s where s.round_id = r.id and s.status = 'active') as active_slips
    from rounds r
    where r.twin_of is not null
    order by r.id`);
  return r.rows;
}
