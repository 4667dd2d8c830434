import { plannedRounds, type Schedule } from "../../domain/schedule";
import type { Db, Executor } from "../db/client";
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
