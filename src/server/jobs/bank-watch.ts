import { formatThaiDateTime } from "../../domain/thai-date";
import { satangToBaht } from "../../domain/money";
import { newlyLongWaiting, WAITING_ALERT_MINUTES } from "../bank/operations/stats";
import type { Db } from "../db/client";
import type { AlertLog } from "./ledger-watch";

/**
 * The ticker's watch over the bank records' queue: a record waiting for a match longer than
 * WAITING_ALERT_MINUTES is logged as an alert line (`alert: "bank-waiting"`), once per record, not on every
 * tick (the claim leaves an audit row, docs/decisions/045-automatic-deposits.md). Answers how many.
 */
export async function bankWaitingStep(db: Db, log: AlertLog): Promise<number> {
  const due = await newlyLongWaiting(db);
  for (const r of due) {
    log.error(
      {
        alert: "bank-waiting",
        bankRecordId: Number(r.id),
        siteBankId: Number(r.site_bank_id),
        amount: satangToBaht(BigInt(r.amount)),
        bankRef: r.bank_ref,
        reason: r.reason,
        transferredAt: new Date(r.transferred_at).toISOString(),
        receivedAt: new Date(r.received_at).toISOString(),
      },
      `ALERT: a bank transfer of ${satangToBaht(BigInt(r.amount))} baht (${formatThaiDateTime(new Date(r.transferred_at))}) has waited over ${WAITING_ALERT_MINUTES} minutes for a match (${r.reason ?? "no reason"}); see the back office's queue`,
    );
  }
  return due.length;
}
