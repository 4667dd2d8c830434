import { sql } from "drizzle-orm";
import type { Executor, Tx } from "../db/client";
import { ApiError } from "../http/errors";

export const HOUSE = {
  deposits: "house:deposits",
  withdrawalsPending: "house:withdrawals_pending",
  withdrawalsPaid: "house:withdrawals_paid",
  adjustments: "house:adjustments",
  stakes: "house:stakes",
  payouts: "house:payouts",
  commission: "house:commission",
  bonus: "house:bonus",
} as const;
export type HouseKind = (typeof HOUSE)[keyof typeof HOUSE];
export const HOUSE_SHARDS = 64;

export type PlayerAccountKind = "credit" | "affiliate";

export type AccountRef = { player: number } | { house: HouseKind; shard: number };

/** The house shard for a movement, spread by the player's account id so no house row is hot. */
export function houseShard(kind: HouseKind, spreadBy: number): AccountRef {
  return { house: kind, shard: Math.abs(spreadBy) % HOUSE_SHARDS };
}

export class InsufficientFunds extends ApiError {
  constructor() {
    super(400, "ยอดเงินคงเหลือไม่เพียงพอ", "Error");
  }
}

export interface Posting {
  account: AccountRef;
  /** Satang; positive credits the account, negative debits it. */
  amount: bigint;
}

export interface Movement {
  kind: string;
  reference?: string;
  actorId?: string | null;
  note?: string | null;
  postings: Posting[];
}

/**
 * House rows first (by kind and shard), then player rows (by id): every movement locks rows in this
 * one global order, so concurrent movements cannot deadlock.
 */
function lockKey(a: AccountRef): string {
  return "house" in a ? `0${a.house}#${String(a.shard).padStart(3, "0")}` : `1${String(a.player).padStart(20, "0")}`;
}

function lockOrder(a: Posting, b: Posting): number {
  const ka = lockKey(a.account);
  const kb = lockKey(b.account);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * Locks the accounts of several movements to come in one transaction, in the global order above: each
 * movement alone keeps the order, but two of them in a row (house, player A, house, player B) would not.
 */
export async function lockAccounts(tx: Tx, refs: AccountRef[]): Promise<void> {
  const unique = [...new Map(refs.map((r) => [lockKey(r), r])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, r] of unique) {
    if ("house" in r) await tx.execute(sql`select 1 from accounts where owner_id is null and kind = ${r.house} and shard = ${r.shard} for update`);
    else await tx.execute(sql`select 1 from accounts where id = ${r.player} for update`);
  }
}

/**
 * The only writer of balances. Applies a balanced set of postings inside the caller's transaction:
 * every player debit is one guarded statement (read-then-write overdraws under concurrency) and the
 * entries are appended in one insert. Throws InsufficientFunds, which rolls the caller's transaction back.
 */
export async function post(
  // A transaction, never the pool: the guarded updates and the entries must commit together.
  tx: Tx,
  movement: Movement,
): Promise<{ transactionId: number; balances: Map<number, bigint> }> {
  const postings = movement.postings.filter((p) => p.amount !== 0n).sort(lockOrder);
  const sum = postings.reduce((s, p) => s + p.amount, 0n);
  if (sum !== 0n || postings.length < 2) throw new Error(`unbalanced movement ${movement.kind}: sum ${sum}`);

  const balances = new Map<number, bigint>();
  const ids: string[] = [];
  const afters: string[] = [];
  for (const p of postings) {
    const result =
      "house" in p.account
        ? // House accounts may go negative: they are the house's side of the books.
          await tx.execute<{ id: string; balance: string }>(sql`
            update accounts set balance = balance + ${p.amount}
            where owner_id is null and kind = ${p.account.house} and shard = ${p.account.shard}
            returning id, balance`)
        : await tx.execute<{ id: string; balance: string }>(sql`
            update accounts set balance = balance + ${p.amount}
            where id = ${p.account.player} and owner_id is not null and balance + ${p.amount} >= 0
            returning id, balance`);
    const row = result.rows[0];
    if (!row) {
      if ("house" in p.account) throw new Error(`house account ${p.account.house}#${p.account.shard} is missing`);
      const exists = await tx.execute(sql`select 1 from accounts where id = ${p.account.player} and owner_id is not null`);
      if (exists.rows.length === 0) throw new Error(`player account ${p.account.player} does not exist`);
      throw new InsufficientFunds();
    }
    balances.set(Number(row.id), BigInt(row.balance));
    ids.push(row.id);
    afters.push(row.balance);
  }

  // The movement and its entries in one statement (one round trip on the bet path).
  const amounts = postings.map((p) => p.amount.toString());
  const inserted = await tx.execute<{ id: string }>(sql`
    with t as (
      insert into ledger_transactions (kind, reference, actor_id, note)
      values (${movement.kind}, ${movement.reference ?? null}, ${movement.actorId ?? null}, ${movement.note ?? null})
      returning id
    ), e as (
      insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select t.id, a, m, b
      from t, unnest(${sql.param(ids)}::bigint[], ${sql.param(amounts)}::bigint[], ${sql.param(afters)}::bigint[]) as u(a, m, b)
    )
    select id from t`);
  const transactionId = Number(inserted.rows[0]!.id);
  return { transactionId, balances };
}

/** A two-legged movement: `amount` satang from one account to another. */
export function transfer(
  tx: Tx,
  m: { kind: string; from: AccountRef; to: AccountRef; amount: bigint; reference?: string; actorId?: string | null; note?: string | null },
) {
  if (m.amount <= 0n) throw new Error("transfer amount must be positive");
  return post(tx, {
    kind: m.kind,
    reference: m.reference,
    actorId: m.actorId,
    note: m.note,
    postings: [
      { account: m.from, amount: -m.amount },
      { account: m.to, amount: m.amount },
    ],
  });
}

export async function playerAccountId(db: Executor, userId: string, kind: PlayerAccountKind = "credit"): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`select id from accounts where owner_id = ${userId} and kind = ${kind}`);
  const id = result.rows[0]?.id;
  if (!id) throw new ApiError(404, "ไม่พบบัญชีเครดิตของผู้เล่น");
  return Number(id);
}

export async function playerBalance(db: Executor, userId: string, kind: PlayerAccountKind = "credit"): Promise<bigint> {
  const result = await db.execute<{ balance: string }>(sql`select balance from accounts where owner_id = ${userId} and kind = ${kind}`);
  return BigInt(result.rows[0]?.balance ?? 0);
}
