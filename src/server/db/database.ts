import pg from "pg";
import type { Config } from "../config";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./embedded";

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
    onLog: (line) => {
      if (/ERROR|FATAL|PANIC/.test(line)) log(line.trim());
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
