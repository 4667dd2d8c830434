import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import type { Computed, Row } from "../../db/rows";

// SQL of the bank area's operations side: statement upload, today's figures, the waiting alert
// (docs/decisions/045-automatic-deposits.md).

const TODAY = sql`(date_trunc('day', now() at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok')`;

export async function siteBankExists(db: Executor, id: number): Promise<boolean> {
  const r = await db.execute<Row<"site_bank_accounts", "id">>(sql`select id from site_bank_accounts where id = ${id}`);
  return r.rows.length > 0;
}

export async function siteConfigValue(db: Executor, key: string): Promise<unknown> {
  const r = await db.execute<Row<"site_config", "value">>(sql`select value from site_config where key = ${key}`);
  return r.rows[0]?.value ?? null;
}

/** Saving the statement formats (one site_config value for every account) one operator at a time. */
export async function lockStatementFormats(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('bank:statement-formats', 0))`);
}

/** Which of these dedupe keys are already stored for the account. */
export async function storedKeys(db: Executor, siteBankId: number, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const r = await db.execute<Row<"bank_records", "dedupe_key">>(
    sql`select dedupe_key from bank_records where site_bank_id = ${siteBankId} and dedupe_key = any(${sql.param(keys)}::text[])`,
  );
  return new Set(r.rows.map((row) => row.dedupe_key));
}

export type BankStatsRow = Computed<{
  received: number;
  matched_auto: number;
  matched_operator: number;
  waiting: number;
  returned: number;
  credit_p50: number | null;
  credit_p95: number | null;
  waiting_over_15: number;
}>;

/**
 * Today's figures (Bangkok day) in one read. Waiting counts the whole queue, whatever the day. A record received
 * more than a week before today and matched or returned today is not counted: the window keeps the read to the
 * queue and the last days' rows, not the table's whole history (the index on state, received_at).
 */
export async function readBankStats(db: Executor): Promise<BankStatsRow> {
  const r = await db.execute<BankStatsRow>(sql`
    select count(*) filter (where received_at >= d.start)::int as received,
           count(*) filter (where matched_by = 'system' and matched_at >= d.start)::int as matched_auto,
           count(*) filter (where matched_by = 'operator' and matched_at >= d.start)::int as matched_operator,
           count(*) filter (where state = 'waiting')::int as waiting,
           count(*) filter (where state = 'returned' and returned_at >= d.start)::int as returned,
           (percentile_cont(0.5) within group (order by extract(epoch from matched_at - transferred_at))
              filter (where matched_by = 'system' and matched_at >= d.start))::float8 as credit_p50,
           (percentile_cont(0.95) within group (order by extract(epoch from matched_at - transferred_at))
              filter (where matched_by = 'system' and matched_at >= d.start))::float8 as credit_p95,
           count(*) filter (where state = 'waiting' and received_at < now() - interval '15 minutes')::int as waiting_over_15
    from (select ${TODAY} as start) d
    join bank_records b on b.state = 'waiting' or b.received_at >= d.start - interval '7 days'`);
  return r.rows[0]!;
}

/** The rest of this transaction's statements are stopped by the database after `ms`. */
export async function limitStatementTime(tx: Executor, ms: number): Promise<void> {
  await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(ms))}`));
}

export type LongWaitingRow = Row<
  "bank_records",
  "id" | "site_bank_id" | "amount" | "transferred_at" | "received_at" | "reason" | "bank_ref"
>;

/**
 * Claims the waiting records older than 15 minutes not alerted yet: each gets one audit row
 * (`bank.waiting-alert`, the system's), which is also the mark that it was alerted, so the alert is logged
 * once per record across ticks, restarts and instances (one instance at a time claims, under a lock).
 */
export async function claimLongWaiting(tx: Executor): Promise<LongWaitingRow[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('bank:waiting-alert', 0))`);
  const r = await tx.execute<LongWaitingRow>(sql`
    with due as (
      select b.id, b.site_bank_id, b.amount, b.transferred_at, b.received_at, b.reason, b.bank_ref
      from bank_records b
      where b.state = 'waiting' and b.received_at < now() - interval '15 minutes'
        and not exists (select 1 from audit_log a where a.action = 'bank.waiting-alert' and a.target = 'bank-record:' || b.id)
      order by b.id
      limit 100
    ), marked as (
      insert into audit_log (actor_id, action, target, after)
      select null, 'bank.waiting-alert', 'bank-record:' || id, jsonb_build_object('reason', reason, 'received_at', received_at)
      from due
    )
    select * from due order by id`);
  return r.rows;
}
