import { Cron } from "croner";
import type { Db } from "../db/client";
import { expireGames } from "../games/service";
import { closeDue, planAll } from "../lottery/planning";
import { expireDue, recomputeLevels, vestDue } from "../points/accrual";
import { settlePending } from "../settlement/settle";
import { lapseRaises } from "../rg/service";
import { forgetOldRateLimits } from "../http/rate-limit-store";
import { releaseStaleReports } from "../wallet/stale-reports";
import { finishDueYeekeeRounds } from "../yeekee/service";
import { isDatabaseUnavailable } from "../db/errors";
import type { LedgerCheckOutcome } from "../metrics/registry";
import { bankWaitingStep } from "./bank-watch";
import { type AlertLog, ledgerCheckStep } from "./ledger-watch";

// The jobs every instance runs (its own folder: it drives the lottery, yeekee and settlement areas,
// which therefore do not import each other for it).

export interface Ticker {
  /** No step starts after this. */
  stop(): void;
  /** Resolves once no step is running (after stop(): the steps it let finish). */
  settled(): Promise<void>;
}

export interface TickerOptions {
  /** Minutes between ledger checks on this instance (LEDGER_CHECK_MINUTES; 0: none). */
  ledgerCheckMinutes: number;
  /** Where a failed ledger check is logged as an alert. */
  alertLog: AlertLog;
  onLedgerCheck?: (o: LedgerCheckOutcome) => void;
}

/**
 * The in-process ticker: closes due rounds and computes due yeekee results every second, settles or refunds rounds with pending work
 * every two seconds, plans ahead every minute, and every minute vests, lapses and expires privilege points
 * (and once a Bangkok day recomputes member levels), refunds games left unanswered, lapses unconfirmed limit
 * raises and frees the amounts of transfer reports left unreviewed for a day. Every step is
 * an idempotent SQL transition, so several instances on one database can run it at once. With options, it
 * also checks the ledger every few minutes (read only), reporting to the metrics and alerting in the log, and
 * every half minute logs an alert line for each bank record that has waited over 15 minutes for a match.
 */
export function startTicker(db: Db, log: (msg: string, err?: unknown) => void, options?: TickerOptions): Ticker {
  let stopped = false;
  let running = 0;
  const whenIdle: Array<() => void> = [];
  const guard = (name: string, step: () => Promise<unknown>) => async () => {
    running += 1;
    try {
      await step();
    } catch (err) {
      // A step whose database went away with the server's stop (its whole process group signalled) rolled
      // back and runs again after the next start: no failure to report (docs/decisions/071).
      if (!(stopped && isDatabaseUnavailable(err))) log(`ticker ${name} failed`, err);
    } finally {
      running -= 1;
      if (running === 0) for (const resolve of whenIdle.splice(0)) resolve();
    }
  };
  const close = new Cron(
    "* * * * * *",
    { protect: true, timezone: "Asia/Bangkok" },
    guard("close", () => closeDue(db)),
  );
  const yeekee = new Cron(
    "* * * * * *",
    { protect: true, timezone: "Asia/Bangkok" },
    guard("yeekee", () => finishDueYeekeeRounds(db, log)),
  );
  const plan = new Cron(
    "0 * * * * *",
    { protect: true, timezone: "Asia/Bangkok" },
    guard("plan", () => planAll(db)),
  );
  const settle = new Cron(
    "*/2 * * * * *",
    { protect: true, timezone: "Asia/Bangkok" },
    guard("settle", () => settlePending(db, log)),
  );
  const points = new Cron(
    "30 * * * * *",
    { protect: true, timezone: "Asia/Bangkok" },
    guard("points", async () => {
      await vestDue(db);
      await expireDue(db);
      await recomputeLevels(db);
      await expireGames(db);
      await lapseRaises(db);
      await releaseStaleReports(db);
      await forgetOldRateLimits(db.$client);
    }),
  );
  void guard("plan", () => planAll(db))();
  const minutes = options?.ledgerCheckMinutes ?? 0;
  const checkLedger =
    options && minutes > 0 ? guard("ledger-check", () => ledgerCheckStep(db, options.alertLog, options.onLedgerCheck)) : null;
  const ledger = checkLedger ? new Cron("* * * * * *", { protect: true, interval: minutes * 60 }, checkLedger) : null;
  // A bank record waiting for a match over 15 minutes: one alert line each (docs/decisions/045).
  const bankWatch = options
    ? new Cron(
        "15,45 * * * * *",
        { protect: true, timezone: "Asia/Bangkok" },
        guard("bank-watch", () => bankWaitingStep(db, options.alertLog)),
      )
    : null;
  return {
    stop() {
      stopped = true;
      ledger?.stop();
      bankWatch?.stop();
      close.stop();
      plan.stop();
      settle.stop();
      yeekee.stop();
      points.stop();
    },
    settled: () => (running === 0 ? Promise.resolve() : new Promise((resolve) => whenIdle.push(resolve))),
  };
}
