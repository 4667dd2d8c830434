import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
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
export async function runMigrations(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtextextended('lotto:schema', 0))");
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      await applyFunctions(client);
    } finally {
      await client.query("select pg_advisory_unlock(hashtextextended('lotto:schema', 0))");
    }
  } finally {
    client.release();
  }
}
