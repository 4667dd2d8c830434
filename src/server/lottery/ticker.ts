import { Cron } from "croner";
import { plannedRounds, type Schedule } from "../../domain/schedule";
import type { Db, Executor } from "../db/client";
import { settlePending } from "../settlement/settle";
import { finishDueYeekeeRounds } from "../yeekee/service";
import * as repo from "./repository";

/** Rounds exist at least this far ahead of their opening (issue: the next 24 hours at least). */
const PLAN_AHEAD_MS = 24 * 60 * 60 * 1000;

function planHorizonMs(schedule: Schedule): number {
  const openBefore = schedule.type === "interval" ? schedule.everyMinutes : schedule.openBeforeMinutes;
  return PLAN_AHEAD_MS + openBefore * 60_000;
}

/** Inserts the rounds of one lottery that open within the next 24 hours (idempotent). */
export async function planLottery(db: Executor, lottery: repo.LotteryRow, now: Date): Promise<number> {
  if (!lottery.active) return 0;
  const schedule = lottery.schedule as unknown as Schedule;
  const planned = plannedRounds(schedule, now, new Date(now.getTime() + planHorizonMs(schedule))).filter(
    (p) => p.openAt.getTime() <= now.getTime() + PLAN_AHEAD_MS,
  );
  return repo.insertRounds(db, lottery.id, planned);
}

export async function planAll(db: Db, now = new Date()): Promise<number> {
  let created = 0;
  for (const l of await repo.lotteriesAll(db, true)) created += await planLottery(db, l, now);
  return created;
}

export async function closeDue(db: Db): Promise<number> {
  return (await repo.closeDueRounds(db)).length;
}

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
