import type pg from "pg";
import { collectDefaultMetrics, Counter, Gauge, type Metric, Registry } from "prom-client";
import type { BankStats } from "../../contract/bank";
import type { LiveFeed } from "../http/live-sockets";
import { hotCounts } from "./counters";
import { routeLatency } from "./route-latency";

/** The ledger check's outcome as the ticker reports it (jobs/ledger-watch.ts). */
export interface LedgerCheckOutcome {
  ok: boolean;
  problems: number;
  seconds: number;
  at: Date;
}

export interface OperatorMetrics {
  registry: Registry;
  /** One answered HTTP request; `routeConfig` is Fastify's `routeOptions.config` (one object per route). */
  observeRequest(routeConfig: object, method: string, route: string | undefined, status: number, seconds: number): void;
  ledgerChecked(outcome: LedgerCheckOutcome): void;
  /** Where the open WebSockets of the live feeds are counted (set once the feeds exist). */
  countLiveWatchers(read: () => Record<LiveFeed, number>): void;
}

/** A database read for a scrape never waits longer than this (the pool may be saturated, a table locked). */
const DB_READ_TIMEOUT_MS = 2_000;

type Stage = "result" | "payout" | "refund";

interface Waiting {
  rounds: Record<Stage, { count: number; oldestSeconds: number }>;
  approvals: Record<"deposit" | "withdrawal", { count: number; oldestSeconds: number }>;
}

// Rounds whose result time has passed and whose money is not all moved: waiting for a result (yeekee:
// the ticker; other lotteries: the operator or the feed), for payouts and accruals, or for refunds.
// Deposits and withdrawals waiting for an operator. Keyed lookups on (status, …) indexes.
const WAITING_SQL = `
  select stage, count(*)::int as count, coalesce(extract(epoch from clock_timestamp() - min(result_at)), 0)::float8 as oldest
  from (
    select case r.status when 'add award' then 'payout' when 'cancel activity' then 'refund' else 'result' end as stage, r.result_at
    from rounds r
    where (r.status in ('open', 'closed') and r.result_at <= clock_timestamp())
       or (r.status = 'add award' and r.accruals_settled_at is null)
       or (r.status = 'cancel activity' and exists (select 1 from slips s where s.round_id = r.id and s.status = 'active'))
  ) w group by stage;
  select 'deposit' as kind, count(*)::int as count,
         coalesce(extract(epoch from clock_timestamp() - (select created_at from pay_records where status = 'Pending' order by id limit 1)), 0)::float8 as oldest
  from pay_records where status = 'Pending'
  union all
  select 'withdrawal', count(*)::int,
         coalesce(extract(epoch from clock_timestamp() - (select created_at from withdrawals where status = 'Pending' order by id limit 1)), 0)::float8
  from withdrawals where status = 'Pending'`;

/** One read of what waits, within `timeoutMs` (statement and pool wait); a client left in doubt is dropped. */
function readWaiting(pool: pg.Pool, timeoutMs: number): Promise<Waiting> {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new Error(`metrics: the database did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    pool.connect().then(
      async (client) => {
        if (late) return client.release();
        try {
          const results = (await client.query(
            `begin read only; set local statement_timeout = ${timeoutMs}; ${WAITING_SQL}; commit`,
          )) as unknown as pg.QueryResult[];
          client.release();
          const [rounds, approvals] = results.filter((r) => r.command === "SELECT");
          const waiting: Waiting = {
            rounds: {
              result: { count: 0, oldestSeconds: 0 },
              payout: { count: 0, oldestSeconds: 0 },
              refund: { count: 0, oldestSeconds: 0 },
            },
            approvals: { deposit: { count: 0, oldestSeconds: 0 }, withdrawal: { count: 0, oldestSeconds: 0 } },
          };
          for (const r of rounds!.rows as Array<{ stage: Stage; count: number; oldest: number }>)
            waiting.rounds[r.stage] = { count: r.count, oldestSeconds: r.oldest };
          for (const r of approvals!.rows as Array<{ kind: "deposit" | "withdrawal"; count: number; oldest: number }>) {
            waiting.approvals[r.kind] = { count: r.count, oldestSeconds: r.oldest };
          }
          clearTimeout(timer);
          resolve(waiting);
        } catch (e) {
          // The transaction may be left open and aborted: the connection is closed, not reused.
          client.release(e instanceof Error ? e : true);
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * The operator's metrics of one app (docs/decisions/018), in their own registry: HTTP latency per route,
 * slips and shots (read from the hot paths' plain counts), live watchers, the database pool, what waits
 * for settlement or approval (read from the database when scraped, one read per scrape, bounded in
 * time), the ledger check (set by the ticker), and Node's process metrics.
 */
export function operatorMetrics(deps: {
  pool: pg.Pool;
  warn?: (msg: string, err: unknown) => void;
  dbReadTimeoutMs?: number;
  /** Today's automatic deposits, read within the given milliseconds (bank/operations/stats.ts). */
  bankStats?: (timeoutMs: number) => Promise<BankStats>;
}): OperatorMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const latency = routeLatency();
  registry.registerMetric(latency.metric() as unknown as Metric);

  new Counter({
    name: "lotto_slips_placed_total",
    help: "Slips accepted (a resubmission of a slip already placed is not counted again).",
    registers,
    collect() {
      this.reset();
      this.inc(hotCounts.slipsPlaced);
    },
  });
  new Counter({
    name: "lotto_slips_refused_total",
    help: "Slips refused, by reason: a refusal kind of the bet path (round_closed, insufficient_funds, number_full, rg_limit, ...), invalid_line, not_own or error.",
    labelNames: ["reason"],
    registers,
    collect() {
      this.reset();
      for (const [reason, n] of hotCounts.slipsRefused) this.inc({ reason }, n);
    },
  });
  new Counter({
    name: "lotto_yeekee_shots_accepted_total",
    help: "Yeekee shots recorded in a round's chain.",
    registers,
    collect() {
      this.reset();
      this.inc(hotCounts.shotsAccepted);
    },
  });
  new Counter({
    name: "lotto_yeekee_shots_refused_total",
    help: "Yeekee shots refused, by refusal kind (outside_shooting_time, shooting_too_fast, ...).",
    labelNames: ["reason"],
    registers,
    collect() {
      this.reset();
      for (const [reason, n] of hotCounts.shotsRefused) this.inc({ reason }, n);
    },
  });

  let liveWatchers: (() => Record<LiveFeed, number>) | null = null;
  new Gauge({
    name: "lotto_live_watchers",
    help: "Open WebSockets of the live feeds on this instance, by feed (yeekee rounds, games lobby).",
    labelNames: ["feed"],
    registers,
    collect() {
      const counts = liveWatchers?.() ?? { yeekee: 0, games: 0 };
      for (const [feed, n] of Object.entries(counts)) this.set({ feed }, n);
    },
  });

  const pool = deps.pool;
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  poolGauge("lotto_db_pool_connections", "Connections the database pool holds (in use and idle).", () => pool.totalCount);
  poolGauge("lotto_db_pool_idle", "Connections of the pool not in use.", () => pool.idleCount);
  poolGauge("lotto_db_pool_waiting", "Queries waiting for a connection of the pool.", () => pool.waitingCount);
  poolGauge("lotto_db_pool_max", "The pool's size (DB_POOL_SIZE).", () => pool.options.max ?? 10);

  const timeoutMs = deps.dbReadTimeoutMs ?? DB_READ_TIMEOUT_MS;
  const readFailures = new Counter({
    name: "lotto_metrics_db_read_failures_total",
    help: "Scrapes whose database read failed or timed out (the waiting gauges then keep their previous values).",
    registers,
    // Counted with this scrape's reads, not the next one's.
    async collect() {
      await Promise.all([waiting(), bankToday()]);
    },
  });
  // The gauges of one scrape ask together (the registry collects every metric at once): they share the
  // read in flight; the next scrape reads again.
  let inFlight: Promise<Waiting | null> | null = null;
  const waiting = (): Promise<Waiting | null> => {
    inFlight ??= readWaiting(pool, timeoutMs)
      .catch((err: unknown) => {
        readFailures.inc();
        deps.warn?.("metrics: reading what waits for settlement and approval failed", err);
        return null;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  // Values read from one database are the same on every instance: a cluster reports the largest.
  const waitingGauge = (
    name: string,
    help: string,
    label: string,
    pick: (w: Waiting) => Record<string, { count: number; oldestSeconds: number }>,
    field: "count" | "oldestSeconds",
  ) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      aggregator: "max",
      registers,
      async collect() {
        const w = await waiting();
        if (!w) return;
        for (const [key, v] of Object.entries(pick(w))) this.set({ [label]: key }, v[field]);
      },
    });
  waitingGauge(
    "lotto_settlement_rounds_waiting",
    "Rounds past their result time whose money has not all moved, by stage: result (no result yet), payout (payouts or commission and points unfinished), refund (cancelled, slips not refunded).",
    "stage",
    (w) => w.rounds,
    "count",
  );
  waitingGauge(
    "lotto_settlement_oldest_wait_seconds",
    "Seconds since the result time of the oldest round waiting, by stage (0 when none waits).",
    "stage",
    (w) => w.rounds,
    "oldestSeconds",
  );
  waitingGauge(
    "lotto_wallet_waiting_approval",
    "Deposits and withdrawals waiting for an operator's decision.",
    "kind",
    (w) => w.approvals,
    "count",
  );
  waitingGauge(
    "lotto_wallet_oldest_waiting_seconds",
    "Age of the oldest deposit or withdrawal waiting for a decision (0 when none waits).",
    "kind",
    (w) => w.approvals,
    "oldestSeconds",
  );

  // Automatic deposits (docs/decisions/045-automatic-deposits.md): the same figures as /api/admin/bank-stats,
  // one read per scrape shared by the gauges, bounded in time like the read above.
  let bankInFlight: Promise<BankStats | null> | null = null;
  const bankToday = (): Promise<BankStats | null> => {
    const read = deps.bankStats;
    if (!read) return Promise.resolve(null);
    bankInFlight ??= new Promise<BankStats>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`metrics: the bank figures did not come within ${timeoutMs} ms`)), timeoutMs);
      read(timeoutMs).then(
        (v) => (clearTimeout(timer), resolve(v)),
        (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
      );
    })
      .catch((err: unknown) => {
        readFailures.inc();
        deps.warn?.("metrics: reading the bank records' figures failed", err);
        return null;
      })
      .finally(() => {
        bankInFlight = null;
      });
    return bankInFlight;
  };
  const bankGauge = (name: string, help: string, labelNames: string[], set: (g: Gauge, s: BankStats) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      aggregator: "max",
      registers,
      async collect() {
        const s = await bankToday();
        if (s) set(this, s);
      },
    });
  if (deps.bankStats) {
    bankGauge(
      "lotto_bank_records_today",
      "Bank records of incoming transfers today (Bangkok day), by kind: received, matched_auto (credited by the system), matched_operator, returned.",
      ["kind"],
      (g, s) => {
        g.set({ kind: "received" }, s.received);
        g.set({ kind: "matched_auto" }, s.matchedAuto);
        g.set({ kind: "matched_operator" }, s.matchedByOperator);
        g.set({ kind: "returned" }, s.returned);
      },
    );
    bankGauge("lotto_bank_records_waiting", "Bank records waiting in the operator's queue for a match (whatever their day).", [], (g, s) =>
      g.set(s.waiting),
    );
    bankGauge(
      "lotto_bank_records_waiting_over_15_minutes",
      "Bank records waiting for a match for more than 15 minutes (each also logged once as an alert line).",
      [],
      (g, s) => g.set(s.waitingOver15Minutes),
    );
    bankGauge(
      "lotto_bank_credit_seconds",
      "Seconds from a transfer's time (as the bank gives it) to its automatic credit, over today's automatic matches, by quantile (NaN with none).",
      ["quantile"],
      (g, s) => {
        g.set({ quantile: "0.5" }, s.creditSecondsP50 ?? NaN);
        g.set({ quantile: "0.95" }, s.creditSecondsP95 ?? NaN);
      },
    );
  }

  const ledgerOk = new Gauge({
    name: "lotto_ledger_check_ok",
    help: "1 when the latest ledger check (run by the ticker) found every invariant of the books holding, 0 when it did not; NaN before the first check.",
    aggregator: "min",
    registers,
  });
  ledgerOk.set(NaN);
  const ledgerProblems = new Gauge({
    name: "lotto_ledger_check_problems",
    help: "Problems the latest ledger check found.",
    aggregator: "max",
    registers,
  });
  const ledgerAt = new Gauge({
    name: "lotto_ledger_check_last_run_timestamp_seconds",
    help: "When the latest ledger check finished (Unix time).",
    aggregator: "max",
    registers,
  });
  const ledgerSeconds = new Gauge({
    name: "lotto_ledger_check_duration_seconds",
    help: "How long the latest ledger check took.",
    aggregator: "max",
    registers,
  });

  return {
    registry,
    observeRequest: latency.observe,
    ledgerChecked(o) {
      ledgerOk.set(o.ok ? 1 : 0);
      ledgerProblems.set(o.problems);
      ledgerAt.set(o.at.getTime() / 1000);
      ledgerSeconds.set(o.seconds);
    },
    countLiveWatchers(readWatchers) {
      liveWatchers = readWatchers;
    },
  };
}
