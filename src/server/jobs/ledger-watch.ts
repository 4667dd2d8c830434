import type { Db } from "../db/client";
import type { LedgerCheckOutcome } from "../metrics/registry";
import { checkLedger } from "../wallet/ledger-check";

export interface AlertLog {
  error(details: object, message: string): void;
}

/**
 * The ticker's ledger check (the same check as `/api/admin/ledger-check`): every invariant of the books
 * read in one snapshot (repeatable read, read only), so bets committing meanwhile cannot make two of its
 * statements disagree. The outcome goes to the metrics; a failure is logged as an alert line
 * (`alert: "ledger-check"`) with what was found.
 */
export async function ledgerCheckStep(db: Db, log: AlertLog, report?: (o: LedgerCheckOutcome) => void) {
  const started = performance.now();
  const result = await db.transaction((tx) => checkLedger(tx), { isolationLevel: "repeatable read", accessMode: "read only" });
  const found = {
    totalBalance: result.totalBalance,
    differences: result.differences.length,
    negativePlayers: result.negativePlayers.length,
    unbalancedTransactions: result.unbalancedTransactions.length,
    recordMismatches: result.recordMismatches.length,
  };
  const problems =
    found.differences + found.negativePlayers + found.unbalancedTransactions + found.recordMismatches + (result.totalBalance === 0 ? 0 : 1);
  report?.({ ok: result.ok, problems, seconds: (performance.now() - started) / 1000, at: new Date() });
  if (!result.ok) {
    log.error(
      {
        alert: "ledger-check",
        ...found,
        // The first few of each, to start from; /api/admin/ledger-check lists up to 100.
        sample: {
          differences: result.differences.slice(0, 5),
          negativePlayers: result.negativePlayers.slice(0, 5),
          unbalancedTransactions: result.unbalancedTransactions.slice(0, 5),
          recordMismatches: result.recordMismatches.slice(0, 5),
        },
      },
      `ALERT: the ledger check failed (${problems} problems): the books do not balance; see /api/admin/ledger-check`,
    );
  }
  return result;
}
