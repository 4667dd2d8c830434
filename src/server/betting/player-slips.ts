import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import * as repo from "./repository";

// The betting area's entry point for the back office's player view (docs/decisions/040): a player's
// latest slips with their lines, ready for betting/views.ts's slipView.

export interface SlipWithLines {
  slip: repo.SlipRow;
  lines: repo.LineRow[];
}

/** The player's `limit` latest slips, newest first, each with its lines. */
export async function latestSlipsOf(db: Executor, userId: string, limit: number): Promise<SlipWithLines[]> {
  const slips = await repo.slipsWhere(db, sql`s.user_id = ${userId}`, limit);
  const lines = await repo.linesOf(
    db,
    slips.map((s) => Number(s.id)),
  );
  return slips.map((slip) => ({ slip, lines: lines.filter((l) => String(l.slip_id) === String(slip.id)) }));
}
