import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import type { Col, Computed, Row } from "../db/rows";

// Bangkok calendar boundaries: the site's day, month and report days are Bangkok's.
const TODAY = sql`(date_trunc('day', now() at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok')`;
const MONTH = sql`(date_trunc('month', now() at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok')`;

export async function friends(db: Executor, referrerId: string) {
  const r = await db.execute<
    Row<"users", "username" | "created_at"> & Computed<{ last_active_at: string | null; stake_month: string }>
  >(sql`
    select f.username, f.created_at,
      (select max(s.created_at) from sessions s where s.user_id = f.id) as last_active_at,
      coalesce(m.stake, 0) as stake_month
    from users f
    left join (
      select c.friend_id, sum(c.stake) as stake from referral_commissions c
      where c.referrer_id = ${referrerId} and c.level = 1 and c.reversed_at is null and c.created_at >= ${MONTH}
      group by c.friend_id
    ) m on m.friend_id = f.id
    where f.referrer_id = ${referrerId} and f.role = 'player'
    order by f.created_at desc limit 500`);
  return r.rows;
}

export async function secondLevelCount(db: Executor, referrerId: string): Promise<number> {
  const r = await db.execute<Computed<{ n: string }>>(sql`
    select count(*) as n from users g join users f on f.id = g.referrer_id where f.referrer_id = ${referrerId} and g.role = 'player'`);
  return Number(r.rows[0]!.n);
}

export async function totals(db: Executor, referrerId: string) {
  const r = await db.execute<
    Computed<Record<"stake_today" | "stake_month" | "stake_all" | "commission_today" | "commission_month" | "commission_all", string>>
  >(sql`
    select
      coalesce(sum(stake) filter (where level = 1 and created_at >= ${TODAY}), 0) as stake_today,
      coalesce(sum(stake) filter (where level = 1 and created_at >= ${MONTH}), 0) as stake_month,
      coalesce(sum(stake) filter (where level = 1), 0) as stake_all,
      coalesce(sum(amount) filter (where created_at >= ${TODAY}), 0) as commission_today,
      coalesce(sum(amount) filter (where created_at >= ${MONTH}), 0) as commission_month,
      coalesce(sum(amount), 0) as commission_all
    from referral_commissions where referrer_id = ${referrerId} and reversed_at is null`);
  return r.rows[0]!;
}

export async function debtOf(db: Executor, userId: string): Promise<bigint> {
  const r = await db.execute<Row<"referral_debts", "amount">>(sql`select amount from referral_debts where user_id = ${userId}`);
  return BigInt(r.rows[0]?.amount ?? 0);
}

export async function commissionByDay(db: Executor, referrerId: string, days: number) {
  const r = await db.execute<Row<"referral_commissions", "level"> & Computed<{ date: string; stake: string; commission: string }>>(sql`
    select to_char(created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as date, level, sum(stake) as stake, sum(amount) as commission
    from referral_commissions
    where referrer_id = ${referrerId} and reversed_at is null and stake > 0
      and created_at >= ${TODAY} - make_interval(days => ${days - 1})
    group by 1, 2 order by 1 desc, 2`);
  return r.rows;
}

export async function insertAfWithdrawal(db: Executor, w: { userId: string; amount: bigint; note: string }): Promise<number> {
  const r = await db.execute<Row<"affiliate_withdrawals", "id">>(sql`
    insert into affiliate_withdrawals (user_id, amount, note) values (${w.userId}, ${w.amount}, ${w.note}) returning id`);
  return Number(r.rows[0]!.id);
}

export async function afWithdrawals(db: Executor, userId: string, days: number) {
  const r = await db.execute<Row<"affiliate_withdrawals", "id" | "amount" | "note" | "created_at">>(sql`
    select id, amount, note, created_at from affiliate_withdrawals
    where user_id = ${userId} and created_at >= now() - make_interval(days => ${days})
    order by id desc limit 500`);
  return r.rows;
}

/** Every lottery's payout tiers, for the edge bound of the commission rates. */
export async function payoutTiers(db: Executor) {
  const r = await db.execute<
    Row<"lotto_config", "lottery_id" | "bet_type" | "rate_x100" | "discount_percent"> & Row<"lotteries", "name">
  >(sql`
    select c.lottery_id, l.name, c.bet_type, c.rate_x100, c.discount_percent from lotto_config c join lotteries l on l.id = c.lottery_id`);
  return r.rows;
}

export async function lotteryName(db: Executor, id: string): Promise<string | null> {
  const r = await db.execute<Row<"lotteries", "name">>(sql`select name from lotteries where id = ${id}`);
  return r.rows[0]?.name ?? null;
}

export async function lotteryIds(db: Executor): Promise<Set<string>> {
  const r = await db.execute<Row<"lotteries", "id">>(sql`select id from lotteries`);
  return new Set(r.rows.map((x) => x.id));
}

export async function treeFriends(db: Executor, userId: string) {
  const r = await db.execute<Row<"users", "id" | "username" | "created_at"> & Computed<{ level: number; stake_all: string }>>(sql`
    with tree as (
      select f.id, f.username, 1 as level, f.created_at from users f where f.referrer_id = ${userId}
      union all
      select g.id, g.username, 2, g.created_at from users g join users f on f.id = g.referrer_id where f.referrer_id = ${userId}
    ), stakes as (
      select c.friend_id, c.level, sum(c.stake) as stake from referral_commissions c
      where c.referrer_id = ${userId} and c.reversed_at is null group by c.friend_id, c.level
    )
    select t.*, coalesce(s.stake, 0) as stake_all
    from tree t left join stakes s on s.friend_id = t.id and s.level = t.level
    order by t.level, t.created_at desc limit 1000`);
  return r.rows;
}

export async function commissionLog(db: Executor, referrerId: string) {
  const r = await db.execute<
    Row<"referral_commissions", "slip_id" | "round_id" | "level" | "stake" | "amount" | "created_at" | "reversed_at"> & {
      friend: Col<"users", "username">;
    }
  >(sql`
    select c.slip_id, c.round_id, c.level, f.username as friend, c.stake, c.amount, c.created_at, c.reversed_at
    from referral_commissions c join users f on f.id = c.friend_id
    where c.referrer_id = ${referrerId} order by c.id desc limit 300`);
  return r.rows;
}

/** The referrer's own referrers, nearest first (a guard against a ring when the operator changes one). */
export async function ancestors(db: Executor, userId: string): Promise<string[]> {
  const r = await db.execute<{ id: NonNullable<Col<"users", "referrer_id">> /* referrer_id is not null */ }>(sql`
    with recursive up(id, depth) as (
      select referrer_id, 1 from users where id = ${userId} and referrer_id is not null
      union all
      select u.referrer_id, up.depth + 1 from users u join up on u.id = up.id where u.referrer_id is not null and up.depth < 100
    ) select id from up order by depth`);
  return r.rows.map((x) => x.id);
}

/** Referrer changes one at a time, so two of them at once cannot close a ring. */
export async function lockReferralTree(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('lotto:referral-tree', 0))`);
}

export async function setReferrer(db: Executor, userId: string, referrerId: string | null): Promise<void> {
  await db.execute(sql`update users set referrer_id = ${referrerId} where id = ${userId}`);
}
