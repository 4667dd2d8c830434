import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { HOUSE } from "../wallet/ledger";
import type { Col, Computed, Row } from "../db/rows";

// The back office's reads: one player's details, and the report's sums of the ledger.

export type PlayerRow = Row<
  "users",
  | "id"
  | "username"
  | "bank_account_name"
  | "phone"
  | "bank_code"
  | "bank_no"
  | "user_type"
  | "role"
  | "state"
  | "created_at"
  | "referrer_id"
> & {
  // Left joins and sub-selects: null when there is no such row.
  referrer_username: Col<"users", "username"> | null;
  credit: Col<"accounts", "balance"> | null;
  affiliate: Col<"accounts", "balance"> | null;
  state_changed_at: Col<"audit_log", "at"> | null;
} & Computed<{ state_reason: string | null }>;

export async function playerDetails(db: Executor, uuid: string): Promise<PlayerRow | null> {
  const r = await db.execute<PlayerRow>(sql`
    select u.id, u.username, u.bank_account_name, u.phone, u.bank_code, u.bank_no, u.user_type, u.role, u.state, u.created_at,
           u.referrer_id, ref.username as referrer_username,
           (select balance from accounts where owner_id = u.id and kind = 'credit') as credit,
           (select balance from accounts where owner_id = u.id and kind = 'affiliate') as affiliate,
           last_ban.after ->> 'reason' as state_reason, last_ban.at as state_changed_at
    from users u
    left join users ref on ref.id = u.referrer_id
    left join lateral (
      select after, at from audit_log where target = 'user:' || u.id::text and action in ('player.ban', 'player.unban') order by id desc limit 1
    ) last_ban on true
    where u.id = ${uuid}`);
  return r.rows[0] ?? null;
}

/** Satang sums of one report row, as text (bigint). */
export type ReportRow = Computed<{
  day: string;
  /** The day's row (every movement) rather than one lottery's. */
  whole_day: boolean;
  lottery_id: string | null;
  lottery_name: string | null;
  stakes: string;
  payouts: string;
  commission: string;
  bonuses: string;
  deposits: string;
  withdrawals: string;
  adjustments: string;
  game_fees: string;
}>;

/** The movements of play that belong to a lottery round (through their reference). */
const ROUND_KINDS = ["stake", "stake.refund", "payout", "payout.reversal", "commission", "commission.reversal", "yeekee.reward"];

/**
 * Sums of the house accounts' ledger entries per Bangkok day, and per day and lottery, over [from, to)
 * (instants). Each figure is the movement of one kind of house account, so they add up with the ledger
 * check: what a figure says the house paid or took is what its accounts' balances moved by.
 */
export async function reportRows(db: Executor, from: Date, to: Date): Promise<ReportRow[]> {
  const r = await db.execute<ReportRow>(sql`
    with moves as (
      select t.kind, to_char(t.created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day, a.kind as account, e.amount,
             substring(t.reference from '^(?:round|yeekee):(\\d+)')::bigint as round_ref,
             substring(t.reference from '^slip:(\\d+)$')::bigint as slip_ref
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join accounts a on a.id = e.account_id and a.owner_id is null
      where t.created_at >= ${from} and t.created_at < ${to}
    ), placed as (
      select m.day, m.account, m.amount,
             case when m.kind in (${sql.join(
               ROUND_KINDS.map((k) => sql`${k}`),
               sql`, `,
             )}) then coalesce(m.round_ref, s.round_id) end as round_id
      from moves m left join slips s on s.id = m.slip_ref
    )
    select p.day, rd.lottery_id, l.name as lottery_name, grouping(rd.lottery_id) = 1 as whole_day,
           coalesce(sum(p.amount) filter (where p.account = ${HOUSE.stakes}), 0) as stakes,
           coalesce(-sum(p.amount) filter (where p.account = ${HOUSE.payouts}), 0) as payouts,
           coalesce(-sum(p.amount) filter (where p.account = ${HOUSE.commission}), 0) as commission,
           coalesce(-sum(p.amount) filter (where p.account = ${HOUSE.bonus}), 0) as bonuses,
           coalesce(-sum(p.amount) filter (where p.account = ${HOUSE.deposits}), 0) as deposits,
           coalesce(sum(p.amount) filter (where p.account = ${HOUSE.withdrawalsPaid}), 0) as withdrawals,
           coalesce(-sum(p.amount) filter (where p.account = ${HOUSE.adjustments}), 0) as adjustments,
           coalesce(sum(p.amount) filter (where p.account = ${HOUSE.gameFees}), 0) as game_fees
    from placed p
    left join rounds rd on rd.id = p.round_id
    left join lotteries l on l.id = rd.lottery_id
    group by grouping sets ((p.day), (p.day, rd.lottery_id, l.name))
    order by p.day, l.name nulls first`);
  return r.rows;
}

// ---- the player list ----

export type PlayerListSort = "newest" | "balance" | "activity";

export type PlayerListItemRow = Row<
  "users",
  "id" | "username" | "bank_account_name" | "phone" | "bank_code" | "bank_no" | "state" | "created_at"
> & {
  credit: Col<"accounts", "balance">;
  last_activity_at: Col<"ledger_entries", "created_at"> | null;
} & Computed<{ total: string }>;

/** Each order ends on the user id, unique, so a page boundary never splits or repeats players of equal value. */
const PLAYER_ORDER: Record<PlayerListSort, ReturnType<typeof sql>> = {
  newest: sql`created_at desc, id desc`,
  balance: sql`credit desc, id asc`,
  activity: sql`last_activity_at desc nulls last, id asc`,
};

/** One page of the players in `sort` order, with how many players there are in all. */
export async function playerListPage(db: Executor, sort: PlayerListSort, limit: number, offset: number): Promise<PlayerListItemRow[]> {
  const r = await db.execute<PlayerListItemRow>(sql`
    with listed as (
      select u.id, u.username, u.bank_account_name, u.phone, u.bank_code, u.bank_no, u.state, u.created_at,
             coalesce(a.balance, 0) as credit,
             -- greatest() passes over a null: either alone counts.
             greatest((select max(s.created_at) from sessions s where s.user_id = u.id),
                      (select e.created_at from ledger_entries e where e.account_id = a.id order by e.id desc limit 1)) as last_activity_at
      from users u
      left join accounts a on a.owner_id = u.id and a.kind = 'credit'
      where u.role = 'player')
    select *, count(*) over () as total from listed
    order by ${PLAYER_ORDER[sort]}
    limit ${limit} offset ${offset}`);
  return r.rows;
}

export type SamePersonRow = Computed<{ player_id: string; same_bank_no: boolean; same_phone: boolean; same_name: boolean }> &
  Row<"users", "id" | "username">;

/**
 * The other players same_person() takes for each of `ids` (docs/decisions/014). Candidates come from three
 * equality joins (bank number, phone, holder's name without spaces and case) so no pair of players is tried
 * one by one; same_person() itself then decides, so the rule stays written once.
 */
export async function samePersonsOf(db: Executor, ids: string[]): Promise<SamePersonRow[]> {
  if (ids.length === 0) return [];
  const r = await db.execute<SamePersonRow>(sql`
    with norm as (
      select id, username, bank_no, phone, lower(regexp_replace(bank_account_name, '\\s', '', 'g')) as holder
      from users where role = 'player'),
    page as (select * from norm where id = any(${sql.param(ids)}::uuid[])),
    candidates as (
      select p.id as player_id, o.id as other_id from page p join norm o on o.bank_no = p.bank_no
      union select p.id, o.id from page p join norm o on o.phone = p.phone
      union select p.id, o.id from page p join norm o on o.holder = p.holder)
    select c.player_id, o.id, o.username,
           coalesce(o.bank_no = p.bank_no, false) as same_bank_no,
           coalesce(o.phone = p.phone, false) as same_phone,
           coalesce(o.holder = p.holder, false) as same_name
    from candidates c join page p on p.id = c.player_id join norm o on o.id = c.other_id
    where c.player_id <> c.other_id and same_person(c.player_id, c.other_id)
    order by c.player_id, o.username, o.id`);
  return r.rows;
}

export async function playerCount(db: Executor): Promise<number> {
  const r = await db.execute<Computed<{ n: number }>>(sql`select count(*)::int as n from users where role = 'player'`);
  return r.rows[0]!.n;
}
