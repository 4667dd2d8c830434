import type { BankStats } from "../../../contract/bank";
import type { Db, Executor } from "../../db/client";
import { claimLongWaiting, limitStatementTime, type LongWaitingRow, readBankStats } from "./repository";

// Today's figures of automatic deposits and the waiting alert: the entry point of the bank area for the
// metrics and the ticker (docs/decisions/040, 045).

/** A record waiting this long for a match raises the alert line. */
export const WAITING_ALERT_MINUTES = 15;

/** Today's figures (Bangkok day); the waiting counts are the whole queue. */
export async function bankStats(db: Executor): Promise<BankStats> {
  const r = await readBankStats(db);
  const seconds = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    received: r.received,
    matchedAuto: r.matched_auto,
    matchedByOperator: r.matched_operator,
    waiting: r.waiting,
    returned: r.returned,
    creditSecondsP50: seconds(r.credit_p50),
    creditSecondsP95: seconds(r.credit_p95),
    waitingOver15Minutes: r.waiting_over_15,
  };
}

/** The records that have just passed WAITING_ALERT_MINUTES in the queue, each answered once ever. */
export const newlyLongWaiting = (db: Db): Promise<LongWaitingRow[]> => db.transaction((tx) => claimLongWaiting(tx));

/** The same figures for a metrics scrape: read only, the statement stopped by the database after `timeoutMs`. */
export const bankStatsWithin = (db: Db, timeoutMs: number): Promise<BankStats> =>
  db.transaction(
    async (tx) => {
      await limitStatementTime(tx, timeoutMs);
      return bankStats(tx);
    },
    { accessMode: "read only" },
  );
