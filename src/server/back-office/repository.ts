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
