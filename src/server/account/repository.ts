import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import type { Col, Computed, Row } from "../db/rows";

// The player's own money history and win notice read the ledger by the index ledger_entries(account_id, id):
// an entry id is the account's order (each posting locks the account row before writing its entry), so
// paging by id keeps every page's balance_after in step with the one before (docs/decisions/028).

export type MovementRow = Row<"ledger_entries", "id" | "amount" | "created_at"> &
  Row<"ledger_transactions", "kind" | "reference" | "note"> & {
    /** The column allows null, but ledger_post writes it on every entry. */
    balance_after: NonNullable<Col<"ledger_entries", "balance_after">>;
  };

export async function movements(
  db: Executor,
  q: { accountId: number; days: number; before: number | null; kinds: string[] | null; limit: number },
): Promise<MovementRow[]> {
  const result = await db.execute<MovementRow>(sql`
    select e.id, t.kind, e.amount, e.balance_after, t.reference, t.note, e.created_at
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    where e.account_id = ${q.accountId}
      and e.created_at >= now() - make_interval(days => ${q.days})
      ${q.before === null ? sql`` : sql`and e.id < ${q.before}`}
      ${q.kinds === null ? sql`` : sql`and t.kind = any(${sql.param(q.kinds)}::text[])`}
    order by e.id desc
    limit ${q.limit}`);
  return result.rows;
}

/** `ref` is the index of the reference in the list given. */
export type RoundSlipRow = { slip_id: Col<"slips", "id"> } & Computed<{ ref: number }>;

/**
 * The player's slips behind round movements: for a payout the slips whose winning lines lie in its line
 * range (`round:R:lines:a-b`), for a refund the returned ones, for a correction all of the round's.
 */
export async function slipsOfRoundMovements(
  db: Executor,
  userId: string,
  refs: Array<{ round: number; first: number | null; last: number | null; status: string | null }>,
): Promise<RoundSlipRow[]> {
  if (refs.length === 0) return [];
  const result = await db.execute<RoundSlipRow>(sql`
    select distinct (r.i - 1)::int as ref, s.id as slip_id
    from unnest(${sql.param(refs.map((r) => String(r.round)))}::bigint[], ${sql.param(refs.map((r) => (r.first === null ? null : String(r.first))))}::bigint[],
                ${sql.param(refs.map((r) => (r.last === null ? null : String(r.last))))}::bigint[], ${sql.param(refs.map((r) => r.status))}::text[]) with ordinality as r(round_id, first, last, status, i)
    join slips s on s.user_id = ${userId} and s.round_id = r.round_id and (r.status is null or s.status = r.status)
    where r.first is null or exists (
      select 1 from slip_lines l where l.slip_id = s.id and l.result = 'win' and l.id between r.first and r.last)
    order by ref, slip_id`);
  return result.rows;
}

// ---- win notice ----

export async function winMark(db: Executor, userId: string): Promise<number | null> {
  const r = await db.execute<Row<"win_notice_marks", "seen_entry_id">>(
    sql`select seen_entry_id from win_notice_marks where user_id = ${userId}`,
  );
  return r.rows[0] ? Number(r.rows[0].seen_entry_id) : null;
}

export type UnseenPayoutRow = Row<"ledger_entries", "id"> & Row<"ledger_transactions", "reference">;

/**
 * Payouts into the account after the mark. Without a mark (a player who never saw one) only the last
 * week's: a first notice should not recite an old history.
 */
export async function unseenPayouts(db: Executor, accountId: number, mark: number | null): Promise<UnseenPayoutRow[]> {
  const r = await db.execute<UnseenPayoutRow>(sql`
    select e.id, t.reference
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    where e.account_id = ${accountId} and e.id > ${mark ?? 0} and t.kind = 'payout' and e.amount > 0
      ${mark === null ? sql`and e.created_at > now() - interval '7 days'` : sql``}
    order by e.id
    limit 200`);
  return r.rows;
}

export type WonSlipRow = { slip_id: Col<"slips", "id"> } & Row<"slips", "round_id"> &
  Row<"rounds", "round_no" | "draw_date"> &
  Row<"lotteries", "name"> &
  Computed<{ win: string }>;

/**
 * The player's slips with winning lines in the given payout ranges, and what those lines paid (still 'win' now).
 * Each line counts once: after a correction the round's first payout and its re-payment cover the same lines.
 */
export async function wonSlips(
  db: Executor,
  userId: string,
  ranges: Array<{ round: number; first: number; last: number }>,
): Promise<WonSlipRow[]> {
  if (ranges.length === 0) return [];
  const r = await db.execute<WonSlipRow>(sql`
    with p as (
      select * from unnest(${sql.param(ranges.map((x) => String(x.round)))}::bigint[], ${sql.param(ranges.map((x) => String(x.first)))}::bigint[],
                           ${sql.param(ranges.map((x) => String(x.last)))}::bigint[]) as p(round_id, first, last)
    )
    select s.id as slip_id, s.round_id, rd.round_no, rd.draw_date, lo.name, sum(l.payout) as win
    from slips s
    join slip_lines l on l.slip_id = s.id and l.result = 'win'
    join rounds rd on rd.id = s.round_id
    join lotteries lo on lo.id = rd.lottery_id
    where s.user_id = ${userId} and s.round_id in (select round_id from p)
      and exists (select 1 from p where p.round_id = s.round_id and l.id between p.first and p.last)
    group by s.id, s.round_id, rd.round_no, rd.draw_date, lo.name
    order by s.id`);
  return r.rows;
}

/** Moves the mark forward only, and not beyond the account's newest entry. */
export async function moveWinMark(db: Executor, userId: string, accountId: number, upTo: number): Promise<void> {
  await db.execute(sql`
    insert into win_notice_marks (user_id, seen_entry_id)
    select ${userId}, least(${upTo}::bigint, coalesce((select max(id) from ledger_entries where account_id = ${accountId}), 0))
    on conflict (user_id) do update set seen_entry_id = greatest(win_notice_marks.seen_entry_id, excluded.seen_entry_id), updated_at = now()`);
}

// ---- results history ----

export type DrawRow = Row<"rounds", "id" | "round_no"> & {
  top3: Col<"round_awards", "number"> | null;
  bottom2: Col<"round_awards", "number"> | null;
} & Computed<{ draw_date: string }>;

export async function lotteryName(db: Executor, lotteryId: string): Promise<string | null> {
  const r = await db.execute<Row<"lotteries", "name">>(sql`select name from lotteries where id = ${lotteryId}`);
  return r.rows[0]?.name ?? null;
}

/** The lottery's last `n` rounds with a result, newest first, by the index rounds(lottery_id, close_at). */
export async function lastDraws(db: Executor, lotteryId: string, n: number): Promise<DrawRow[]> {
  const r = await db.execute<DrawRow>(sql`
    select r.id, r.round_no, r.draw_date::text as draw_date,
      (select a.number from round_awards a where a.round_id = r.id and a.award_type = 'ThreeDigit' order by a.id desc limit 1) as top3,
      (select a.number from round_awards a where a.round_id = r.id and a.award_type = 'TwoDigit' order by a.id desc limit 1) as bottom2
    from rounds r
    where r.lottery_id = ${lotteryId} and r.status = 'add award'
    order by r.close_at desc
    limit ${n}`);
  return r.rows;
}
