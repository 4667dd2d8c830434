import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import type { Col, Computed, Row } from "../db/rows";

export type PayRecordRow = Row<
  "pay_records",
  | "id"
  | "user_id"
  | "amount"
  | "paytime"
  | "comment"
  | "bank_code"
  | "transection"
  | "status"
  | "subsidy_status"
  | "created_at"
  | "request_hash"
> &
  Row<"users", "username"> &
  Computed<{ has_slip: boolean }>;

export type WithdrawalRow = Row<
  "withdrawals",
  "id" | "user_id" | "amount" | "note" | "bank_code" | "bank_no" | "bank_account_name" | "status" | "created_at"
> &
  Row<"users", "username">;

const PAY_RECORD_COLUMNS = sql`p.id, p.user_id, u.username, p.amount, p.paytime, p.comment, p.bank_code, p.transection,
  p.status, p.subsidy_status, (p.slip is not null) as has_slip, p.created_at, p.request_hash`;
const WITHDRAWAL_COLUMNS = sql`w.id, w.user_id, u.username, w.amount, w.note, w.bank_code, w.bank_no, w.bank_account_name,
  w.status, w.created_at`;

const since = (days: number) => sql`now() - make_interval(days => ${days})`;

// ---- deposit requests ----

/** A player's deposit requests change one transaction at a time (asking, cancelling): held to the commit. */
export async function lockDepositRequestsOf(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('deposit:' || ${userId}, 0))`);
}

/** Requests past their time give their amount back to the pool (for every player). */
export async function expireDepositRequests(db: Executor): Promise<void> {
  await db.execute(sql`update deposit_requests set state = 'expired' where state = 'open' and expires_at <= now()`);
}

export type OpenDepositRequestRow = Row<
  "deposit_requests",
  "id" | "amount" | "transection" | "expires_at" | "site_bank_id" | "promptpay_id"
>;

/**
 * The player's request still waiting for the transfer: open and not past its time (the expiry sweep
 * may not have run yet, so the time is checked here too).
 */
export async function openDepositRequestOf(db: Executor, userId: string): Promise<OpenDepositRequestRow | null> {
  const result = await db.execute<OpenDepositRequestRow>(sql`
    select id, amount, transection, expires_at, site_bank_id, promptpay_id from deposit_requests
    where user_id = ${userId} and state = 'open' and expires_at > now()
    order by id desc limit 1`);
  return result.rows[0] ?? null;
}

/** The player's deposit approved in the last ten minutes, newest first (decision 045). */
export async function lastCreditedOf(
  db: Executor,
  userId: string,
): Promise<Row<"pay_records", "transection" | "amount" | "decided_at"> | null> {
  const result = await db.execute<Row<"pay_records", "transection" | "amount" | "decided_at">>(sql`
    select transection, amount, decided_at from pay_records
    where user_id = ${userId} and status = 'Approve' and decided_at > now() - interval '10 minutes'
    order by decided_at desc, id desc limit 1`);
  return result.rows[0] ?? null;
}

export async function insertDepositRequest(
  db: Executor,
  r: { userId: string; amount: bigint; transection: string; ttlMinutes: number; siteBankId: number | null; promptpayId: string | null },
): Promise<Row<"deposit_requests", "id" | "expires_at"> | null> {
  const result = await db.execute<Row<"deposit_requests", "id" | "expires_at">>(sql`
    insert into deposit_requests (user_id, amount, transection, expires_at, site_bank_id, promptpay_id)
    values (${r.userId}, ${r.amount}, ${r.transection}, now() + make_interval(mins => ${r.ttlMinutes}), ${r.siteBankId}, ${r.promptpayId})
    on conflict do nothing
    returning id, expires_at`);
  return result.rows[0] ?? null;
}

/**
 * open → cancelled, only while open and not past its time. One guarded statement: a report locks the
 * row (lockDepositRequest) and marks it used, so whichever commits first wins and the other finds the
 * state changed (decision 035).
 */
export async function cancelDepositRequest(db: Executor, transection: string, userId: string): Promise<boolean> {
  const result = await db.execute(sql`
    update deposit_requests set state = 'cancelled'
    where transection = ${transection} and user_id = ${userId} and state = 'open' and expires_at > now()
    returning id`);
  return result.rows.length === 1;
}

export async function depositRequestByTransection(db: Executor, transection: string) {
  const result = await db.execute<Row<"deposit_requests", "user_id" | "state"> & Computed<{ expired: boolean }>>(sql`
    select user_id, state, (expires_at <= now()) as expired from deposit_requests where transection = ${transection}`);
  return result.rows[0] ?? null;
}

export type DepositRequestRow = Row<"deposit_requests", "id" | "amount" | "transection" | "expires_at" | "created_at"> &
  Computed<{ state: "open" | "expired" | "cancelled" }>;

/** The player's requests never reported (reported ones are pay records): waiting, expired or cancelled. */
export async function depositRequestsOfUser(db: Executor, userId: string, days: number): Promise<DepositRequestRow[]> {
  const result = await db.execute<DepositRequestRow>(sql`
    select id, amount, transection,
      case when state = 'open' and expires_at <= now() then 'expired' else state end as state,
      expires_at, created_at
    from deposit_requests
    where user_id = ${userId} and state in ('open', 'expired', 'cancelled') and created_at >= ${since(days)}
    order by id desc`);
  return result.rows;
}

export async function siteBankById(db: Executor, id: number): Promise<SiteBankRow | null> {
  const result = await db.execute<SiteBankRow>(sql`
    select id, bank_code, bank_no, account_name, promptpay_id, active from site_bank_accounts where id = ${id}`);
  return result.rows[0] ?? null;
}

export async function lockDepositRequest(db: Executor, transection: string) {
  const result = await db.execute<Row<"deposit_requests", "id" | "user_id" | "amount" | "state"> & Computed<{ expired: boolean }>>(sql`
    select id, user_id, amount, state, (expires_at <= now()) as expired from deposit_requests where transection = ${transection} for update`);
  return result.rows[0] ?? null;
}

export async function markDepositRequestUsed(db: Executor, id: string): Promise<void> {
  await db.execute(sql`update deposit_requests set state = 'used' where id = ${id}`);
}

/** The player's transfer reports waiting for the operator. */
export async function pendingReportCount(db: Executor, userId: string): Promise<number> {
  const r = await db.execute<Computed<{ n: number }>>(
    sql`select count(*)::int as n from pay_records where user_id = ${userId} and status = 'Pending'`,
  );
  return r.rows[0]!.n;
}

/**
 * Reports left unreviewed this long give their amount back (the unique amount is free for other players
 * again); the report itself stays in the operator's queue. The ticker; idempotent.
 */
export async function releaseStaleReservations(db: Executor, hours: number): Promise<number> {
  const r = await db.execute(sql`
    update deposit_requests d set state = 'closed'
    from pay_records p
    where p.deposit_request_id = d.id and d.state = 'used' and p.status = 'Pending' and p.created_at < now() - make_interval(hours => ${hours})`);
  return r.rowCount ?? 0;
}

/**
 * Every decision on a deposit locks its request first, then the pay record (docs/decisions/045): the bank's match
 * locks the request to choose it, so a decision taking the pay record first would wait on it the other way round.
 */
export async function lockDepositRequestOfPayRecord(db: Executor, payRecordId: number): Promise<void> {
  await db.execute(sql`
    select d.id from deposit_requests d join pay_records p on p.deposit_request_id = d.id where p.id = ${payRecordId} for update of d`);
}

/** A request credited without a report (the bank's match, decision 045) is decided at once, never live again. */
export async function closeUnreportedDepositRequest(db: Executor, id: string): Promise<void> {
  await db.execute(sql`update deposit_requests set state = 'closed' where id = ${id} and state in ('open', 'expired', 'cancelled')`);
}

/** The operator decided: the amount is free for another player again. */
export async function closeDepositRequestOf(db: Executor, payRecordId: number): Promise<void> {
  await db.execute(sql`
    update deposit_requests set state = 'closed'
    where id = (select deposit_request_id from pay_records where id = ${payRecordId}) and state = 'used'`);
}

// ---- pay records (deposits) ----

export async function insertPayRecord(
  db: Executor,
  r: {
    userId: string;
    depositRequestId: string;
    amount: bigint;
    paytime: string;
    comment: string;
    bankCode: string;
    transection: string;
    slip: Buffer | null;
    slipType: string | null;
    requestHash: string;
  },
): Promise<string> {
  const result = await db.execute<Row<"pay_records", "id">>(sql`
    insert into pay_records (user_id, deposit_request_id, amount, paytime, comment, bank_code, transection, slip, slip_type, request_hash)
    values (${r.userId}, ${r.depositRequestId}, ${r.amount}, ${r.paytime}, ${r.comment}, ${r.bankCode}, ${r.transection},
            ${r.slip}, ${r.slipType}, ${r.requestHash})
    returning id`);
  return result.rows[0]!.id;
}

export async function payRecordByTransection(db: Executor, transection: string): Promise<PayRecordRow | null> {
  const result = await db.execute<PayRecordRow>(sql`
    select ${PAY_RECORD_COLUMNS} from pay_records p join users u on u.id = p.user_id where p.transection = ${transection}`);
  return result.rows[0] ?? null;
}

export async function payRecordById(db: Executor, id: number): Promise<PayRecordRow | null> {
  const result = await db.execute<PayRecordRow>(sql`
    select ${PAY_RECORD_COLUMNS} from pay_records p join users u on u.id = p.user_id where p.id = ${id}`);
  return result.rows[0] ?? null;
}

export async function payRecordsOfUser(db: Executor, userId: string, days: number): Promise<PayRecordRow[]> {
  const result = await db.execute<PayRecordRow>(sql`
    select ${PAY_RECORD_COLUMNS} from pay_records p join users u on u.id = p.user_id
    where p.user_id = ${userId} and p.created_at >= ${since(days)}
    order by p.id desc`);
  return result.rows;
}

/** A deposit report with its player's bank account as registered, for the operator's queue. */
export type QueuedPayRecordRow = PayRecordRow & {
  player_bank_code: Col<"users", "bank_code">;
  player_bank_no: Col<"users", "bank_no">;
  player_bank_account_name: Col<"users", "bank_account_name">;
};

export async function payRecordsByStatus(db: Executor, status: string, days: number): Promise<QueuedPayRecordRow[]> {
  const result = await db.execute<QueuedPayRecordRow>(sql`
    select ${PAY_RECORD_COLUMNS}, u.bank_code as player_bank_code, u.bank_no as player_bank_no,
      u.bank_account_name as player_bank_account_name
    from pay_records p join users u on u.id = p.user_id
    where p.status = ${status} and p.created_at >= ${since(days)}
    order by p.id ${status === "Pending" ? sql`asc` : sql`desc`}
    limit 500`);
  return result.rows;
}

export async function payRecordSlip(db: Executor, id: number): Promise<Row<"pay_records", "slip" | "slip_type"> | null> {
  const result = await db.execute<Row<"pay_records", "slip" | "slip_type">>(sql`
    select slip, slip_type from pay_records where id = ${id}`);
  return result.rows[0] ?? null;
}

/** Pending → decided, once: the WHERE makes a second decision (or a race) change nothing. */
export async function decidePayRecord(db: Executor, id: number, status: "Approve" | "Reject", adminId: string | null): Promise<boolean> {
  const result = await db.execute(sql`
    update pay_records set status = ${status}, decided_at = now(), decided_by = ${adminId}
    where id = ${id} and status = 'Pending'
    returning id`);
  return result.rows.length === 1;
}

// ---- withdrawals ----

/** Serialises one player's withdrawal requests for the rest of the transaction (daily limit check). */
export async function lockWithdrawalsOf(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`withdraw:${userId}`}, 0))`);
}

export async function withdrawnToday(db: Executor, userId: string): Promise<bigint> {
  const result = await db.execute<Computed<{ total: string }>>(sql`
    select coalesce(sum(amount), 0) as total from withdrawals
    where user_id = ${userId} and status in ('Pending', 'Approve')
      and created_at >= (date_trunc('day', now() at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok')`);
  return BigInt(result.rows[0]!.total);
}

export async function insertWithdrawal(
  db: Executor,
  w: { userId: string; amount: bigint; note: string; bankCode: string; bankNo: string; bankAccountName: string },
): Promise<string> {
  const result = await db.execute<Row<"withdrawals", "id">>(sql`
    insert into withdrawals (user_id, amount, note, bank_code, bank_no, bank_account_name)
    values (${w.userId}, ${w.amount}, ${w.note}, ${w.bankCode}, ${w.bankNo}, ${w.bankAccountName})
    returning id`);
  return result.rows[0]!.id;
}

export async function withdrawalById(db: Executor, id: number): Promise<WithdrawalRow | null> {
  const result = await db.execute<WithdrawalRow>(sql`
    select ${WITHDRAWAL_COLUMNS} from withdrawals w join users u on u.id = w.user_id where w.id = ${id}`);
  return result.rows[0] ?? null;
}

export async function withdrawalsOfUser(db: Executor, userId: string, days: number): Promise<WithdrawalRow[]> {
  const result = await db.execute<WithdrawalRow>(sql`
    select ${WITHDRAWAL_COLUMNS} from withdrawals w join users u on u.id = w.user_id
    where w.user_id = ${userId} and w.created_at >= ${since(days)}
    order by w.id desc`);
  return result.rows;
}

export async function withdrawalsByStatus(db: Executor, status: string, days: number): Promise<WithdrawalRow[]> {
  const result = await db.execute<WithdrawalRow>(sql`
    select ${WITHDRAWAL_COLUMNS} from withdrawals w join users u on u.id = w.user_id
    where w.status = ${status} and w.created_at >= ${since(days)}
    order by w.id ${status === "Pending" ? sql`asc` : sql`desc`}
    limit 500`);
  return result.rows;
}

export async function decideWithdrawal(db: Executor, id: number, status: "Approve" | "Reject", adminId: string): Promise<boolean> {
  const result = await db.execute(sql`
    update withdrawals set status = ${status}, decided_at = now(), decided_by = ${adminId}
    where id = ${id} and status = 'Pending'
    returning id`);
  return result.rows.length === 1;
}

// ---- receiving bank accounts ----

export type SiteBankRow = Row<"site_bank_accounts", "id" | "bank_code" | "bank_no" | "account_name" | "promptpay_id" | "active">;

export async function siteBanks(db: Executor, onlyActive: boolean): Promise<SiteBankRow[]> {
  const result = await db.execute<SiteBankRow>(sql`
    select id, bank_code, bank_no, account_name, promptpay_id, active from site_bank_accounts
    ${onlyActive ? sql`where active` : sql``} order by id`);
  return result.rows;
}

export async function saveSiteBank(
  db: Executor,
  b: { id?: number; bankCode: string; bankNo: string; accountName: string; promptpayId: string | null; active: boolean },
): Promise<SiteBankRow | null> {
  const result = b.id
    ? await db.execute<SiteBankRow>(sql`
        update site_bank_accounts set bank_code = ${b.bankCode}, bank_no = ${b.bankNo}, account_name = ${b.accountName},
          promptpay_id = ${b.promptpayId}, active = ${b.active}
        where id = ${b.id} returning id, bank_code, bank_no, account_name, promptpay_id, active`)
    : await db.execute<SiteBankRow>(sql`
        insert into site_bank_accounts (bank_code, bank_no, account_name, promptpay_id, active)
        values (${b.bankCode}, ${b.bankNo}, ${b.accountName}, ${b.promptpayId}, ${b.active})
        returning id, bank_code, bank_no, account_name, promptpay_id, active`);
  return result.rows[0] ?? null;
}

// ---- money log and ledger check ----

export type LogRow = Row<"ledger_entries", "id" | "amount" | "created_at"> &
  Row<"ledger_transactions", "kind" | "reference" | "note"> & {
    /** The column allows null, but ledger_post writes it on every entry. */
    balance_after: NonNullable<Col<"ledger_entries", "balance_after">>;
  };

export async function moneyLog(db: Executor, accountId: number, days: number): Promise<LogRow[]> {
  const result = await db.execute<LogRow>(sql`
    select e.id, t.kind, e.amount, e.balance_after, t.reference, t.note, e.created_at
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    where e.account_id = ${accountId} and e.created_at >= ${since(days)}
    order by e.id desc
    limit 1000`);
  return result.rows;
}

export async function ledgerTotals(db: Executor) {
  const totals = await db.execute<Computed<{ accounts: string; entries: string; total: string }>>(sql`
    select (select count(*) from accounts) as accounts, (select count(*) from ledger_entries) as entries,
           (select coalesce(sum(balance), 0) from accounts) as total`);
  const differences = await db.execute<
    Row<"accounts", "kind" | "balance"> & { account_id: Col<"accounts", "id"> } & Computed<{ ledger_sum: string }>
  >(sql`
    select a.id as account_id, a.kind, a.balance, coalesce(e.sum, 0) as ledger_sum
    from accounts a left join (select account_id, sum(amount) as sum from ledger_entries group by account_id) e on e.account_id = a.id
    where a.balance <> coalesce(e.sum, 0)
    limit 100`);
  const negative = await db.execute<Row<"accounts", "balance"> & { account_id: Col<"accounts", "id"> }>(sql`
    select id as account_id, balance from accounts where owner_id is not null and balance < 0 limit 100`);
  const unbalanced = await db.execute<Row<"ledger_entries", "transaction_id"> & Computed<{ sum: string }>>(sql`
    select transaction_id, sum(amount) as sum from ledger_entries group by transaction_id having sum(amount) <> 0 limit 100`);
  // Records and movements must agree: one deposit movement per approved deposit, one hold per
  // withdrawal, one payout or refund per decided withdrawal, and none for the others.
  const records = await db.execute<Computed<{ record: string; problem: string }>>(sql`
    select 'paynow:' || p.id as record, 'approved deposit has ' || count(t.id) || ' deposit movements' as problem
    from pay_records p left join ledger_transactions t on t.kind = 'deposit' and t.reference = 'paynow:' || p.id
    group by p.id, p.status having (p.status = 'Approve') <> (count(t.id) = 1) or count(t.id) > 1
    union all
    -- Automatic deposits (docs/decisions/045): a deposit approved by no operator was approved by the bank's record,
    -- and has exactly one; every record linked to a deposit names an approved one of its own amount (credited
    -- exactly once by the rule above).
    select 'paynow:' || p.id, 'approved by the system with ' || count(r.id) || ' bank records'
    from pay_records p left join bank_records r on r.pay_record_id = p.id
    where p.status = 'Approve' and p.decided_by is null
    group by p.id having count(r.id) <> 1
    union all
    select 'bank-record:' || r.id, 'linked to deposit ' || coalesce(p.status, 'missing') || ' of ' || coalesce(p.amount::text, '-') || ' for ' || r.amount
    from bank_records r left join pay_records p on p.id = r.pay_record_id
    where r.pay_record_id is not null and (p.status is distinct from 'Approve' or p.amount <> r.amount)
    union all
    select 'withdrawal:' || w.id, 'withdrawal ' || w.status || ' has holds/payouts/refunds '
      || count(t.id) filter (where t.kind = 'withdrawal.hold') || '/'
      || count(t.id) filter (where t.kind = 'withdrawal.paid') || '/'
      || count(t.id) filter (where t.kind = 'withdrawal.refund')
    from withdrawals w left join ledger_transactions t on t.reference = 'withdrawal:' || w.id
    group by w.id, w.status
    having count(t.id) filter (where t.kind = 'withdrawal.hold') <> 1
      or count(t.id) filter (where t.kind = 'withdrawal.paid') <> (case when w.status = 'Approve' then 1 else 0 end)
      or count(t.id) filter (where t.kind = 'withdrawal.refund') <> (case when w.status = 'Reject' then 1 else 0 end)
    union all
    select 'house:withdrawals_pending', 'holds ' || (select coalesce(sum(balance), 0) from accounts where owner_id is null and kind = 'house:withdrawals_pending')
      || ' but pending withdrawals total ' || (select coalesce(sum(amount), 0) from withdrawals where status = 'Pending')
    where (select coalesce(sum(balance), 0) from accounts where owner_id is null and kind = 'house:withdrawals_pending')
      <> (select coalesce(sum(amount), 0) from withdrawals where status = 'Pending')
    union all
    select 'transaction:' || t.id, 'movement with ' || count(e.id) || ' entries'
    from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id having count(e.id) < 2
    union all
    -- Every settled winning line paid exactly once: payouts on the lines equal payouts credited.
    select 'payouts', 'lines say ' || l.total || ' but players were credited ' || p.total
    from (select coalesce(sum(payout), 0) as total from slip_lines where result = 'win') l,
         (select coalesce(sum(e.amount), 0) as total from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          join accounts a on a.id = e.account_id where a.owner_id is not null and t.kind in ('payout', 'payout.reversal')) p
    where l.total <> p.total
    union all
    select 'stakes', 'slips paid ' || sl.total || ' but stakes debited ' || st.total
    from (select coalesce(sum(total_paid), 0) as total from slips) sl,
         (select coalesce(-sum(e.amount), 0) as total from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          join accounts a on a.id = e.account_id where a.owner_id is not null and t.kind = 'stake') st
    where sl.total <> st.total
    union all
    select 'refunds', 'ended slips ' || sl.total || ' but refunds credited ' || rf.total
    from (select coalesce(sum(total_paid), 0) as total from slips where status <> 'active') sl,
         (select coalesce(sum(e.amount), 0) as total from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          join accounts a on a.id = e.account_id where a.owner_id is not null and t.kind = 'stake.refund') rf
    where sl.total <> rf.total
    union all
    -- Referral commission counted once: what each referrer's affiliate account received less what was
    -- taken back equals their commission rows not reversed, plus the debt they still owe (taken back
    -- but not covered by the balance).
    select 'commission:' || coalesce(c.user_id, l.user_id, d.user_id), 'commission rows ' || coalesce(c.net, 0)
      || ' and debt ' || coalesce(d.amount, 0) || ' but the affiliate account moved ' || coalesce(l.net, 0)
    from (select referrer_id as user_id, sum(amount) filter (where reversed_at is null) as net from referral_commissions group by referrer_id) c
    full join (select a.owner_id as user_id, sum(e.amount) as net from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
               join accounts a on a.id = e.account_id where a.owner_id is not null and t.kind in ('commission', 'commission.reversal')
               group by a.owner_id) l on l.user_id = c.user_id
    full join referral_debts d on d.user_id = coalesce(c.user_id, l.user_id)
    where coalesce(l.net, 0) <> coalesce(c.net, 0) + coalesce(d.amount, 0)
    union all
    select 'affiliate-withdrawal:' || w.id, 'move of ' || w.amount || ' has ' || count(distinct t.id) || ' movements crediting ' || coalesce(sum(e.amount) filter (where e.amount > 0), 0)
    from affiliate_withdrawals w
    left join ledger_transactions t on t.kind = 'affiliate.withdrawal' and t.reference = 'affiliate-withdrawal:' || w.id
    left join ledger_entries e on e.transaction_id = t.id
    group by w.id, w.amount having count(distinct t.id) <> 1 or coalesce(sum(e.amount) filter (where e.amount > 0), 0) <> w.amount
    union all
    -- Each redemption of points paid its bonus once.
    select 'redemption:' || r.id, 'bonus of ' || r.bonus || ' has ' || count(distinct t.id) || ' movements crediting ' || coalesce(sum(e.amount) filter (where e.amount > 0), 0)
    from point_redemptions r
    left join ledger_transactions t on t.kind = 'bonus.redeem' and t.reference = 'redemption:' || r.id
    left join ledger_entries e on e.transaction_id = t.id
    group by r.id, r.bonus having count(distinct t.id) <> 1 or coalesce(sum(e.amount) filter (where e.amount > 0), 0) <> r.bonus
    union all
    -- Points counted once: what is left of each player's lots equals the log (usable and pending apart).
    select 'points:' || coalesce(l.user_id, g.user_id), 'lots hold ' || coalesce(l.usable, 0) || ' usable and ' || coalesce(l.pending, 0)
      || ' pending but the log says ' || coalesce(g.usable, 0) || ' and ' || coalesce(g.pending, 0)
    from (select user_id, sum(remaining) filter (where vested) as usable, sum(remaining) filter (where not vested) as pending
          from point_lots group by user_id) l
    full join (select user_id, sum(amount) filter (where kind in ('bet', 'vest', 'adjust', 'redeem', 'expire', 'reversal')) as usable,
                 sum(case kind when 'deposit' then amount when 'lapse' then amount when 'vest' then -amount else 0 end) as pending
               from points_log group by user_id) g on g.user_id = l.user_id
    where coalesce(l.usable, 0) <> coalesce(g.usable, 0) or coalesce(l.pending, 0) <> coalesce(g.pending, 0)
    union all
    -- Bet points stand only for rounds whose result stands.
    select 'point-lot:' || l.id, 'bet points of a round in status ' || r.status || ' still hold ' || l.remaining
    from point_lots l join rounds r on l.kind = 'bet' and l.source = 'round:' || r.id
    where r.status <> 'add award' and l.remaining > 0
    union all
    -- The game escrow holds exactly the stakes of open games (a guess takes its stake in and pays out at once).
    select 'house:game_escrow', 'holds ' || (select coalesce(sum(balance), 0) from accounts where owner_id is null and kind = 'house:game_escrow')
      || ' but open games staked ' || (select coalesce(sum(price), 0) from games where status = 'open')
    where (select coalesce(sum(balance), 0) from accounts where owner_id is null and kind = 'house:game_escrow')
      <> (select coalesce(sum(price), 0) from games where status = 'open')
    union all
    -- Each game's movements: its creator's stake, and a challenger's stake with the payout, or the refund.
    select 'game:' || g.id, 'game ' || g.status || ' has stakes/payouts/refunds ' || count(t.id) filter (where t.kind = 'game.stake') || '/'
      || count(t.id) filter (where t.kind = 'game.payout') || '/' || count(t.id) filter (where t.kind = 'game.refund')
    from games g left join ledger_transactions t on t.reference in ('game:' || g.id, 'game:' || g.id || ':guess') and t.kind like 'game.%'
    group by g.id, g.status
    having count(t.id) filter (where t.kind = 'game.stake') <> (case when g.status = 'done' then 2 else 1 end)
      or count(t.id) filter (where t.kind = 'game.payout') <> (case when g.status = 'done' then 1 else 0 end)
      or count(t.id) filter (where t.kind = 'game.refund') <> (case when g.status in ('cancelled', 'expired') then 1 else 0 end)
    limit 100`);
  return {
    totals: totals.rows[0]!,
    differences: differences.rows,
    negative: negative.rows,
    unbalanced: unbalanced.rows,
    records: records.rows,
  };
}

/**
 * Players whose username or name contains the query, or whose phone or bank number is it (digits only,
 * so "081-234-5678" finds 0812345678).
 */
export async function findUsers(db: Executor, query: string) {
  const words = `%${query.toLowerCase().replace(/[%_\\]/g, "")}%`;
  const digits = query.replace(/\D/g, "");
  // balance comes from a left join: null for a player without a credit account.
  const result = await db.execute<
    Row<"users", "id" | "username" | "phone" | "bank_account_name" | "bank_no" | "state"> & { balance: Col<"accounts", "balance"> | null }
  >(sql`
    select u.id, u.username, u.phone, u.bank_account_name, u.bank_no, u.state, a.balance from users u
    left join accounts a on a.owner_id = u.id and a.kind = 'credit'
    where u.role = 'player' and (u.username like ${words} or lower(u.bank_account_name) like ${words}
      or u.phone = ${query} or (${digits} <> '' and (u.phone = ${digits} or u.bank_no = ${digits})))
    order by u.username limit 20`);
  return result.rows;
}
