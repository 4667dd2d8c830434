import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import type { Col, Computed, Narrow, Row } from "../db/rows";

export type RateRow = Row<
  "lotto_config",
  "bet_type" | "user_type" | "rate_x100" | "min_stake" | "max_stake" | "max_per_number" | "discount_percent"
>;

/** The tier's rates for a lottery, falling back to the default tier for bet types it lacks. */
export async function ratesFor(db: Executor, lotteryId: string, userType: string, defaultType: string): Promise<RateRow[]> {
  const r = await db.execute<RateRow>(sql`
    select distinct on (bet_type) bet_type, user_type, rate_x100, min_stake, max_stake, max_per_number, discount_percent
    from lotto_config where lottery_id = ${lotteryId} and user_type in (${userType}, ${defaultType})
    order by bet_type, (user_type = ${userType}) desc`);
  return r.rows;
}

export async function allRates(db: Executor, lotteryId: string): Promise<RateRow[]> {
  const r = await db.execute<RateRow>(sql`
    select bet_type, user_type, rate_x100, min_stake, max_stake, max_per_number, discount_percent
    from lotto_config where lottery_id = ${lotteryId} order by user_type, bet_type`);
  return r.rows;
}

export async function lotteryExists(db: Executor, lotteryId: string): Promise<boolean> {
  const r = await db.execute(sql`select 1 from lotteries where id = ${lotteryId}`);
  return r.rows.length > 0;
}

export async function upsertRate(db: Executor, lotteryId: string, r: RateRow): Promise<void> {
  await db.execute(sql`
    insert into lotto_config (lottery_id, bet_type, user_type, rate_x100, min_stake, max_stake, max_per_number, discount_percent)
    values (${lotteryId}, ${r.bet_type}, ${r.user_type}, ${r.rate_x100}, ${r.min_stake}, ${r.max_stake}, ${r.max_per_number}, ${r.discount_percent})
    on conflict (lottery_id, bet_type, user_type) do update set rate_x100 = excluded.rate_x100, min_stake = excluded.min_stake,
      max_stake = excluded.max_stake, max_per_number = excluded.max_per_number, discount_percent = excluded.discount_percent, updated_at = now()`);
}

/** The lottery a round belongs to, or null when there is no such round. */
export async function roundLottery(db: Executor, roundId: number): Promise<string | null> {
  const r = await db.execute<Row<"rounds", "lottery_id">>(sql`select lottery_id from rounds where id = ${roundId}`);
  return r.rows[0]?.lottery_id ?? null;
}

export type PriceRow = Row<"digit_prices", "id" | "round_id" | "bet_type" | "number" | "new_price_x100" | "created_at">;

/** A restricted number in force: its latest record has a price (a record without one reopened it, docs/decisions/050). */
export type InForcePriceRow = PriceRow & { new_price_x100: number };

/** The round's restricted numbers in force: the latest record of each number, unless that record reopened it. */
export async function latestPrices(db: Executor, roundId: number, at?: Date): Promise<InForcePriceRow[]> {
  const r = await db.execute<InForcePriceRow>(sql`
    select * from (
      select distinct on (bet_type, number) id, round_id, bet_type, number, new_price_x100, created_at
      from digit_prices where round_id = ${roundId} ${at ? sql`and created_at <= ${at.toISOString()}::timestamptz` : sql``}
      order by bet_type, number, created_at desc, id desc
    ) latest where new_price_x100 is not null order by bet_type, number`);
  return r.rows;
}

/** The round a list is set for: its lottery, whether it still takes bets, and when it closes. */
export async function roundForPrices(db: Executor, roundId: number) {
  const r = await db.execute<Row<"rounds", "id" | "lottery_id" | "status" | "close_at">>(
    sql`select id, lottery_id, status, close_at from rounds where id = ${roundId}`,
  );
  return r.rows[0] ?? null;
}

/** The lottery's draw before this round: the latest other round closing before it (ties by id). */
export async function previousRound(db: Executor, round: { id: string | number; lottery_id: string; close_at: string }) {
  const r = await db.execute<Row<"rounds", "id">>(sql`
    select id from rounds where lottery_id = ${round.lottery_id} and id <> ${round.id}
      and (close_at, id) < (${round.close_at}::timestamptz, ${round.id}::bigint)
    order by close_at desc, id desc limit 1`);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/**
 * Serialises the back office's list changes of one round, so that two operators' saves each compare with
 * what the other wrote (the bet path never takes this lock: it reads the latest record as it is).
 */
export async function lockRoundPrices(db: Executor, roundId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('digit-prices:' || ${roundId}::bigint, 0))`);
}

/**
 * Writes one record per number in one statement; a null price reopens the number. Stamped with the clock
 * at the insert (after lockRoundPrices), not the transaction's start, so the latest by time is the one
 * written last even when a save waited for another.
 */
export async function addPrices(
  db: Executor,
  p: { roundId: number; betTypes: string[]; numbers: string[]; pricesX100: Array<number | null>; adminId: string },
): Promise<void> {
  if (p.numbers.length === 0) return;
  await db.execute(sql`
    insert into digit_prices (round_id, bet_type, number, new_price_x100, created_by, created_at)
    select ${p.roundId}, t, n, x, ${p.adminId}::uuid, clock_timestamp()
    from unnest(${sql.param(p.betTypes)}::text[], ${sql.param(p.numbers)}::text[], ${sql.param(p.pricesX100)}::int[]) with ordinality as u(t, n, x, o)
    order by o`);
}

export async function allPrices(db: Executor, roundId: number): Promise<PriceRow[]> {
  const r = await db.execute<PriceRow>(sql`
    select id, round_id, bet_type, number, new_price_x100, created_at from digit_prices where round_id = ${roundId} order by id`);
  return r.rows;
}

export async function addPrice(
  db: Executor,
  p: { roundId: number; betType: string; number: string; priceX100: number; adminId: string },
): Promise<void> {
  await db.execute(sql`
    insert into digit_prices (round_id, bet_type, number, new_price_x100, created_by)
    values (${p.roundId}, ${p.betType}, ${p.number}, ${p.priceX100}, ${p.adminId})`);
}

/** Gives a slip's stakes back to its numbers' exposure (slip_release_exposure(), next to place_slip's rule). */
export async function releaseExposure(db: Executor, slipId: number): Promise<void> {
  await db.execute(sql`select slip_release_exposure(${slipId})`);
}

export interface SlipToPlace {
  /** The request placing it, for the log line of its ledger movement. */
  requestId: string | undefined;
  userId: string;
  roundId: number;
  userType: string;
  requestKey: string;
  clientDatetime: string;
  types: string[];
  numbers: string[];
  stakes: bigint[];
}

/**
 * A slip placed (slip_id set) or not: `refusal` is a refusal of src/server/http/refusals.ts as JSON,
 * `{kind: "twin"}` (the same slip was made meanwhile by another request) or `{kind: "error", sqlstate}`.
 */
export type SlipOutcome = {
  slip_id: string | null;
  /** The stake's ledger transaction (null for a slip made before, or refused). */
  transaction_id: string | null;
  accepted_at: Date | null;
  balance: string | null;
  existing: boolean | null;
  refusal: ({ kind: string } & Record<string, unknown>) | null;
};

/**
 * Places slips with the database function place_slips (docs/decisions/010): one round trip and one
 * transaction for all of them, each slip placed or refused on its own. Answers in the order given.
 */
export async function placeSlips(db: Executor, defaultType: string, slips: SlipToPlace[]): Promise<SlipOutcome[]> {
  const lines = <T>(pick: (s: SlipToPlace) => T[]) => slips.flatMap(pick);
  const r = await db.execute<Computed<SlipOutcome & { idx: number }>>(sql`
    select * from place_slips(${sql.param(slips.map((s) => s.userId))}::uuid[], ${sql.param(slips.map((s) => s.roundId))}::bigint[],
      ${sql.param(slips.map((s) => s.userType))}::text[], ${defaultType}, ${sql.param(slips.map((s) => s.requestKey))}::text[],
      ${sql.param(slips.map((s) => s.clientDatetime))}::text[], ${sql.param(slips.map((s) => s.types.length))}::int[],
      ${sql.param(lines((s) => s.types))}::text[], ${sql.param(lines((s) => s.numbers))}::text[],
      ${sql.param(lines((s) => s.stakes.map(String)))}::bigint[])`);
  const outcomes: SlipOutcome[] = [];
  for (const row of r.rows) outcomes[row.idx - 1] = row;
  return outcomes;
}

export async function slipByRequestKey(db: Executor, userId: string, requestKey: string) {
  const r = await db.execute<Row<"slips", "id" | "created_at">>(sql`
    select id, created_at from slips where user_id = ${userId} and request_key = ${requestKey}`);
  return r.rows[0] ?? null;
}

export type SlipRow = Row<"slips", "id" | "user_id" | "round_id" | "status" | "total_stake" | "total_paid" | "created_at"> &
  Row<"users", "username"> &
  Row<"rounds", "lottery_id" | "round_no" | "close_at"> &
  Row<"lotteries", "name"> & { round_status: Col<"rounds", "status"> } & Computed<{ draw_date: string }>;

export type LineRow = Narrow<
  Row<"slip_lines", "id" | "slip_id" | "bet_type" | "number" | "stake" | "paid" | "rate_x100" | "result" | "payout">,
  { result: "win" | "lose" | null } // what settlement writes
> &
  Computed<{ wins: boolean }>;

const SLIP_COLUMNS = sql`s.id, s.user_id, u.username, s.round_id, r.lottery_id, l.name, r.round_no, to_char(r.draw_date, 'YYYY-MM-DD') as draw_date,
  r.close_at, r.status as round_status, s.status, s.total_stake, s.total_paid, s.created_at`;
const SLIP_FROM = sql`slips s join users u on u.id = s.user_id join rounds r on r.id = s.round_id join lotteries l on l.id = r.lottery_id`;

export async function slipsWhere(db: Executor, where: ReturnType<typeof sql>, limit = 500): Promise<SlipRow[]> {
  const r = await db.execute<SlipRow>(sql`select ${SLIP_COLUMNS} from ${SLIP_FROM} where ${where} order by s.id desc limit ${limit}`);
  return r.rows;
}

export async function linesOf(db: Executor, slipIds: number[]): Promise<LineRow[]> {
  if (slipIds.length === 0) return [];
  const r = await db.execute<LineRow>(sql`
    select l.id, l.slip_id, l.bet_type, l.number, l.stake, l.paid, l.rate_x100, l.result, l.payout,
      exists (select 1 from round_winning_pairs w where w.round_id = l.round_id and w.bet_type = l.bet_type and w.number = l.number) as wins
    from slip_lines l where l.slip_id = any(${sql.param(slipIds)}::bigint[]) order by l.slip_id, l.id`);
  return r.rows;
}

export async function lockSlip(db: Executor, slipId: number) {
  const r = await db.execute<Row<"slips", "id" | "user_id" | "round_id" | "status" | "total_paid"> & Computed<{ open: boolean }>>(sql`
    select s.id, s.user_id, s.round_id, s.status, s.total_paid,
      (r.status = 'open' and r.close_at > clock_timestamp()) as open
    from slips s join rounds r on r.id = s.round_id where s.id = ${slipId}
    -- The round too (shared): a close, result or cancel of the round waits for this cancel, or it waits for them.
    for update of s for share of r`);
  return r.rows[0] ?? null;
}

export async function endSlip(db: Executor, slipId: number, status: "cancel activity" | "non reactive"): Promise<void> {
  await db.execute(sql`update slips set status = ${status}, ended_at = now() where id = ${slipId}`);
}

export async function stakeSums(db: Executor, roundId: number, userId: string | null) {
  const r = await db.execute<Row<"slip_lines", "bet_type"> & Computed<{ amount: string; lines: number }>>(sql`
    select l.bet_type, sum(l.stake) as amount, count(*)::int as lines
    from slip_lines l join slips s on s.id = l.slip_id
    where l.round_id = ${roundId} and s.status = 'active' ${userId ? sql`and l.user_id = ${userId}` : sql``}
    group by l.bet_type order by l.bet_type`);
  return r.rows;
}

export type RoundLineRow = LineRow & Row<"users", "username">;

export async function roundLines(db: Executor, roundId: number, userId: string | null): Promise<RoundLineRow[]> {
  const r = await db.execute<RoundLineRow>(sql`
    select l.id, l.slip_id, l.bet_type, l.number, l.stake, l.paid, l.rate_x100, l.result, l.payout, false as wins, u.username
    from slip_lines l join slips s on s.id = l.slip_id join users u on u.id = l.user_id
    where l.round_id = ${roundId} and s.status = 'active' ${userId ? sql`and l.user_id = ${userId}` : sql``}
    order by l.id limit 5000`);
  return r.rows;
}

export async function draftCount(db: Executor, userId: string): Promise<number> {
  const r = await db.execute<Computed<{ n: number }>>(sql`select count(*)::int as n from draft_digits where user_id = ${userId}`);
  return r.rows[0]!.n;
}

export async function insertDraft(db: Executor, userId: string, text: string): Promise<number> {
  const r = await db.execute<Row<"draft_digits", "id">>(
    sql`insert into draft_digits (user_id, numberlist_str) values (${userId}, ${text}) returning id`,
  );
  return Number(r.rows[0]!.id);
}

export async function deleteDraft(db: Executor, userId: string, id: number): Promise<"deleted" | "missing" | "foreign"> {
  const r = await db.execute<Row<"draft_digits", "user_id">>(sql`select user_id from draft_digits where id = ${id}`);
  const row = r.rows[0];
  if (!row) return "missing";
  if (row.user_id !== userId) return "foreign";
  await db.execute(sql`delete from draft_digits where id = ${id}`);
  return "deleted";
}

export async function draftsOf(db: Executor, userId: string) {
  const r = await db.execute<Row<"draft_digits", "id" | "user_id" | "numberlist_str" | "created_at">>(sql`
    select id, user_id, numberlist_str, created_at from draft_digits where user_id = ${userId} order by id desc limit 50`);
  return r.rows;
}
