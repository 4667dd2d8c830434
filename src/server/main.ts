import cluster, { type Worker } from "node:cluster";
import type { Server } from "node:net";
import { sql } from "drizzle-orm";
import { buildApp } from "./app";
import { type Config, loadConfig } from "./config";
import { connect, poolBounds, runMigrations } from "./db/client";
import { openDatabase } from "./db/database";
import { holdRelease } from "./db/functions";
import { startTicker } from "./jobs/ticker";
import { cancelRoundTwins } from "./lottery/twins";
import { prepareServingRole } from "./db/serving-role";
import { smsStartWarning } from "./auth/sms";
import { answerClusterMetrics, clusterMetrics, processMetrics } from "./metrics/server";
import { seed } from "./seed";
import { routeConnections, takeHandedConnections } from "./http/connection-router";

/**
 * Starts everything: config, database, migrations, seed, HTTP. With WORKERS > 1 the primary process
 * prepares the database and forks that many HTTP workers sharing the port (each one a full instance,
 * as several machines would be). With LIVE_WORKERS > 0 the primary also forks that many workers for the
 * live sockets only and hands each connection to a worker by its first request (docs/decisions/073).
 * Any failure exits non-zero.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, process.env.WORKER_DATABASE_URL!);
  const smsWarning = smsStartWarning(config.sms, process.env.NODE_ENV);
  if (smsWarning) console.warn(smsWarning);
  const database = await openDatabase(config, (line) => console.error(`[postgres] ${line}`));
  say(database.embedded ? `PostgreSQL started (embedded, its data in ${config.dataDir})` : "PostgreSQL reached at DATABASE_URL");
  // This release's SQL functions are held before the migrations make them, for as long as the process runs:
  // no other release's start drops them meanwhile (docs/decisions/054).
  const release = await holdRelease(database.url, (line) => console.error(`[database] ${line}`));
  const db = connect(database.url, { max: config.dbPoolSize });
  const migrated = await runMigrations(db);
  say("Database tables are up to date (migrations ran)");
  if (migrated.functions !== "applied") {
    console.warn(
      `[start] the database was migrated by a newer build; only this build's own SQL functions were made (${migrated.functions})`,
    );
  }
  const admin = await seed(db, { username: config.adminUsername, password: config.adminPassword });
  if (admin.generatedPassword) {
    console.log(
      [
        "",
        "==================================================================",
        " First admin account created (shown once, store it safely now):",
        `   username: ${admin.username}`,
        `   password: ${admin.generatedPassword}`,
        "==================================================================",
        "",
      ].join("\n"),
    );
  } else {
    say(admin.created ? `First admin account "${admin.username}" created with the ADMIN_PASSWORD you set` : "The admin account exists");
  }
  // Twins of a draw left from before migration 0029 are cancelled and refunded before any ticker runs
  // (docs/decisions/033): refunds go through the ledger's posting primitive, which a migration cannot call.
  const twins = await cancelRoundTwins(db);
  if (twins.cancelled.length > 0 || twins.settled.length > 0) {
    say(
      `Twin rounds of one draw: ${twins.cancelled.length} cancelled (${twins.refunded} slips refunded), ${twins.settled.length} with a result left for an operator (audit_log round.twin.*)`,
    );
  }
  const receivingBanks = await db.execute(sql`select count(*)::int as n from site_bank_accounts`);
  noReceivingBank = Number((receivingBanks.rows[0] as { n: number }).n) === 0;
  // Migrations and seed ran as the owner; everything after that runs as the serving role.
  await db.$client.end();
  const serving = await prepareServingRole(database.url, config.jwtSecret);
  if (config.workers <= 1 && config.liveWorkers === 0)
    return serve(config, serving.url, {
      stopDatabase: async () => {
        await release.stop();
        await database.embedded?.stop();
      },
      handOverSignals: () => database.embedded?.handOverSignals(),
    });

  const env = { WORKER_DATABASE_URL: serving.url, JWT_SECRET: config.jwtSecret };
  // The metrics port is the primary's: it sums what every worker counts.
  const metrics = config.metricsPort ? clusterMetrics() : null;
  if (metrics) await metrics.listen({ port: config.metricsPort!, host: config.metricsHost });
  // A worker's channel can close before the primary writes to it (both get SIGTERM at shutdown): that
  // is logged, not an unhandled error that would stop the primary before the database.
  cluster.on("fork", (worker) => worker.on("error", (err) => console.error(`worker ${worker.process.pid}: ${err.message}`)));
  // With live workers the primary holds the port and hands each connection over (docs/decisions/073);
  // without, the workers share it through the cluster module.
  const routed = config.liveWorkers > 0;
  const roles = new Map<number, WorkerRole>();
  // The workers of each part that have said they take connections and are still connected, in that order.
  const ready: Record<WorkerRole, Worker[]> = { app: [], live: [] };
  const readyWaiters: Array<() => void> = [];
  const unready = (worker: Worker, role: WorkerRole) => (ready[role] = ready[role].filter((w) => w !== worker));
  const fork = (role: WorkerRole) => {
    const worker = cluster.fork({ ...env, WORKER_ROLE: role, WORKER_ROUTED: routed ? "1" : "" });
    roles.set(worker.id, role);
    worker.on("message", (m: unknown) => {
      if ((m as { type?: unknown } | null)?.type !== "ready") return;
      ready[role].push(worker);
      for (const wake of readyWaiters.splice(0)) wake();
    });
    worker.on("disconnect", () => unready(worker, role));
  };
  let router: Server | null = null;
  let stopping = false;
  // Before any worker starts: one that fails to start is replaced, and a stop meanwhile is in order.
  cluster.on("exit", (worker, code) => {
    const role = roles.get(worker.id) ?? "app";
    roles.delete(worker.id);
    unready(worker, role);
    if (stopping) return;
    console.error(`worker ${worker.process.pid} exited (${code}); starting another`);
    fork(role);
  });
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    router?.close();
    await metrics?.close().catch(() => {});
    // The database stops once every worker has closed its connections (or after WORKERS_STOP_MS), not
    // under them (docs/decisions/071).
    const workers = Object.values(cluster.workers ?? {}).flatMap((w) => (w && !w.isDead() ? [w] : []));
    const exited = Promise.all(workers.map((w) => new Promise((r) => w.once("exit", r))));
    for (const w of workers) w.kill("SIGTERM");
    await atMost(exited, WORKERS_STOP_MS);
    // One still running then is stopped outright: the database is about to go.
    for (const w of workers) if (!w.isDead()) w.process.kill("SIGKILL");
    await release.stop();
    await database.embedded?.stop().catch(() => {});
    process.exit(0);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => void stop());
  database.embedded?.handOverSignals();

  for (let i = 0; i < config.workers; i++) fork("app");
  for (let i = 0; i < config.liveWorkers; i++) fork("live");
  if (routed) {
    // The port opens once each part has a worker to take its connections.
    while (ready.app.length === 0 || ready.live.length === 0) await new Promise<void>((r) => readyWaiters.push(r));
    const turn: Record<WorkerRole, number> = { app: 0, live: 0 };
    router = await routeConnections({
      port: config.port,
      host: config.host,
      backlog: 4096,
      headTimeoutMs: FIRST_REQUEST_MS,
      pick: (kind) => {
        const list = ready[kind].filter((w) => w.isConnected());
        return list.length === 0 ? null : list[turn[kind]++ % list.length]!;
      },
      onError: (message) => console.error(`[start] the listening socket: ${message}`),
    });
  }
  sayWhereItRuns(`http://${config.host}:${config.port}`);
}

/** What stops the server in order: its connections closed, then the embedded database (docs/decisions/071). */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
/** How long the primary waits for its workers to close before it stops them outright and the embedded database. */
const WORKERS_STOP_MS = 10_000;
/** A worker's part: every kind of call, or only the live sockets (docs/decisions/073). */
type WorkerRole = "app" | "live";
/** How long a routed worker's stop waits for the requests under way on its connections. */
const HANDED_DRAIN_MS = 5_000;
/** How long the primary waits for a connection's first request line before it closes it. */
const FIRST_REQUEST_MS = 10_000;
/** How long a stop waits for a ticker step under way (a settlement of a large round takes about a second). */
const TICKER_SETTLE_MS = 5_000;

/** Waits for `work`, but no longer than `ms`. */
const atMost = (work: Promise<unknown>, ms: number) => Promise.race([work, new Promise((r) => setTimeout(r, ms))]);

async function serve(
  config: Config,
  databaseUrl: string,
  own?: { stopDatabase: () => Promise<void> | undefined; handOverSignals: () => void },
) {
  const db = connect(databaseUrl, poolBounds(config));
  const app = await buildApp({ config, db, databaseUrl, liveWorker: process.env.WORKER_ROLE === "live" });
  const ticker = startTicker(db, (msg, err) => app.log.error({ err }, msg), {
    ledgerCheckMinutes: config.ledgerCheckMinutes,
    alertLog: app.log,
    onLedgerCheck: app.metrics.ledgerChecked,
  });
  if (cluster.isWorker) answerClusterMetrics(app.metrics.registry);
  const metrics = config.metricsPort && !cluster.isWorker ? processMetrics(app.metrics.registry) : null;
  let handed: { drained: () => Promise<void> } | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    ticker.stop();
    await metrics?.close().catch(() => {});
    await app.close().catch(() => {});
    // A routed worker's server does not count the connections handed to it: their requests under way end
    // first (at most HANDED_DRAIN_MS; docs/decisions/073).
    if (handed) await atMost(handed.drained(), HANDED_DRAIN_MS);
    // A ticker step under way finishes before the pool ends under it (at most TICKER_SETTLE_MS).
    await atMost(ticker.settled(), TICKER_SETTLE_MS);
    await db.$client.end().catch(() => {});
    await own?.stopDatabase()?.catch(() => {});
    process.exit(0);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => void stop(signal));
  own?.handOverSignals();
  if (process.env.WORKER_ROUTED === "1") {
    // The primary holds the port and hands this worker its connections (docs/decisions/073).
    await app.ready();
    handed = takeHandedConnections(app.server);
    app.log.info({ role: process.env.WORKER_ROLE }, "taking connections from the primary");
    process.send?.({ type: "ready" });
  } else {
    // Players connect together at a round's close: a long accept queue (the kernel caps it at
    // net.core.somaxconn) keeps their connections from being dropped and retried a second later.
    const address = await app.listen({ port: config.port, host: config.host, backlog: 4096 });
    if (!cluster.isWorker) sayWhereItRuns(address);
  }
  if (metrics) {
    await metrics.listen({ port: config.metricsPort!, host: config.metricsHost });
    app.log.info({ port: config.metricsPort, host: config.metricsHost }, "metrics served at /metrics");
  }
}

/** Plain words for whoever ran `npm start`, beside the JSON log lines. */
function say(line: string): void {
  console.log(`[start] ${line}`);
}

let noReceivingBank = false;

function sayWhereItRuns(address: string): void {
  const base = address.replace("://0.0.0.0", "://localhost").replace("://[::]", "://localhost");
  say(`The site is running at ${base}/ — the back office is at ${base}/admin (sign in as the admin)`);
  if (noReceivingBank) say("Deposits stay closed until a receiving bank account is added: back office → บัญชีรับเงิน");
}

main().catch((error: unknown) => {
  // The real cause, always: a rejection without an Error still says it failed and where.
  console.error(error instanceof Error ? error.message : `start-up failed: ${JSON.stringify(error) ?? String(error)}`);
  process.exit(1);
});
