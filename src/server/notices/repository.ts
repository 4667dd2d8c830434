import { sql } from "drizzle-orm";
import type { WinningNumbers } from "../../domain/results";
import type { Executor, Tx } from "../db/client";
import type { Computed, Row } from "../db/rows";

export type NoticeRow = Row<"player_notices", "id" | "user_id" | "kind" | "round_id" | "amount" | "created_at" | "read_at"> & {
  /** jsonb (unknown to the schema): what insertCorrectionNotices writes. */
  data: CorrectionNoticeData;
};

export interface CorrectionNoticeData {
  name: string;
  round_no: number;
  date_th: string;
  before: WinningNumbers;
  after: WinningNumbers;
  reason: string;
}

/** Inserts a correction's notices, one per player; one already written for the same source and player is kept. */
export async function insertCorrectionNotices(
  tx: Tx,
  n: { source: string; roundId: number; data: CorrectionNoticeData; changes: Array<{ userId: string; amount: bigint }> },
): Promise<void> {
  await tx.execute(sql`
    insert into player_notices (user_id, kind, source, round_id, data, amount)
    select u, 'result.correction', ${n.source}, ${n.roundId}, ${JSON.stringify(n.data)}::jsonb, a
    from unnest(${sql.param(n.changes.map((c) => c.userId))}::uuid[], ${sql.param(n.changes.map((c) => c.amount.toString()))}::bigint[]) as c(u, a)
    on conflict (user_id, source) do nothing`);
}

export async function noticesOf(db: Executor, userId: string, limit = 100): Promise<NoticeRow[]> {
  const r = await db.execute<NoticeRow>(sql`
    select id, user_id, kind, round_id, data, amount, created_at, read_at
    from player_notices where user_id = ${userId} order by id desc limit ${limit}`);
  return r.rows;
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const r = await db.execute<Computed<{ n: number }>>(
    sql`select count(*)::int as n from player_notices where user_id = ${userId} and read_at is null`,
  );
  return r.rows[0]!.n;
}

export async function noticeOwner(db: Executor, id: number): Promise<string | null> {
  const r = await db.execute<Row<"player_notices", "user_id">>(sql`select user_id from player_notices where id = ${id}`);
  return r.rows[0]?.user_id ?? null;
}

/** Marks one notice (or, with id null, all) of the player read; a notice already read keeps its time. */
export async function markRead(db: Executor, userId: string, id: number | null): Promise<void> {
  await db.execute(sql`
    update player_notices set read_at = now()
    where user_id = ${userId} and read_at is null and (${id}::bigint is null or id = ${id}::bigint)`);
}
