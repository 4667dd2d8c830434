/**
 * `npm run bench`: slips per second from 64 concurrent players against the server in its own process,
 * next to pgbench TPC-B on the same PostgreSQL in the same run, then settlement of 1,000,000 lines.
 * Loopback only; every phase is bounded in time. Not a test: it prints figures.
 */
import { hash } from "@node-rs/argon2";
import autocannon from "autocannon";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { ARGON2 } from "../src/server/auth/service";
import { connect, runMigrations } from "../src/server/db/client";
import { ensureDatabaseExists } from "../src/server/db/database";
import { startEmbeddedPostgres } from "../src/server/db/embedded";
import { seed } from "../src/server/seed";
import { winningNumbers, winningPairs } from "../src/domain/results";
import { settleRound, writeWinningPairs } from "../src/server/settlement/settle";

const PLAYERS = 64;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const SETTLE_LINES = Number(process.env.BENCH_SETTLE_LINES ?? 1_000_000);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "lotto-bench-"));
  // Default durability (fsync on): the figures are for a real configuration.
  const embedded = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, settings: { max_connections: "200" } });
  const cleanup: Array<() => Promise<void> | void> = [() => embedded.stop(), () => rmSync(dir, { recursive: true, force: true })];
  try {
    await ensureDatabaseExists(embedded.url, "lotto");
    const url = embedded.url.replace(/\/postgres$/, "/lotto");
    const db = connect(url);
    cleanup.unshift(() => db.$client.end());
    await runMigrations(db);
    await seed(db, { username: "admin", password: "bench-admin-password" });

    // Players straight into the database (set-up, not measured), each with 100,000 ฿ through the ledger.
    const passwordHash = await hash("bench-password", ARGON2);
    const players = await db.$client.query(
      `with u as (
         insert into users (username, password_hash, phone, bank_account_name, bank_no, bank_code)
         select 'bench' || g, $1, '08' || lpad(g::text, 8, '0'), 'ทดสอบ', lpad(g::text, 10, '0'), 'kbank' from generate_series(1, ${PLAYERS}) g
         returning id)
       insert into accounts (owner_id, kind, balance) select id, 'credit', 10000000 from u returning owner_id`,
      [passwordHash],
    );
    await db.$client.query(`
      with t as (insert into ledger_transactions (kind, reference) values ('adjust.credit', 'bench') returning id)
      insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select t.id, a.id, a.balance, a.balance from t, accounts a where a.kind = 'credit' and a.balance > 0
      union all select t.id, h.id, -10000000 * ${PLAYERS}, -10000000 * ${PLAYERS} from t, accounts h where h.kind = 'house:adjustments' and h.shard = 0`);
    await db.$client.query(`update accounts set balance = -10000000 * ${PLAYERS} where kind = 'house:adjustments' and shard = 0`);
    const round = await db.$client.query(
      `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
       values ('hanoi', 1, current_date, now() - interval '1 hour', now() + interval '1 hour', now() + interval '2 hours') returning id`,
    );
    const roundId = Number(round.rows[0].id);

    // The server in its own process, as `npm start` runs it.
    const port = await freePort();
    const server = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROFILE] : []), "--import", "tsx", "src/server/main.ts"], {
      env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: "127.0.0.1", JWT_SECRET: "bench-secret-bench-secret-bench-secret-0", LOG_LEVEL: "warn", RATE_LIMIT_AUTH_PER_MINUTE: "100000", WORKERS: process.env.BENCH_WORKERS ?? "1" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    cleanup.unshift(() => void server.kill("SIGTERM"));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300; i++) {
      if (await fetch(`${base}/read-openSite-config`).then((r) => r.ok).catch(() => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const tokens: Array<{ token: string; uuid: string }> = [];
    for (let i = 1; i <= PLAYERS; i++) {
      const r = await fetch(`${base}/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: `bench${i}`, password: "bench-password" }) });
      const j = (await r.json()) as { jwt: string; uuid: string };
      tokens.push({ token: j.jwt, uuid: j.uuid });
    }
    void players;

    let next = 0;
    let seq = 0;
    const result = await autocannon({
      url: base,
      connections: PLAYERS,
      duration: DURATION_S,
      requests: [
        {
          method: "POST",
          path: "/api/post-numberdigit-mockdata",
          setupRequest: (req: Record<string, unknown>, context: { player?: { token: string; uuid: string } }) => {
            context.player ??= tokens[next++ % tokens.length]!;
            seq += 1;
            const numberlist = Array.from({ length: 5 }, (_, i) => ({ award_type: i % 2 ? "TwoDigit" : "ThreeDigit", number: String((seq * 7 + i * 131) % (i % 2 ? 100 : 1000)).padStart(i % 2 ? 2 : 3, "0"), amount: 1 }));
            return {
              ...req,
              headers: { "content-type": "application/json", authorization: `Bearer ${context.player.token}` },
              body: JSON.stringify({ uuid: context.player.uuid, activityid: roundId, datetime: `bench-${seq}`, numberlist }),
            };
          },
        },
      ],
    } as autocannon.Options);
    server.kill("SIGTERM");
    const slips = Number((await db.$client.query("select count(*)::int as n from slips")).rows[0].n);
    const non2xx = result.non2xx;

    // pgbench TPC-B on the same PostgreSQL, same concurrency, same duration.
    let pgbenchTps: number | null = null;
    try {
      await ensureDatabaseExists(embedded.url, "pgbench");
      const pgbUrl = embedded.url.replace(/\/postgres$/, "/pgbench");
      execFileSync("pgbench", ["-i", "-s", "10", "-q", pgbUrl], { stdio: "ignore" });
      const out = execFileSync("pgbench", ["-c", String(PLAYERS), "-j", "2", "-T", String(DURATION_S), pgbUrl], { encoding: "utf8" });
      pgbenchTps = Number(out.match(/tps = ([\d.]+)/)?.[1] ?? NaN);
    } catch (e) {
      console.warn("pgbench not run:", (e as Error).message.split("\n")[0], "(apt-get install -y postgresql-client provides it)");
    }

    // Settlement of SETTLE_LINES lines on a fresh round (lines inserted directly: set-up, not measured).
    const settleRoundRow = await db.$client.query(
      `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at, status, result)
       values ('laos-star', 1, current_date, now() - interval '2 hours', now() - interval '1 hour', now(), 'add award', '{"kind":"simple","threeTop":"123","twoBottom":"45"}')
       returning id`,
    );
    const settleId = Number(settleRoundRow.rows[0].id);
    const perSlip = 1000;
    await db.$client.query(
      `insert into slips (user_id, round_id, total_stake, total_paid, request_key, created_at)
       select (select id from users where username = 'bench' || (1 + g % ${PLAYERS})), $1, ${perSlip * 100}, ${perSlip * 100}, 'settle-' || g, now() - interval '90 minutes'
       from generate_series(1, ${Math.ceil(SETTLE_LINES / perSlip)}) g`,
      [settleId],
    );
    await db.$client.query(
      `insert into slip_lines (slip_id, round_id, user_id, bet_type, number, stake, paid, rate_x100)
       select s.id, s.round_id, s.user_id, case when i % 2 = 0 then 'TwoDigit' else 'ThreeDigit' end,
              case when i % 2 = 0 then lpad(((i * 37 + s.id * 11) % 100)::text, 2, '0') else lpad(((i * 7919 + s.id * 104729) % 1000)::text, 3, '0') end, 100, 100,
              case when i % 2 = 0 then 9000 else 90000 end
       from slips s, generate_series(1, ${perSlip}) i where s.round_id = $1`,
      [settleId],
    );
    await db.$client.query("analyze slip_lines");
    // What entering the result writes: the winning (bet type, number) pairs.
    await db.transaction((tx) => writeWinningPairs(tx, settleId, winningPairs(winningNumbers({ kind: "simple", threeTop: "123", twoBottom: "45" }))));
    const t0 = performance.now();
    const winners = await settleRound(db, settleId);
    const settleSeconds = (performance.now() - t0) / 1000;
    const settled = Number((await db.$client.query("select count(*)::int as n from slip_lines where round_id = $1", [settleId])).rows[0].n);

    const slipsPerSecond = result.requests.average;
    const report = {
      machine: `${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, server + PostgreSQL + load generator on the same machine, loopback`,
      slips: { concurrentPlayers: PLAYERS, seconds: DURATION_S, linesPerSlip: 5, slipsPerSecond, p50ms: result.latency.p50, p99ms: result.latency.p99, accepted: slips, non2xx },
      pgbench: { tps: pgbenchTps, ratio: pgbenchTps ? +(slipsPerSecond / pgbenchTps).toFixed(2) : null },
      settlement: { lines: settled, winningLinesPaid: winners, seconds: +settleSeconds.toFixed(2), linesPerSecond: Math.round(settled / settleSeconds) },
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    for (const c of cleanup) await c();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
