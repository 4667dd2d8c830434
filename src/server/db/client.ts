import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { applyFunctions, FUNCTIONS_DIR, releaseConnection } from "./functions";
import type { Config } from "../config";
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

/**
 * The versioned migrations not yet recorded in the database, in the journal's order, in one transaction.
 * A migration counts as applied when a row with its journal time is recorded; drizzle's own migrator
 * instead applies only migrations newer than the latest recorded one, which skips a migration whose
 * journal time is earlier than a previous one's (0013's time is later than 0014's and 0015's).
 * Returns "newer" without changing anything when the database records a migration this build does not
 * know (a newer build migrated it).
 */
async function applyMigrations(client: pg.PoolClient): Promise<"applied" | "newer"> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  await client.query("create schema if not exists drizzle");
  await client.query(
    "create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
  );
  const applied = new Set(
    (await client.query<{ at: string }>("select created_at::text as at from drizzle.__drizzle_migrations")).rows.map((r) => r.at),
  );
  const known = new Set(migrations.map((m) => String(m.folderMillis)));
  if ([...applied].some((at) => !known.has(at))) return "newer";
  const pending = migrations.filter((m) => !applied.has(String(m.folderMillis)));
  if (pending.length === 0) return "applied";
  await client.query("begin");
  try {
    for (const m of pending) {
      for (const statement of m.sql) if (statement.trim()) await client.query(statement);
      await client.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [m.hash, m.folderMillis]);
    }
    await client.query("commit");
  } catch (e) {
    await client.query("rollback");
    throw e;
  }
  return "applied";
}

/** How long a pool may make a call wait, so a frozen database answers 503 instead of hanging (docs/decisions/051). */
export interface PoolBounds {
  max?: number;
  /** The longest wait for a free connection, or for a new one to be set up; unbounded when absent. */
  acquireTimeoutMs?: number;
  /** The longest one statement may go unanswered before its connection is dropped; unbounded when absent. */
  queryTimeoutMs?: number;
}

export function connect(databaseUrl: string, options: PoolBounds = {}): Db {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    // This build's SQL functions first, by name, in every connection's start-up (docs/decisions/054).
    ...releaseConnection(),
    max: options.max ?? 20,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 0,
  });
  // A client losing its connection (the database restarts, or ends a session) must not crash the
  // process: an idle one reports to the pool, a checked-out one to its own listener (its query fails
  // and the caller answers; the pool then drops the client).
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
    if (options.queryTimeoutMs) dropWhenUnanswered(client, options.queryTimeoutMs);
  });
  return drizzle(pool, { schema }) as Db;
}

/** The serving pool's bounds from the configuration. */
export function poolBounds(config: Pick<Config, "dbPoolSize" | "dbAcquireTimeoutMs" | "dbQueryTimeoutMs">): PoolBounds {
  return { max: config.dbPoolSize, acquireTimeoutMs: config.dbAcquireTimeoutMs, queryTimeoutMs: config.dbQueryTimeoutMs };
}

type AnyQuery = (...args: unknown[]) => unknown;

/**
 * A statement unanswered after `ms` drops its connection: the statement (and whatever waits behind it on
 * that connection) fails with "Connection terminated", which the error handler answers with 503, and the
 * pool never lends the connection again. PostgreSQL rolls back the open transaction when it sees the
 * connection gone. pg's own `query_timeout` is not used: it fails the statement but keeps the connection,
 * whose transaction could then be left open for the next borrower (docs/decisions/051).
 */
function dropWhenUnanswered(client: pg.PoolClient, ms: number): void {
  const query = client.query.bind(client) as AnyQuery;
  const drop = () => (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  (client as unknown as { query: AnyQuery }).query = (...args: unknown[]) => {
    const timer = setTimeout(drop, ms);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (...result: unknown[]) => {
        clearTimeout(timer);
        (callback as AnyQuery)(...result);
      };
      return query(...args);
    }
    const pending = query(...args);
    if (pending instanceof Promise)
      pending.then(
        () => clearTimeout(timer),
        () => clearTimeout(timer),
      );
    else clearTimeout(timer);
    return pending;
  };
}

/**
 * The versioned migrations (tables, types, indexes, data moves), then the SQL functions from their
 * source files (`functions.ts`), on one connection under one advisory lock: instances starting
 * together take turns. On a database a newer build migrated, only this build's own function schema is
 * made (docs/decisions/054): an older instance restarted during a rollout keeps serving, and the newer
 * build's trigger functions stay.
 */
export async function runMigrations(
  db: Db,
  functionsDir = FUNCTIONS_DIR,
): Promise<{ functions: "applied" | "own only: database is newer" }> {
  const client = await db.$client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtextextended('lotto:schema', 0))");
    try {
      const newer = (await applyMigrations(client)) === "newer";
      if (!newer) await validateConstraints(client);
      await applyFunctions(client, functionsDir, { newer });
      return { functions: newer ? "own only: database is newer" : "applied" };
    } finally {
      await client.query("select pg_advisory_unlock(hashtextextended('lotto:schema', 0))");
    }
  } finally {
    client.release();
  }
}
