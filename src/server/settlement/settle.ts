import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { conflict } from "../http/errors";
import { awardRoundPoints } from "../points/accrual";
import { COMMISSION_BATCH, commissionRates, markAccrualsSettled, type RoundRates, settleCommissionBatch } from "../referral/commission";
import { HOUSE, houseShard, InsufficientFunds, postMany } from "../wallet/ledger";
import type { Computed, Row } from "../db/rows";

/** Lines settled per transaction: large enough to be set-based, small enough to keep locks short. */
export const SETTLE_BATCH = 20_000;

/** Records the winning (bet type, number) pairs of a round's result, replacing earlier ones. */
export async function writeWinningPairs(tx: Tx, roundId: number, pairs: Array<{ betType: string; number: string }>): Promise<void> {
  await tx.execute(sql`delete from round_winning_pairs where round_id = ${roundId}`);
  if (pairs.length === 0) return;
  await tx.execute(sql`
    insert into round_winning_pairs (round_id, bet_type, number)
    select ${roundId}, t, n from unnest(${sql.param(pairs.map((p) => p.betType))}::text[], ${sql.param(pairs.map((p) => p.number))}::text[]) as w(t, n)
    on conflict do nothing`);
}

/**
 * The joins that make a line of `slip_lines l` a winning line: it matches one of its round's winning pairs and
 * its slip is still active. Settlement pays exactly these lines (payWinners), at line_payout(stake, rate);
 * the result preview and a correction's notices sum the same lines the same way (payoutsByPlayer), so the
 * figures an operator sees before confirming cannot drift from what is paid.
 */
const WINNING_LINES = sql`join round_winning_pairs w on w.round_id = l.round_id and w.bet_type = l.bet_type and w.number = l.number
      join slips s on s.id = l.slip_id and s.status = 'active'`;

/** One player's part in a round's result: what the round's winning pairs pay them, and what is paid already. */
export interface PlayerPayout {
  userId: string;
  username: string;
  /** Winning lines and their payout (satang) under the round's current winning pairs. */
  lines: number;
  payout: bigint;
  /** Payouts already made on the round (satang): a correction takes these back before paying `payout`. */
  paid: bigint;
  /** The player's credit now (satang): a correction is refused when it is below `paid`. */
  credit: bigint;
}

/**
 * What the round's winning pairs (as written by writeWinningPairs in the caller's transaction) pay each
 * player, by settlement's own rules (WINNING_LINES, line_payout), next to what has been paid already (the
 * lines unsettleRound would take back). Players with neither are left out.
 */
export async function payoutsByPlayer(tx: Tx, roundId: number): Promise<PlayerPayout[]> {
  const rows = await tx.execute<
    Computed<{ user_id: string; username: string; lines: string; payout: string; paid: string; credit: string }>
  >(sql`
    with next as (
      select l.user_id, count(*) as lines, sum(line_payout(l.stake, l.rate_x100)) as payout
      from slip_lines l ${WINNING_LINES}
      where l.round_id = ${roundId}
      group by l.user_id
    ), before as (
      select l.user_id, sum(l.payout) as paid from slip_lines l where l.round_id = ${roundId} and l.result = 'win' group by l.user_id
    )
    select u.id as user_id, u.username, coalesce(n.lines, 0) as lines, coalesce(n.payout, 0) as payout, coalesce(b.paid, 0) as paid,
           coalesce(a.balance, 0) as credit
    from next n full join before b on b.user_id = n.user_id
    join users u on u.id = coalesce(n.user_id, b.user_id)
    left join accounts a on a.owner_id = u.id and a.kind = 'credit'
    order by u.username`);
  return rows.rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    lines: Number(r.lines),
    payout: BigInt(r.payout),
    paid: BigInt(r.paid),
    credit: BigInt(r.credit),
  }));
}

/**
 * Settles a round with a result: every line of an active slip that matches a winning pair is marked
 * 'win' with its payout (stake × the rate fixed on the line) and the winners are credited, batch by
 * batch. Only winning lines are written: a line of a round with a result and no 'win' mark has lost.
 * Each batch is one transaction and takes a line only while its result is empty (row locks, not
 * skipping), so a crash, a restart, or a second instance settling at once never pays a line twice.
 * The same transactions credit the referral commission on the round's slips, each slip once
 * (src/server/referral/commission.ts). Returns the number of winning lines paid.
 */
export async function settleRound(db: Db, roundId: number, batchSize = SETTLE_BATCH): Promise<number> {
  const rates = await commissionRates(db, roundId);
  let settled = 0;
  let commission: number | null = 0;
  for (;;) {
    const done = await settleBatch(db, roundId, batchSize, rates, commission);
    settled += done.lines;
    commission = done.commission;
    if (done.lines === 0 && commission === null) break;
  }
  await awardRoundPoints(db, roundId);
  await markAccrualsSettled(db, roundId);
  return settled;
}

/**
 * One batch of settleRound, in its own transaction: a batch of winning lines paid, then the commission of
 * a batch of referred slips after slip id `commission` (null: their commission is done). Returns the
 * lines paid and the cursor for the next batch, null when no slip was left.
 */
export async function settleBatch(
  db: Db,
  roundId: number,
  batchSize = SETTLE_BATCH,
  rates?: RoundRates,
  commission: number | null = 0,
): Promise<{ lines: number; commission: number | null }> {
  const table = rates ?? (await commissionRates(db, roundId));
  return db.transaction(async (tx) => {
    // A correction locks the round for update: it waits for batches in flight, and batches after it
    // see only its new winning pairs.
    const round = await tx.execute<Row<"rounds", "status">>(sql`select status from rounds where id = ${roundId} for share`);
    if (round.rows[0]?.status !== "add award") return { lines: 0, commission: null };
    // Credit accounts before affiliate accounts, in every transaction that touches both (a correction,
    // a cancel after settlement, a move of commission to the credit), so none waits on another in a ring.
    const lines = await payWinners(tx, roundId, batchSize);
    const next =
      commission === null ? null : await settleCommissionBatch(tx, roundId, table, commission, Math.min(batchSize, COMMISSION_BATCH));
    return { lines, commission: next };
  });
}

/** Marks and pays one batch of a round's winning lines inside the settling transaction; 0 when none is left. */
async function payWinners(tx: Tx, roundId: number, batchSize: number): Promise<number> {
  const rows = await tx.execute<Computed<{ account_id: string; amount: string; lines: string; first: string; last: string }>>(sql`
    with batch as (
      select l.id from slip_lines l
      join rounds r on r.id = l.round_id and r.status = 'add award'
      ${WINNING_LINES}
      where l.round_id = ${roundId} and l.result is null
      order by l.id limit ${batchSize}
      -- The slip too: an owner's cancel that got there first is seen, and its lines are not paid. Shared,
      -- not for update: a settler that waited on a batch in flight still locks the slips of the lines it
      -- then passes over, and one of those slips can hold lines of the next batch, which another settler
      -- has taken already; exclusive slip locks made the two wait on each other (40P01).
      for update of l for share of s
    ), done as (
      update slip_lines l set result = 'win', payout = line_payout(l.stake, l.rate_x100), settled_at = now()
      from batch where l.id = batch.id and l.result is null
      returning l.id, l.user_id, l.payout
    )
    select a.id as account_id, sum(d.payout) as amount, count(*) as lines, min(d.id) as first, max(d.id) as last
    from done d join accounts a on a.owner_id = d.user_id and a.kind = 'credit'
    group by a.id`);
  const count = rows.rows.reduce((s, r) => s + Number(r.lines), 0);
  if (count === 0) return 0;
  const first = rows.rows.reduce((m, r) => (BigInt(r.first) < m ? BigInt(r.first) : m), BigInt(rows.rows[0]!.first));
  const last = rows.rows.reduce((m, r) => (BigInt(r.last) > m ? BigInt(r.last) : m), 0n);
  await postMany(tx, {
    kind: "payout",
    reference: `round:${roundId}:lines:${first}-${last}`,
    house: houseShard(HOUSE.payouts, first),
    players: rows.rows.map((r) => ({ accountId: r.account_id, amount: BigInt(r.amount) })),
  });
  return count;
}

/**
 * Refunds every active slip of a cancelled or void round, marking it 'non reactive' (returned), batch by
 * batch; a slip is refunded only while it is still active, so never twice.
 */
export async function refundRound(db: Db, roundId: number, batchSize = SETTLE_BATCH): Promise<number> {
  let refunded = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await tx.execute<Computed<{ account_id: string; amount: string; slips: string; first: string }>>(sql`
        with batch as (
          select id from slips where round_id = ${roundId} and status = 'active' order by id limit ${batchSize} for update skip locked
        ), ended as (
          update slips s set status = 'non reactive', ended_at = now() from batch where s.id = batch.id
          returning s.id, s.user_id, s.total_paid
        )
        select a.id as account_id, sum(e.total_paid) as amount, count(*) as slips, min(e.id) as first
        from ended e join accounts a on a.owner_id = e.user_id and a.kind = 'credit'
        group by a.id`);
      const n = rows.rows.reduce((s, r) => s + Number(r.slips), 0);
      if (n === 0) return 0;
      const first = rows.rows.reduce((m, r) => (BigInt(r.first) < m ? BigInt(r.first) : m), BigInt(rows.rows[0]!.first));
      await postMany(tx, {
        kind: "stake.refund",
        reference: `round:${roundId}:refund:${first}`,
        house: houseShard(HOUSE.stakes, first),
        players: rows.rows.map((r) => ({ accountId: r.account_id, amount: BigInt(r.amount) })),
      });
      return n;
    });
    refunded += count;
    if (count === 0) return refunded;
  }
}

/**
 * Undoes a round's settlement inside the caller's transaction (a logged result correction): every
 * payout is taken back with guarded debits and the lines return to unsettled. If a winner no longer
 * has the winnings, nothing changes and the correction is refused.
 */
export async function unsettleRound(tx: Tx, roundId: number): Promise<void> {
  const rows = await tx.execute<Computed<{ account_id: string; amount: string }>>(sql`
    with old as (
      select l.id, l.user_id, l.payout from slip_lines l where l.round_id = ${roundId} and l.result = 'win' for update
    ), reset as (
      update slip_lines l set result = null, payout = null, settled_at = null from old where l.id = old.id
      returning old.user_id, old.payout
    )
    select a.id as account_id, sum(r.payout) as amount
    from reset r join accounts a on a.owner_id = r.user_id and a.kind = 'credit'
    group by a.id`);
  if (rows.rows.length === 0) return;
  try {
    await postMany(tx, {
      kind: "payout.reversal",
      reference: `round:${roundId}:correction:${Date.now()}`,
      house: houseShard(HOUSE.payouts, roundId),
      players: rows.rows.map((r) => ({ accountId: r.account_id, amount: -BigInt(r.amount) })),
    });
  } catch (e) {
    if (e instanceof InsufficientFunds) throw conflict("ผู้เล่นบางคนใช้เครดิตจากรางวัลเดิมไปแล้ว แก้ผลอัตโนมัติไม่ได้ กรุณาติดต่อผู้ดูแลการเงิน");
    throw e;
  }
}

/** Rounds that still have work: a result with unsettled lines or commission, or a cancellation with active slips. */
export async function pendingRounds(db: Db): Promise<Array<{ id: number; status: string }>> {
  const r = await db.execute<Row<"rounds", "id" | "status">>(sql`
    select r.id, r.status from rounds r
    -- Recent rounds only, so each tick costs the same whatever the history; a correction of an
    -- older round settles it directly.
    where r.close_at > now() - interval '7 days'
      and ((r.status = 'add award' and r.accruals_settled_at is null)
       or (r.status = 'add award' and exists (
            select 1 from round_winning_pairs w
            join slip_lines l on l.round_id = w.round_id and l.bet_type = w.bet_type and l.number = w.number
            join slips s on s.id = l.slip_id
            where w.round_id = r.id and l.result is null and s.status = 'active'))
       or (r.status = 'cancel activity' and exists (select 1 from slips s where s.round_id = r.id and s.status = 'active')))`);
  return r.rows.map((x) => ({ id: Number(x.id), status: x.status }));
}

/** One pass of the settlement job (the ticker runs it every few seconds; safe on every instance). */
export async function settlePending(db: Db, log: (msg: string, err: unknown) => void = () => {}): Promise<number> {
  let done = 0;
  for (const round of await pendingRounds(db)) {
    // One round that fails must not hold back the others.
    try {
      done += round.status === "add award" ? await settleRound(db, round.id) : await refundRound(db, round.id);
    } catch (err) {
      log(`round ${round.id} could not be settled`, err);
    }
  }
  return done;
}
