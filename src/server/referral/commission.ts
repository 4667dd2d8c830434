import { sql } from "drizzle-orm";
import { BET_TYPES, type BetType } from "../../domain/bet-types";
import { commissionBp, REFERRAL_LEVELS, type ReferralLevel } from "../../domain/referral";
import type { Db, Executor, Tx } from "../db/client";
import { HOUSE, houseShard, lockAccounts, postMany } from "../wallet/ledger";
import { readSubsidyConfig } from "./config";
import type { Computed, Row } from "../db/rows";

// Referral commission at settlement (docs/decisions/014). Each settling transaction takes a batch of
// the round's active slips whose owner has a referrer and which have no commission row yet, writes one
// row per slip and level (unique, so a re-run, a crash or a second instance never counts a slip twice;
// an ineligible slip gets a row of 0 so it is not looked at again), and credits each referrer's
// affiliate balance with one posting for the batch, less any debt left by a round cancelled after
// settlement.

/** A round's commission rate per level and bet type, decided by the domain's fallback rule (commissionBp). */
export interface RoundRates {
  levels: ReferralLevel[];
  betTypes: BetType[];
  bps: number[];
}

/** The rates settlement uses for a round, read once per round. */
export async function commissionRates(db: Executor, roundId: number): Promise<RoundRates> {
  const config = await readSubsidyConfig(db);
  const r = await db.execute<Row<"rounds", "lottery_id">>(sql`select lottery_id from rounds where id = ${roundId}`);
  const lottery = r.rows[0]?.lottery_id ?? "";
  const table: RoundRates = { levels: [], betTypes: [], bps: [] };
  for (const level of REFERRAL_LEVELS) {
    for (const betType of BET_TYPES) {
      table.levels.push(level);
      table.betTypes.push(betType);
      table.bps.push(commissionBp(config.rates, level, lottery, betType));
    }
  }
  return table;
}

/** Slips looked at per settling transaction (a slip has up to 300 lines). */
export const COMMISSION_BATCH = 2_000;

/**
 * One batch of a round's commission inside the settling transaction: the referred slips after slip id
 * `after` (a cursor, so a round costs one pass over its slips; the unique rows keep it exact whatever
 * another instance did). Returns the last slip id looked at, or null when none was left.
 */
export async function settleCommissionBatch(
  tx: Tx,
  roundId: number,
  rates: RoundRates,
  after = 0,
  batchSize = COMMISSION_BATCH,
): Promise<number | null> {
  const rows = await tx.execute<
    Computed<{ last: string | null; referrer_id: string | null; account_id: string | null; amount: string | null; first: string | null }>
  >(sql`
    with rates(level, bet_type, bp) as (
      select * from unnest(${sql.param(rates.levels)}::int[], ${sql.param(rates.betTypes)}::text[], ${sql.param(rates.bps)}::int[])
    ), batch as (
      select s.id, s.user_id, s.created_at, f.referrer_id
      from slips s join users f on f.id = s.user_id
      where s.round_id = ${roundId} and s.status = 'active' and s.id > ${after} and f.referrer_id is not null
        and not exists (select 1 from referral_commissions c where c.slip_id = s.id and c.level = 1)
      order by s.id limit ${batchSize}
    ), chain as (
      -- Level 2 carries the level-1 referrer too: one person's two accounts never take both levels.
      select b.id as slip_id, b.user_id as friend_id, b.created_at, 1 as level, b.referrer_id, null::uuid as via from batch b
      union all
      select b.id, b.user_id, b.created_at, 2, p.referrer_id, p.id from batch b join users p on p.id = b.referrer_id where p.referrer_id is not null
    ), judged as materialized (
      -- Commission only from a real friend to an active player: not an admin, not the player themself,
      -- not someone sharing the referrer's bank account (number or holder's name) or phone, and only on
      -- slips placed after the friend's first approved deposit; nothing to a referrer on a time-out or
      -- self-exclusion (docs/decisions/017). Judged once per slip and level, before the lines are read.
      select c.slip_id, c.friend_id, c.level, c.referrer_id, (r.role = 'player' and r.state = 'active' and not rg_closed(r.id, now())
          and r.id <> f.id and not same_person(f.id, r.id) and (c.via is null or not same_person(c.via, r.id))
          and exists (select 1 from pay_records d where d.user_id = c.friend_id and d.status = 'Approve' and d.decided_at <= c.created_at)
        ) as eligible
      from chain c join users f on f.id = c.friend_id join users r on r.id = c.referrer_id
    ), sums as (
      select j.slip_id, j.level, sum(l.paid) as stake,
        -- Each line rounded down to the satang; the remainder stays with the house.
        sum(l.paid * x.bp / 10000) as amount
      from judged j
      join slip_lines l on l.slip_id = j.slip_id
      join rates x on x.level = j.level and x.bet_type = l.bet_type
      where j.eligible
      group by j.slip_id, j.level
    ), priced as (
      select j.slip_id, j.level, j.friend_id, j.referrer_id, coalesce(s.stake, 0) as stake, coalesce(s.amount, 0) as amount
      from judged j left join sums s on s.slip_id = j.slip_id and s.level = j.level
    ), ins as (
      insert into referral_commissions (slip_id, level, round_id, friend_id, referrer_id, stake, amount)
      select slip_id, level, ${roundId}, friend_id, referrer_id, stake, amount from priced
      on conflict (slip_id, level) do nothing
      returning slip_id, referrer_id, amount
    ), owed as (
      select i.referrer_id, a.id as account_id, sum(i.amount) as amount, min(i.slip_id) as first
      from ins i join accounts a on a.owner_id = i.referrer_id and a.kind = 'affiliate'
      group by i.referrer_id, a.id having sum(i.amount) > 0
    )
    select (select max(id) from batch) as last, o.referrer_id, o.account_id, o.amount, o.first
    from (select 1) one left join owed o on true`);
  const last = rows.rows[0]?.last ?? null;
  const owed = rows.rows.filter((r) => r.referrer_id !== null);
  if (owed.length > 0) {
    const first = owed.reduce((m, r) => (BigInt(r.first!) < m ? BigInt(r.first!) : m), BigInt(owed[0]!.first!));
    const house = houseShard(HOUSE.commission, first);
    // Accounts before debts, as a reversal does (reverseRoundCommission): one order for both.
    await lockAccounts(tx, [house, ...owed.map((r) => ({ player: Number(r.account_id) }))]);
    const credits = await repayDebts(
      tx,
      owed.map((r) => ({ userId: r.referrer_id!, accountId: Number(r.account_id), amount: BigInt(r.amount!) })),
    );
    const players = credits.filter((c) => c.amount > 0n);
    if (players.length > 0) {
      await postMany(tx, {
        kind: "commission",
        reference: `round:${roundId}:commission:${first}`,
        house,
        players: players.map((c) => ({ accountId: c.accountId, amount: c.amount })),
      });
    }
  }
  return last === null ? null : Number(last);
}

/** New commission first repays what a referrer still owes from commission taken back; returns what is left to credit. */
async function repayDebts<T extends { userId: string; amount: bigint }>(tx: Tx, owed: T[]): Promise<T[]> {
  const repaid = await tx.execute<Computed<{ user_id: string; repaid: string }>>(sql`
    with owed(user_id, amount) as (select * from unnest(${sql.param(owed.map((o) => o.userId))}::uuid[], ${sql.param(owed.map((o) => o.amount.toString()))}::bigint[])),
    old as (
      select d.user_id, d.amount from referral_debts d join owed o on o.user_id = d.user_id
      where d.amount > 0 order by d.user_id for update of d
    )
    update referral_debts d set amount = d.amount - least(old.amount, o.amount), updated_at = now()
    from old join owed o on o.user_id = old.user_id
    where d.user_id = old.user_id
    returning d.user_id, least(old.amount, o.amount) as repaid`);
  const byUser = new Map(repaid.rows.map((r) => [r.user_id, BigInt(r.repaid)]));
  return owed.map((o) => ({ ...o, amount: o.amount - (byUser.get(o.userId) ?? 0n) }));
}

/** Marks a round's accruals settled once no referred slip is left without its commission row (points are one statement). */
export async function markAccrualsSettled(db: Db, roundId: number): Promise<void> {
  await db.execute(sql`
    update rounds r set accruals_settled_at = now()
    where r.id = ${roundId} and r.status = 'add award' and r.accruals_settled_at is null
      and not exists (
        select 1 from slips s join users f on f.id = s.user_id
        where s.round_id = r.id and s.status = 'active' and f.referrer_id is not null
          and not exists (select 1 from referral_commissions c where c.slip_id = s.id and c.level = 1))`);
}

/**
 * Takes back a round's commission when the round is cancelled after settlement, inside the caller's
 * transaction: from each referrer's affiliate balance as far as it goes (it never goes below zero), the
 * rest carried as a debt that later commission repays.
 */
export async function reverseRoundCommission(tx: Tx, roundId: number): Promise<void> {
  const rows = await tx.execute<Computed<{ user_id: string; account_id: string; amount: string }>>(sql`
    with rev as (
      -- Every row of the round, so its stake stops counting too; only amounts above 0 are taken back.
      update referral_commissions set reversed_at = now() where round_id = ${roundId} and reversed_at is null
      returning referrer_id, amount
    )
    select r.referrer_id as user_id, a.id as account_id, sum(r.amount) as amount
    from rev r join accounts a on a.owner_id = r.referrer_id and a.kind = 'affiliate'
    group by r.referrer_id, a.id having sum(r.amount) > 0`);
  if (rows.rows.length === 0) return;
  const house = houseShard(HOUSE.commission, roundId);
  await lockAccounts(tx, [house, ...rows.rows.map((r) => ({ player: Number(r.account_id) }))]);
  const balances = await tx.execute<Row<"accounts", "id" | "balance">>(sql`
    select id, balance from accounts where id = any(${sql.param(rows.rows.map((r) => r.account_id))}::bigint[])`);
  const balanceOf = new Map(balances.rows.map((b) => [b.id, BigInt(b.balance)]));
  const takes = rows.rows.map((r) => {
    const owed = BigInt(r.amount);
    const balance = balanceOf.get(r.account_id) ?? 0n;
    const take = balance < owed ? balance : owed;
    return { userId: r.user_id, accountId: Number(r.account_id), take, debt: owed - take };
  });
  const taken = takes.filter((t) => t.take > 0n);
  if (taken.length > 0) {
    await postMany(tx, {
      kind: "commission.reversal",
      reference: `round:${roundId}:commission-reversal`,
      house,
      players: taken.map((t) => ({ accountId: t.accountId, amount: -t.take })),
    });
  }
  const debts = takes.filter((t) => t.debt > 0n);
  if (debts.length > 0) {
    await tx.execute(sql`
      insert into referral_debts (user_id, amount)
      select * from unnest(${sql.param(debts.map((d) => d.userId))}::uuid[], ${sql.param(debts.map((d) => d.debt.toString()))}::bigint[])
      on conflict (user_id) do update set amount = referral_debts.amount + excluded.amount, updated_at = now()`);
  }
}
