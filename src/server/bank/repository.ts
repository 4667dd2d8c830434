import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import type { Col, Row } from "../db/rows";

// The bank's records of incoming transfers (docs/decisions/045-automatic-deposits.md).

export type SiteBankRow = Row<"site_bank_accounts", "id" | "bank_code" | "bank_no" | "promptpay_id">;

/** The receiving accounts with these numbers (digits only, so a number saved with dashes is found). */
export async function siteBanksByNumber(db: Executor, numbers: string[]): Promise<SiteBankRow[]> {
  if (numbers.length === 0) return [];
  const result = await db.execute<SiteBankRow>(sql`
    select id, bank_code, bank_no, promptpay_id from site_bank_accounts
    where regexp_replace(bank_no, '[^0-9]', '', 'g') = any(${sql.param(numbers)}::text[])
    order by id`);
  return result.rows;
}

export async function siteBankOf(db: Executor, id: number): Promise<SiteBankRow | null> {
  const result = await db.execute<SiteBankRow>(sql`select id, bank_code, bank_no, promptpay_id from site_bank_accounts where id = ${id}`);
  return result.rows[0] ?? null;
}

export interface NewRecord {
  siteBankId: number;
  channel: "feed" | "statement";
  bankRef: string | null;
  dedupeKey: string;
  amount: bigint;
  transferredAt: Date;
  fromBank: string | null;
  fromAccount: string | null;
  fromName: string | null;
}

/** The record, stored once: null when its receiving account already holds its dedupe key. */
export async function insertRecord(db: Executor, r: NewRecord): Promise<number | null> {
  const result = await db.execute<Row<"bank_records", "id">>(sql`
    insert into bank_records (site_bank_id, channel, bank_ref, dedupe_key, amount, transferred_at, from_bank, from_account, from_name)
    values (${r.siteBankId}, ${r.channel}, ${r.bankRef}, ${r.dedupeKey}, ${r.amount}, ${r.transferredAt.toISOString()},
            ${r.fromBank}, ${r.fromAccount}, ${r.fromName})
    on conflict (site_bank_id, dedupe_key) do nothing
    returning id`);
  const id = result.rows[0]?.id;
  return id === undefined ? null : Number(id);
}

export type StoredRow = Row<"bank_records", "id" | "state">;

export async function recordByKey(db: Executor, siteBankId: number, dedupeKey: string): Promise<StoredRow | null> {
  const result = await db.execute<StoredRow>(sql`
    select id, state from bank_records where site_bank_id = ${siteBankId} and dedupe_key = ${dedupeKey}`);
  return result.rows[0] ?? null;
}

export type RecordRow = Row<
  "bank_records",
  | "id"
  | "site_bank_id"
  | "channel"
  | "bank_ref"
  | "amount"
  | "transferred_at"
  | "from_bank"
  | "from_account"
  | "from_name"
  | "received_at"
  | "state"
  | "reason"
  | "pay_record_id"
  | "matched_by"
  | "matched_at"
  | "note"
  | "returned_at"
> & {
  account: Col<"site_bank_accounts", "bank_no">;
  promptpay_id: Col<"site_bank_accounts", "promptpay_id">;
  /** The matched deposit's request and player (left joins: null while not matched). */
  transection: Col<"pay_records", "transection"> | null;
  user_id: Col<"pay_records", "user_id"> | null;
  username: Col<"users", "username"> | null;
  decided_by_name: Col<"users", "username"> | null;
};

const RECORD_COLUMNS = sql`r.id, r.site_bank_id, r.channel, r.bank_ref, r.amount, r.transferred_at, r.from_bank, r.from_account, r.from_name,
  r.received_at, r.state, r.reason, r.pay_record_id, r.matched_by, r.matched_at, r.note, r.returned_at,
  b.bank_no as account, b.promptpay_id, p.transection, p.user_id, u.username, o.username as decided_by_name`;
const RECORD_FROM = sql`bank_records r join site_bank_accounts b on b.id = r.site_bank_id
  left join pay_records p on p.id = r.pay_record_id left join users u on u.id = p.user_id left join users o on o.id = r.decided_by`;

export async function recordById(db: Executor, id: number, lock = false): Promise<RecordRow | null> {
  // The record's own row is what the lock is for: a match or a return decides it once.
  const result = await db.execute<RecordRow>(sql`
    select ${RECORD_COLUMNS} from ${RECORD_FROM} where r.id = ${id} ${lock ? sql`for update of r` : sql``}`);
  return result.rows[0] ?? null;
}

/** The operator's queue: newest first, by the record's key. */
export async function records(db: Executor, state: "waiting" | "matched" | "returned" | "all", days: number): Promise<RecordRow[]> {
  const result = await db.execute<RecordRow>(sql`
    select ${RECORD_COLUMNS} from ${RECORD_FROM}
    where r.received_at >= now() - make_interval(days => ${days}) ${state === "all" ? sql`` : sql`and r.state = ${state}`}
    order by r.id desc
    limit 500`);
  return result.rows;
}

export type CandidateRow = Row<
  "deposit_requests",
  "id" | "transection" | "user_id" | "amount" | "state" | "site_bank_id" | "promptpay_id" | "created_at" | "expires_at"
> &
  Row<"users", "username" | "bank_no">;

/** How far from the transfer's time a request can be and still be shown or matched (its life is far shorter). */
const CANDIDATE_DAYS = 2;

/**
 * The requests with exactly these amounts made within two days of the transfer, in any state, oldest first.
 * `lock`: for update, in id order, so the match sees every request's state as it stays until its commit and two
 * matchers of the same amount queue rather than cross.
 */
export async function candidates(db: Executor, amounts: bigint[], around: Date, lock: boolean): Promise<CandidateRow[]> {
  if (amounts.length === 0) return [];
  const result = await db.execute<CandidateRow>(sql`
    select d.id, d.transection, d.user_id, d.amount, d.state, d.site_bank_id, d.promptpay_id, d.created_at, d.expires_at, u.username, u.bank_no
    from deposit_requests d join users u on u.id = d.user_id
    where d.amount = any(${sql.param(amounts.map(String))}::bigint[])
      and d.created_at between ${around.toISOString()}::timestamptz - make_interval(days => ${CANDIDATE_DAYS})
                           and ${around.toISOString()}::timestamptz + make_interval(days => ${CANDIDATE_DAYS})
    order by d.id
    ${lock ? sql`for update of d` : sql``}`);
  return result.rows;
}

/** The queue's candidates of many records at once: each record's amount, within two days of its time. */
export async function candidatesOfRecords(
  db: Executor,
  recordIds: number[],
): Promise<(CandidateRow & { record_id: Col<"bank_records", "id"> })[]> {
  if (recordIds.length === 0) return [];
  const result = await db.execute<CandidateRow & { record_id: Col<"bank_records", "id"> }>(sql`
    select r.id as record_id, d.id, d.transection, d.user_id, d.amount, d.state, d.site_bank_id, d.promptpay_id, d.created_at, d.expires_at,
      u.username, u.bank_no
    from bank_records r
    join deposit_requests d on d.amount = r.amount
      and d.created_at between r.transferred_at - make_interval(days => ${CANDIDATE_DAYS}) and r.transferred_at + make_interval(days => ${CANDIDATE_DAYS})
    join users u on u.id = d.user_id
    where r.id = any(${sql.param(recordIds)}::bigint[])
    order by r.id, d.id`);
  return result.rows;
}

export async function setWaiting(db: Executor, id: number, reason: string): Promise<void> {
  await db.execute(sql`update bank_records set reason = ${reason} where id = ${id} and state = 'waiting'`);
}

/** waiting → matched, once: the WHERE makes a second match of the same record change nothing. */
export async function markMatched(
  db: Executor,
  id: number,
  m: { payRecordId: number; by: "system" | "operator"; decidedBy: string | null; note: string | null },
): Promise<boolean> {
  const result = await db.execute(sql`
    update bank_records set state = 'matched', reason = null, pay_record_id = ${m.payRecordId}, matched_by = ${m.by}, matched_at = now(),
      decided_by = ${m.decidedBy}, note = ${m.note}
    where id = ${id} and state = 'waiting'
    returning id`);
  return result.rows.length === 1;
}

export async function markReturned(db: Executor, id: number, decidedBy: string, note: string): Promise<boolean> {
  const result = await db.execute(sql`
    update bank_records set state = 'returned', reason = null, returned_at = now(), decided_by = ${decidedBy}, note = ${note}
    where id = ${id} and state = 'waiting'
    returning id`);
  return result.rows.length === 1;
}
