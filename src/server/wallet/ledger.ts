import { sql, type SQL } from "drizzle-orm";
import type { MovementKind } from "../../domain/movements";
import type { Executor, Tx } from "../db/client";
import { ApiError } from "../http/errors";
import { refusalOf } from "../http/refusals";
import type { Computed, Row } from "../db/rows";

// Money moves only through the database function ledger_post() (src/server/db/functions/ledger_post.sql,
// docs/decisions/013): the lock order, the guarded debits, the house shards and the closed list of
// movement kinds live there, once. This module is its TypeScript door; the SQL paths (place_slip) call
// it directly.

export const HOUSE = {
  deposits: "house:deposits",
  withdrawalsPending: "house:withdrawals_pending",
  withdrawalsPaid: "house:withdrawals_paid",
  adjustments: "house:adjustments",
  stakes: "house:stakes",
  payouts: "house:payouts",
  commission: "house:commission",
  bonus: "house:bonus",
  gameEscrow: "house:game_escrow",
  gameFees: "house:game_fees",
} as const;
export type HouseKind = (typeof HOUSE)[keyof typeof HOUSE];

export type PlayerAccountKind = "credit" | "affiliate";

/** A player's account by id, or a house account of a kind in the shard `spreadBy` chooses (house_account()). */
export type AccountRef = { player: number } | { house: HouseKind; spreadBy: number | bigint };

/** The house account of a kind for a movement, spread by e.g. the player's account id so no house row is hot. */
export function houseShard(kind: HouseKind, spreadBy: number | bigint): AccountRef {
  return { house: kind, spreadBy };
}

export class InsufficientFunds extends ApiError {
  constructor() {
    super(400, "ยอดเงินคงเหลือไม่เพียงพอ", "Error", "insufficient_funds");
  }
}

export interface Posting {
  account: AccountRef;
  /** Satang; positive credits the account, negative debits it. */
  amount: bigint;
}

export interface Movement {
  kind: MovementKind;
  reference?: string;
  actorId?: string | null;
  note?: string | null;
  /** The HTTP request that makes the movement (AuthUser.requestId), for its log line. */
  requestId?: string;
  postings: Posting[];
}

/** Where movements are logged (the app's logger, set by buildApp); nowhere until then. */
interface MoneyLog {
  info(details: object, message: string): void;
  level: string;
}
const WRITES_INFO = new Set(["info", "debug", "trace"]);
let moneyLog: MoneyLog | null = null;

export function setMoneyLog(log: MoneyLog): void {
  moneyLog = log;
}

/**
 * Logs movements with their ledger transaction ids at info level; `describe` runs only when the line
 * would be written (the bet path calls this once per batch of slips).
 */
export function logMovements(describe: () => object, message: string): void {
  if (moneyLog && WRITES_INFO.has(moneyLog.level)) moneyLog.info(describe(), message);
}

/** The accounts as one bigint[] expression, in the order given: house refs resolved by house_account(). */
function accountIds(refs: AccountRef[]): SQL {
  const kinds = refs.map((r) => ("house" in r ? r.house : null));
  const spreads = refs.map((r) => ("house" in r ? String(r.spreadBy) : null));
  const players = refs.map((r) => ("player" in r ? String(r.player) : null));
  return sql`array(select coalesce(u.p, house_account(u.k, u.s))
    from unnest(${sql.param(kinds)}::text[], ${sql.param(spreads)}::bigint[], ${sql.param(players)}::bigint[]) with ordinality as u(k, s, p, o)
    order by u.o)`;
}

/**
 * Locks the accounts of several movements to come in one transaction, in the ledger's one order
 * (ledger_lock()): each movement alone keeps the order, but two of them in a row (house, player A,
 * house, player B) would not.
 */
export async function lockAccounts(tx: Tx, refs: AccountRef[]): Promise<void> {
  await tx.execute(sql`select ledger_lock(${accountIds(refs)})`);
}

/**
 * One balanced movement through ledger_post() inside the caller's transaction (a transaction, never the
 * pool: the caller's rows and the money commit together). Throws InsufficientFunds when a player lacks
 * the amount, which rolls the caller's transaction back.
 */
export async function post(tx: Tx, movement: Movement): Promise<{ transactionId: number; balances: Map<number, bigint> }> {
  const postings = movement.postings.filter((p) => p.amount !== 0n);
  try {
    const r = await tx.execute<Computed<{ transaction_id: string; accounts: string[]; balances: string[] }>>(sql`
      select a.ids as accounts, p.transaction_id, p.balances
      from (select ${accountIds(postings.map((p) => p.account))} as ids) a
      cross join lateral ledger_post(${movement.kind}, ${movement.reference ?? null}, ${movement.actorId ?? null}, ${movement.note ?? null},
        a.ids, ${sql.param(postings.map((p) => p.amount.toString()))}::bigint[]) p`);
    const row = r.rows[0]!;
    // Logged once written, inside the caller's transaction: the id is in the ledger if that transaction commits.
    logMovements(
      () => ({
        reqId: movement.requestId,
        ledgerTx: Number(row.transaction_id),
        kind: movement.kind,
        reference: movement.reference,
        actorId: movement.actorId ?? undefined,
      }),
      "ledger movement written",
    );
    return {
      transactionId: Number(row.transaction_id),
      balances: new Map(row.accounts.map((id, i) => [Number(id), BigInt(row.balances[i]!)])),
    };
  } catch (e) {
    if (refusalOf(e)?.kind === "insufficient_funds") throw new InsufficientFunds();
    throw e;
  }
}

/** A two-legged movement: `amount` satang from one account to another. */
export function transfer(
  tx: Tx,
  m: {
    kind: MovementKind;
    from: AccountRef;
    to: AccountRef;
    amount: bigint;
    reference?: string;
    actorId?: string | null;
    note?: string | null;
    requestId?: string;
  },
) {
  if (m.amount <= 0n) throw new Error("transfer amount must be positive");
  return post(tx, {
    kind: m.kind,
    reference: m.reference,
    actorId: m.actorId,
    note: m.note,
    requestId: m.requestId,
    postings: [
      { account: m.from, amount: -m.amount },
      { account: m.to, amount: m.amount },
    ],
  });
}

/**
 * One movement between one house account and many players, e.g. a settlement batch's payouts: the
 * players' amounts (credits to them when positive, debits when negative) are balanced by the house.
 */
export function postMany(
  tx: Tx,
  m: { kind: MovementKind; reference: string; house: AccountRef; players: Array<{ accountId: number | string; amount: bigint }> },
) {
  const total = m.players.reduce((s, p) => s + p.amount, 0n);
  return post(tx, {
    kind: m.kind,
    reference: m.reference,
    postings: [
      { account: m.house, amount: -total },
      ...m.players.map((p) => ({ account: { player: Number(p.accountId) }, amount: p.amount })),
    ],
  });
}

export async function playerAccountId(db: Executor, userId: string, kind: PlayerAccountKind = "credit"): Promise<number> {
  const result = await db.execute<Row<"accounts", "id">>(sql`select id from accounts where owner_id = ${userId} and kind = ${kind}`);
  const id = result.rows[0]?.id;
  if (!id) throw new ApiError(404, "ไม่พบบัญชีเครดิตของผู้เล่น");
  return Number(id);
}

export async function playerBalance(db: Executor, userId: string, kind: PlayerAccountKind = "credit"): Promise<bigint> {
  const result = await db.execute<Row<"accounts", "balance">>(
    sql`select balance from accounts where owner_id = ${userId} and kind = ${kind}`,
  );
  return BigInt(result.rows[0]?.balance ?? 0);
}
