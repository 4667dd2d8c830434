import { Cron } from "croner";
import type { Db } from "../db/client";
import { closeDue, planAll } from "../lottery/planning";
import { settlePending } from "../settlement/settle";
import { finishDueYeekeeRounds } from "../yeekee/service";

// The jobs every instance runs (its own folder: it drives the lottery, yeekee and settlement areas,
// which therefore do not import each other for it).

export interface Ticker {
  stop(): void;
}

/**
 * The in-process ticker: closes due rounds and computes due yeekee results every second, settles or refunds rounds with pending work
 * every two seconds, and plans ahead every minute. Every step is
 * an idempotent SQL transition, so several instances on one database can run it at once.
 */
export function startTicker(db: Db, log: (msg: string, err?: unknown) => void): Ticker {
  const guard = (name: string, step: () => Promise<unknown>) => async () => {
    try {
      await step();
    } catch (err) {
      log(`ticker ${name} failed`, err);
    }
  };
  const close = new Cron("* * * * * *", { protect: true, timezone: "Asia/Bangkok" }, guard("close", () => closeDue(db)));
  const yeekee = new Cron("* * * * * *", { protect: true, timezone: "Asia/Bangkok" }, guard("yeekee", () => finishDueYeekeeRounds(db, log)));
  const plan = new Cron("0 * * * * *", { protect: true, timezone: "Asia/Bangkok" }, guard("plan", () => planAll(db)));
  const settle = new Cron("*/2 * * * * *", { protect: true, timezone: "Asia/Bangkok" }, guard("settle", () => settlePending(db, log)));
  void guard("plan", () => planAll(db))();
  return {
    stop() {
      close.stop();
      plan.stop();
      settle.stop();
      yeekee.stop();
    },
  };
}
