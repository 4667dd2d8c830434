import { hash } from "@node-rs/argon2";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ARGON2 } from "../src/server/auth/service";
import { connect, type Db, runMigrations } from "../src/server/db/client";
import { ensureDatabaseExists } from "../src/server/db/database";
import { startEmbeddedPostgres } from "../src/server/db/embedded";
import { seed } from "../src/server/seed";
import { SERVER_NODE_FLAGS } from "../src/server/node-flags";

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A throwaway PostgreSQL (default durability) with the schema and seed; cleanup runs in reverse. */
export async function benchDatabase() {
  const dir = mkdtempSync(join(tmpdir(), "lotto-bench-"));
  const embedded = await startEmbeddedPostgres({
    dir,
    port: await freePort(),
    persistent: false,
    settings: {
      max_connections: "300",
      // BENCH_STATEMENTS=1: per-statement figures from pg_stat_statements (see statementReport).
      ...(process.env.BENCH_STATEMENTS ? { shared_preload_libraries: "pg_stat_statements", "pg_stat_statements.track": "all" } : {}),
    },
  });
  const cleanup: Array<() => Promise<void> | void> = [() => embedded.stop(), () => rmSync(dir, { recursive: true, force: true })];
  await ensureDatabaseExists(embedded.url, "lotto");
  const url = embedded.url.replace(/\/postgres$/, "/lotto");
  const db = connect(url);
  cleanup.unshift(() => db.$client.end());
  await runMigrations(db);
  if (process.env.BENCH_STATEMENTS) await db.$client.query("create extension if not exists pg_stat_statements");
  await seed(db, { username: "admin", password: "bench-admin-password" });
  return { adminUrl: embedded.url, url, db, cleanup };
}

/** `count` players straight into the database (set-up, not measured), each credited through the ledger. */
export async function benchPlayers(db: Db, count: number, satangEach = 10_000_000): Promise<void> {
  const passwordHash = await hash("bench-password", ARGON2);
  const made = await db.$client.query<{ id: string }>(
    `with u as (
       insert into users (username, password_hash, phone, bank_account_name, bank_no, bank_code)
       select 'bench' || g, $1, '08' || lpad(g::text, 8, '0'), 'ทดสอบ', lpad(g::text, 10, '0'), 'kbank' from generate_series(1, ${count}) g
       returning id)
     insert into accounts (owner_id, kind) select id, 'credit' from u returning id`,
    [passwordHash],
  );
  if (satangEach === 0 || count === 0) return;
  // One movement through the ledger's primitive: the house adjustments account pays every new player.
  const ids = made.rows.map((r) => r.id);
  await db.$client.query(
    `select ledger_post('adjust.credit', 'bench', null, null, house_account('house:adjustments', 0) || $1::bigint[],
       array[-$2::bigint * cardinality($1::bigint[])] || array_fill($2::bigint, array[cardinality($1::bigint[])]))`,
    [ids, satangEach],
  );
}

/** The server in its own process, as `npm start` runs it; resolves when it answers. */
export async function benchServer(
  url: string,
  extraEnv: Record<string, string> = {},
): Promise<{ base: string; process: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      // BENCH_SERVER_FLAGS: Node or V8 flags for the server NODE_OPTIONS does not take, e.g. `--log-deopt --logfile=/tmp/v8.log`.
      ...(process.env.BENCH_SERVER_FLAGS ? process.env.BENCH_SERVER_FLAGS.split(" ") : []),
      ...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROFILE] : []),
      "--import",
      "tsx",
      "src/server/main.ts",
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: "127.0.0.1",
        JWT_SECRET: "bench-secret-bench-secret-bench-secret-0",
        LOG_LEVEL: "warn",
        SERVER_TIMING: "1",
        RATE_LIMIT_AUTH_PER_MINUTE: "100000",
        RATE_LIMIT_SHOTS_PER_MINUTE: "1000000",
        // Every watcher of the benchmark comes from 127.0.0.1.
        WS_MAX_PER_ADDRESS: "100000",
        WORKERS: process.env.BENCH_WORKERS ?? "1",
        DB_POOL_SIZE: process.env.BENCH_POOL ?? "20",
        ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
        ...extraEnv,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/read-openSite-config`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  };
  return { base, process: server, stop };
}

export async function benchLogins(base: string, count: number): Promise<Array<{ token: string; uuid: string }>> {
  const tokens: Array<{ token: string; uuid: string }> = [];
  for (let i = 1; i <= count; i++) {
    const r = await fetch(`${base}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: `bench${i}`, password: "bench-password" }),
    });
    const j = (await r.json()) as { jwt: string; uuid: string };
    tokens.push({ token: j.jwt, uuid: j.uuid });
  }
  return tokens;
}

/** With BENCH_STATEMENTS=1, the statements that took the most database time since the last reset. */
export async function statementReport(db: Db, top = 12): Promise<void> {
  if (!process.env.BENCH_STATEMENTS) return;
  const r = await db.$client.query(
    `select calls, round(total_exec_time::numeric, 0) as total_ms, round(mean_exec_time::numeric, 3) as mean_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
     from pg_stat_statements order by total_exec_time desc limit ${top}`,
  );
  console.table(r.rows);
  await db.$client.query("select pg_stat_statements_reset()");
}

/** CPU seconds used so far by each process on the machine (Linux /proc), with its parent, and those of its ended children. */
function processTimes(): Map<number, { ppid: number; seconds: number; reaped: number }> {
  const tick = 100; // USER_HZ on Linux
  const out = new Map<number, { ppid: number; seconds: number; reaped: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "latin1");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(entry), {
        ppid: Number(fields[1]),
        seconds: (Number(fields[11]) + Number(fields[12])) / tick,
        reaped: (Number(fields[13]) + Number(fields[14])) / tick,
      });
    } catch {
      // The process ended while being read.
    }
  }
  return out;
}

/** Resident memory of a process and all its descendants (a server with its workers), in bytes, from `/proc`. */
export function treeRssBytes(root: number): number {
  const times = processTimes();
  const inTree = (pid: number) => {
    for (let p = pid, hops = 0; p > 0 && hops < 30; p = times.get(p)?.ppid ?? 0, hops++) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const pid of times.keys()) {
    if (!inTree(pid)) continue;
    try {
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
      total += rss ? Number(rss[1]) * 1024 : 0;
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

/** The pid of the PostgreSQL server process (postmaster) behind a connection. */
export async function postmasterPid(db: Db): Promise<number> {
  const backend = Number((await db.$client.query("select pg_backend_pid() as pid")).rows[0].pid);
  return Number(readFileSync(`/proc/${backend}/stat`, "latin1").split(") ")[1]!.split(" ")[1]);
}

/**
 * Measures the CPU each part of a benchmark uses between `start()` and `stop()`, in cores (1 = one core
 * busy): a part is a process with its descendants (each process counted for the nearest part it
 * descends from, since the generator starts the others), plus the time of its children that ended
 * meanwhile (PostgreSQL's pool connections come and go). The machine's conditions, printed with the figures.
 */
export function cpuMeter(parts: Record<string, number>) {
  const roots = new Map(Object.entries(parts).map(([k, pid]) => [pid, k]));
  const take = () => {
    const times = processTimes();
    const partOf = (pid: number) => {
      for (let p = pid, hops = 0; p > 0 && hops < 30; p = times.get(p)?.ppid ?? 0, hops++) if (roots.has(p)) return roots.get(p);
      return undefined;
    };
    const sums: Record<string, number> = {};
    for (const [pid, t] of times) {
      const part = partOf(pid);
      if (part) sums[part] = (sums[part] ?? 0) + t.seconds + (roots.has(pid) ? t.reaped : 0);
    }
    return { at: performance.now(), sums };
  };
  let first: ReturnType<typeof take> | null = null;
  return {
    start: () => {
      first = take();
    },
    stop: (): Record<string, number> => {
      const end = take();
      const begin = first ?? end;
      const seconds = (end.at - begin.at) / 1000;
      return Object.fromEntries(Object.keys(parts).map((k) => [k, +(((end.sums[k] ?? 0) - (begin.sums[k] ?? 0)) / seconds).toFixed(2)]));
    },
  };
}
