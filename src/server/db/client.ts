import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { applyFunctions } from "./functions";
import * as schema from "./schema";

// bigint columns arrive as strings by default; money is integer satang and must stay exact,
// so it is parsed to BigInt where read (see the repositories), never to a float here.

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the pool-backed database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Constraints a migration added NOT VALID (so that it did not read a large table under its lock) are
 * checked here, each in its own statement after the migrations committed: VALIDATE takes a lock that
 * lets reads and writes go on.
 */
async function validateConstraints(client: pg.PoolClient): Promise<void> {
  const pending = await client.query<{ tbl: string; name: string }>(
    "select conrelid::regclass::text as tbl, conname as name from pg_constraint where not convalidated and connamespace = 'public'::regnamespace",
  );
  for (const c of pending.rows) await client.query(`alter table ${c.tbl} validate constraint ${client.escapeIdentifier(c.name)}`);
}

/** Whether the database holds a migration this build does not know (its journal ends earlier). */
async function databaseIsNewer(client: pg.PoolClient): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: Array<{ when: number }> };
  const known = Math.max(...journal.entries.map((e) => e.when));
  const table = await client.query<{ t: string | null }>("select to_regclass('drizzle.__drizzle_migrations')::text as t");
  if (!table.rows[0]?.t) return false;
  const applied = await client.query<{ last: string | null }>("select max(created_at)::text as last from drizzle.__drizzle_migrations");
  const last = applied.rows[0]?.last;
  return last !== null && last !== undefined && Number(last) > known;
}

export function connect(databaseUrl: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max ?? 20 });
  // An idle client losing its connection (e.g. the database restarts) must not crash the process.
  pool.on("error", () => {});
  return drizzle(pool, { schema }) as Db;
}

/**
 * The versioned migrations (tables, types, indexes, data moves), then the SQL functions from their
 * source files (`functions.ts`), on one connection under one advisory lock: instances starting
 * together take turns.
 */
export async function runMigrations(db: Db): Promise<{ functions: "applied" | "skipped: database is newer" }> {
  const client = await db.$client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtextextended('lotto:schema', 0))");
    try {
      // A database a newer build has already migrated keeps that build's functions: an older instance
      // (restarted during a rollout) must not put its own versions back.
      if (await databaseIsNewer(client)) return { functions: "skipped: database is newer" };
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      await validateConstraints(client);
      await applyFunctions(client);
      return { functions: "applied" };
    } finally {
      await client.query("select pg_advisory_unlock(hashtextextended('lotto:schema', 0))");
    }
  } finally {
    client.release();
  }
}
