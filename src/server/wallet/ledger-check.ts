import type { Executor } from "../db/client";
import { satangToBaht } from "../../domain/money";
import { ledgerTotals } from "./repository";

/**
 * The invariants of DESIGN.md §5: all balances sum to zero, every balance equals the sum of its
 * entries, no player balance is negative, every transaction's entries sum to zero; and the money
 * records agree with the movements (each approved deposit credited once, each withdrawal held once
 * and paid or refunded once when decided, the pending-withdrawal house total equal to what is pending, each deposit
 * approved by the bank with exactly one bank record and each linked record with one approved deposit: decision 045).
 */
export async function checkLedger(db: Executor) {
  const { totals, differences, negative, unbalanced, records } = await ledgerTotals(db);
  const totalBalance = BigInt(totals.total);
  const ok = totalBalance === 0n && differences.length === 0 && negative.length === 0 && unbalanced.length === 0 && records.length === 0;
  return {
    ok,
    accounts: Number(totals.accounts),
    entries: Number(totals.entries),
    totalBalance: satangToBaht(totalBalance),
    differences: differences.map((d) => ({
      accountId: Number(d.account_id),
      kind: d.kind,
      balance: satangToBaht(BigInt(d.balance)),
      ledgerSum: satangToBaht(BigInt(d.ledger_sum)),
    })),
    negativePlayers: negative.map((n) => ({ accountId: Number(n.account_id), balance: satangToBaht(BigInt(n.balance)) })),
    unbalancedTransactions: unbalanced.map((u) => ({ transactionId: Number(u.transaction_id), sum: satangToBaht(BigInt(u.sum)) })),
    recordMismatches: records.map((r) => ({ record: r.record, problem: r.problem })),
  };
}
