import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import type { Computed, Row } from "../db/rows";

/** The database's clock: the one every instance shares; rounds close by it. */
export async function databaseNow(db: Executor): Promise<Date> {
  const r = await db.execute<Computed<{ now: string }>>(sql`select now() as now`);
  return new Date(r.rows[0]!.now);
}

/** Locks one site_config row for the caller's transaction, so two operators' edits of it apply one after the other. */
export async function lockSiteConfigRow(tx: Executor, key: "site" | "content" | "banks"): Promise<void> {
  await tx.execute(sql`select 1 from site_config where key = ${key} for update`);
}

export async function siteImage(db: Executor, id: number): Promise<Row<"site_images", "content_type" | "bytes"> | undefined> {
  const r = await db.execute<Row<"site_images", "content_type" | "bytes">>(
    sql`select content_type, bytes from site_images where id = ${id}`,
  );
  return r.rows[0];
}

export async function insertSiteImage(tx: Executor, image: { bytes: Buffer; type: string }, uploadedBy: string): Promise<number> {
  const r = await tx.execute<Row<"site_images", "id">>(
    sql`insert into site_images (content_type, bytes, uploaded_by) values (${image.type}, ${image.bytes}, ${uploadedBy}) returning id`,
  );
  return Number(r.rows[0]!.id);
}
