import { sql } from "drizzle-orm";
import { depositPointsCenti } from "../../domain/points";
import type { Db, Executor, Tx } from "../db/client";
import { readPrivilegeConfig } from "./config";
import type { Computed, Narrow, Row } from "../db/rows";

// How points are earned, vest, lapse, expire and are taken back (docs/decisions/015). Each writes a lot
// and a log row whose (player, kind, source) is unique, so a re-run, a crash or a second instance never
// counts anything twice.

/**
 * The points of a settled round's bets, one lot per player (source round:<id>): each active slip earns
 * points per 100 ฿ paid times the multiplier of the player's level when the slip was placed, rounded
 * down per slip (betPointsCenti). One statement: it happens whole or not at all.
 */
export async function awardRoundPoints(db: Db, roundId: number): Promise<void> {
  const config = await readPrivilegeConfig(db);
  if (config.bet_points_per_100 === 0) return;
  await db.transaction(async (tx) => {
    // A cancel holds the round for update: points are awarded only while its result stands.
    const round = await tx.execute<Row<"rounds", "status">>(sql`select status from rounds where id = ${roundId} for share`);
    if (round.rows[0]?.status !== "add award") return;
    await tx.execute(sql`
      with earned as (
        select s.user_id, sum(s.total_paid * coalesce(m.multiplier_x100, ${config.levels[0]!.multiplier_x100}) * ${config.bet_points_per_100} / 10000) as centi
        from slips s
        left join lateral (
          select ml.multiplier_x100 from member_levels ml
          where ml.user_id = s.user_id and ml.effective_from <= s.created_at order by ml.effective_from desc, ml.id desc limit 1
        ) m on true
        -- None to a player on a time-out or self-exclusion when the round settles (docs/decisions/017).
        where s.round_id = ${roundId} and s.status = 'active' and not rg_closed(s.user_id, now())
        group by s.user_id
      ), lots as (
        insert into point_lots (user_id, kind, source, amount, remaining, vested, expires_at)
        select user_id, 'bet', 'round:' || ${roundId}, centi, centi, true, now() + make_interval(days => ${config.expiry_days})
        from earned where centi > 0
        on conflict (user_id, source) do nothing
        returning user_id, amount, source
      )
      insert into points_log (user_id, kind, amount, source) select user_id, 'bet', amount, source from lots`);
  });
}

/** Takes a cancelled round's bet points back as far as they are unspent (points already redeemed are not recovered). */
export async function reverseRoundPoints(tx: Tx, roundId: number): Promise<void> {
  await tx.execute(sql`
    with old as (
      select id, user_id, remaining, source from point_lots where kind = 'bet' and source = 'round:' || ${roundId} for update
    ), upd as (
      update point_lots l set remaining = 0 from old where l.id = old.id
    )
    insert into points_log (user_id, kind, amount, source, note)
    select user_id, 'reversal', -remaining, source, 'งวดถูกยกเลิกหลังออกผล' from old where remaining > 0`);
}

/**
 * The points of an approved deposit, inside the approving transaction: pending until the player has
 * staked the deposit's amount within the vesting days, and at most the day's cap.
 */
export async function awardDepositPoints(tx: Tx, userId: string, payRecordId: number, amountSatang: bigint): Promise<void> {
  const config = await readPrivilegeConfig(tx);
  if (config.deposit_points_per_100 === 0) return;
  // A transfer credited during a time-out or self-exclusion earns nothing (docs/decisions/017).
  const closed = await tx.execute<Computed<{ closed: boolean }>>(sql`select rg_closed(${userId}::uuid, now()) as closed`);
  if (closed.rows[0]!.closed) return;
  // One approval of this player's deposits at a time, so two at once cannot both fit under the day's cap.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('points:deposit:' || ${userId}, 0))`);
  const today = await tx.execute<Computed<{ centi: string }>>(sql`
    select coalesce(sum(amount), 0) as centi from points_log
    where user_id = ${userId} and kind = 'deposit' and created_at >= (date_trunc('day', now() at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok')`);
  const centi = depositPointsCenti(
    Number(amountSatang),
    config.deposit_points_per_100,
    Number(today.rows[0]!.centi),
    config.deposit_daily_max,
  );
  if (centi <= 0) return;
  await tx.execute(sql`
    with lot as (
      insert into point_lots (user_id, kind, source, amount, remaining, vested, vest_stake, vest_deadline, expires_at)
      values (${userId}, 'deposit', ${`paynow:${payRecordId}`}, ${centi}, ${centi}, false, ${amountSatang},
        now() + make_interval(days => ${config.vest_days}), now() + make_interval(days => ${config.expiry_days}))
      on conflict (user_id, source) do nothing
      returning user_id, amount, source
    )
    insert into points_log (user_id, kind, amount, source) select user_id, 'deposit', amount, source from lot`);
}

/**
 * Deposit points whose stake has been reached vest (usable); those past their deadline without it lapse.
 * Stake counts once it is settled (a slip cancelled or refunded never unlocks points), and is shared
 * out oldest deposit first: a slip's paid stake goes to the oldest deposit approved before it whose
 * window it falls in and which still needs stake, so one stake never unlocks two deposits. A deposit
 * lapses only when its deadline has passed and no slip of its window is still waiting for its result.
 * For one player (before their points are read or spent, under their points lock) or for every player
 * with pending points (the ticker).
 */
export async function vestDue(db: Db | Tx, userId: string | null = null): Promise<void> {
  if (userId !== null) return vestPlayer(db, userId);
  const users = await db.execute<Row<"point_lots", "user_id">>(sql`
    select distinct user_id from point_lots where kind = 'deposit' and not vested and remaining > 0`);
  for (const u of users.rows) {
    await db.transaction(async (tx) => {
      await lockPointsOf(tx, u.user_id);
      await vestPlayer(tx, u.user_id);
    });
  }
}

/** One spender or vester of a player's points at a time (redemptions, deductions, vesting). */
export async function lockPointsOf(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('points:' || ${userId}, 0))`);
}

async function vestPlayer(db: Executor, userId: string): Promise<void> {
  const lots = await db.execute<
    Narrow<
      Row<"point_lots", "id" | "earned_at" | "vest_deadline" | "vest_stake" | "vested" | "remaining">,
      { vest_deadline: string; vest_stake: string }
    > // set on every deposit lot
  >(sql`
    select id, earned_at, vest_deadline, vest_stake, vested, remaining from point_lots
    where user_id = ${userId} and kind = 'deposit' and (vested or remaining > 0)
      and vest_deadline >= (select min(earned_at) from point_lots where user_id = ${userId} and kind = 'deposit' and not vested and remaining > 0)
    order by earned_at, id`);
  if (!lots.rows.some((l) => !l.vested)) return;
  const since = lots.rows[0]!.earned_at;
  const slips = await db.execute<Row<"slips", "created_at" | "total_paid"> & Computed<{ settled: boolean }>>(sql`
    select s.created_at, s.total_paid, r.status = 'add award' as settled from slips s join rounds r on r.id = s.round_id
    where s.user_id = ${userId} and s.status = 'active' and s.created_at >= ${since} and r.status <> 'cancel activity'
    order by s.created_at, s.id`);
  const state = lots.rows.map((l) => ({
    ...l,
    from: new Date(l.earned_at).getTime(),
    to: new Date(l.vest_deadline).getTime(),
    need: BigInt(l.vest_stake),
    got: 0n,
  }));
  const waiting = new Set<number>();
  for (const slip of slips.rows) {
    const at = new Date(slip.created_at).getTime();
    if (!slip.settled) {
      state.forEach((l, i) => at >= l.from && at <= l.to && waiting.add(i));
      continue;
    }
    let left = BigInt(slip.total_paid);
    for (const l of state) {
      if (left === 0n) break;
      if (at < l.from || at > l.to || l.got >= l.need) continue;
      const take = l.need - l.got < left ? l.need - l.got : left;
      l.got += take;
      left -= take;
    }
  }
  const now = Date.now();
  const vest = state.filter((l) => !l.vested && l.got >= l.need).map((l) => l.id);
  const lapse = state.filter((l, i) => !l.vested && l.got < l.need && l.to < now && !waiting.has(i)).map((l) => l.id);
  if (vest.length > 0) {
    await db.execute(sql`
      with v as (update point_lots set vested = true where id = any(${sql.param(vest)}::bigint[]) and not vested returning user_id, remaining, source)
      insert into points_log (user_id, kind, amount, source) select user_id, 'vest', remaining, source from v`);
  }
  if (lapse.length > 0) {
    await db.execute(sql`
      with old as (select id, user_id, remaining, source from point_lots where id = any(${sql.param(lapse)}::bigint[]) and not vested and remaining > 0 for update),
      upd as (update point_lots l set remaining = 0 from old where l.id = old.id)
      insert into points_log (user_id, kind, amount, source) select user_id, 'lapse', -remaining, source from old`);
  }
}

/** Usable points past their expiry lose what is left (oldest first is how they were spent); idempotent. */
export async function expireDue(db: Executor): Promise<void> {
  await db.execute(sql`
    with old as (
      select id, user_id, remaining from point_lots where vested and remaining > 0 and expires_at <= now() for update skip locked
    ), upd as (
      update point_lots l set remaining = 0 from old where l.id = old.id
    )
    insert into points_log (user_id, kind, amount, source) select user_id, 'expire', -remaining, 'lot:' || id from old`);
}

/**
 * Member levels from the last 90 days' stake, once a Bangkok day (whichever instance inserts the day's
 * run first): a player whose level changed gets a new row, from now on; an operator's override stays.
 */
export async function recomputeLevels(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => recomputeLevelsIn(tx));
}

/** One writer of member levels at a time: the daily computation and an operator's override. */
export async function lockLevels(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('points:member-levels', 0))`);
}

async function recomputeLevelsIn(db: Tx): Promise<boolean> {
  await lockLevels(db);
  const ran = await db.execute(sql`
    insert into daily_runs (job, day) values ('member-levels', (now() at time zone 'Asia/Bangkok')::date) on conflict do nothing returning job`);
  if (ran.rows.length === 0) return false;
  const config = await readPrivilegeConfig(db);
  await db.execute(sql`
    with rules(name, threshold, multiplier, ord) as (
      select * from unnest(${sql.param(config.levels.map((l) => l.name))}::text[], ${sql.param(config.levels.map((l) => Math.round(l.threshold * 100)))}::bigint[],
        ${sql.param(config.levels.map((l) => l.multiplier_x100))}::int[]) with ordinality
    ), stake as (
      select u.id, coalesce(sum(s.total_paid), 0) as staked from users u
      left join slips s on s.user_id = u.id and s.status = 'active' and s.created_at > now() - interval '90 days'
      where u.role = 'player' group by u.id
    ), target as (
      select st.id, r.name, r.multiplier from stake st
      cross join lateral (select name, multiplier from rules where threshold <= st.staked order by ord desc limit 1) r
    ), latest as (
      select distinct on (user_id) user_id, level, multiplier_x100, override from member_levels order by user_id, effective_from desc, id desc
    )
    insert into member_levels (user_id, level, multiplier_x100, reason)
    select t.id, t.name, t.multiplier, 'ยอดแทง 90 วัน' from target t left join latest l on l.user_id = t.id
    where coalesce(l.override, false) = false and (l.user_id is null and t.name <> ${config.levels[0]!.name} or l.level <> t.name or l.multiplier_x100 <> t.multiplier)`);
  return true;
}
