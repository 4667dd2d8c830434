/**
 * `npm run bench`: slips per second from 64 concurrent players against the server in its own process,
 * next to pgbench TPC-B on the same PostgreSQL in the same run (before and after the slips), the server's CPU
 * time per slip, then settlement of 1,000,000 lines.
 * Loopback only; every phase is bounded in time. Not a test: it prints figures.
 */
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { ensureDatabaseExists } from "../src/server/db/database";
import { winningNumbers, winningPairs } from "../src/domain/results";
import { settleRound, writeWinningPairs } from "../src/server/settlement/settle";
import { benchDatabase, benchLogins, benchPlayers, benchServer, statementReport } from "./setup";

const PLAYERS = 64;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const SETTLE_LINES = Number(process.env.BENCH_SETTLE_LINES ?? 1_000_000);

let pgbenchReady = false;
/** pgbench TPC-B at the slips phase's concurrency and duration; null (with one line saying why) when it cannot run. */
async function pgbench(adminUrl: string): Promise<number | null> {
  try {
    const pgbUrl = adminUrl.replace(/\/postgres$/, "/pgbench");
    await ensureDatabaseExists(adminUrl, "pgbench");
    if (!pgbenchReady) execFileSync("pgbench", ["-i", "-s", "10", "-q", pgbUrl], { stdio: "ignore" });
    pgbenchReady = true;
    const out = execFileSync("pgbench", ["-c", String(PLAYERS), "-j", "2", "-T", String(DURATION_S), pgbUrl], { encoding: "utf8" });
    return Number(out.match(/tps = ([\d.]+)/)?.[1] ?? NaN);
  } catch (e) {
    console.warn("pgbench not run:", (e as Error).message.split("\n")[0], "(apt-get install -y postgresql-client provides it)");
    return null;
  }
}

/** Both pgbench runs, each as a share of their mean, and the slips per second against that mean. */
function pgbenchReport(before: number | null, after: number | null, slipsPerSecond: number) {
  if (before === null || after === null) return { before, after, mean: null, ratio: null };
  const mean = (before + after) / 2;
  return {
    before,
    after,
    mean: +mean.toFixed(1),
    beforeToMean: +(before / mean).toFixed(3),
    afterToMean: +(after / mean).toFixed(3),
    ratio: +(slipsPerSecond / mean).toFixed(2),
  };
}

/** User + system CPU seconds of a process and every process below it, read from /proc (Linux). */
function processTreeCpuSeconds(root: number | undefined): number {
  if (root === undefined) return Number.NaN;
  const TICKS = 100; // USER_HZ: 100 on every Linux this runs on
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command's closing parenthesis: state, ppid, … utime (14th of the line), stime (15th).
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(entry), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // The process ended while the list was read.
    }
  }
  let ticks = 0;
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) queue.push(child);
  }
  return ticks / TICKS;
}

async function main() {
  const { adminUrl, url, db, cleanup } = await benchDatabase();
  try {
    await benchPlayers(db, PLAYERS);
    const round = await db.$client.query(
      `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
       values ('hanoi', 1, current_date, now() - interval '1 hour', now() + interval '1 hour', now() + interval '2 hours') returning id`,
    );
    const roundId = Number(round.rows[0].id);

    // pgbench TPC-B on the same PostgreSQL, same concurrency, same duration, before and after the slips: the
    // machine's speed moves from day to day (690–1,560 TPS), so the slips are judged against both runs' mean.
    const pgbenchBefore = await pgbench(adminUrl);
    const server = await benchServer(url);
    cleanup.unshift(() => server.stop());
    const base = server.base;
    const tokens = await benchLogins(base, PLAYERS);
    if (process.env.BENCH_STATEMENTS) await db.$client.query("select pg_stat_statements_reset()");

    let next = 0;
    let seq = 0;
    const cpuBefore = processTreeCpuSeconds(server.process.pid);
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
            const numberlist = Array.from({ length: 5 }, (_, i) => ({
              award_type: i % 2 ? "TwoDigit" : "ThreeDigit",
              number: String((seq * 7 + i * 131) % (i % 2 ? 100 : 1000)).padStart(i % 2 ? 2 : 3, "0"),
              amount: 1,
            }));
            return {
              ...req,
              headers: { "content-type": "application/json", authorization: `Bearer ${context.player.token}` },
              body: JSON.stringify({ uuid: context.player.uuid, activityid: roundId, datetime: `bench-${seq}`, numberlist }),
            };
          },
        },
      ],
    } as autocannon.Options);
    const serverCpuSeconds = processTreeCpuSeconds(server.process.pid) - cpuBefore;
    await server.stop();
    await statementReport(db);
    const slips = Number((await db.$client.query("select count(*)::int as n from slips")).rows[0].n);
    const non2xx = result.non2xx;

    const pgbenchAfter = await pgbench(adminUrl);

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
    await db.transaction((tx) =>
      writeWinningPairs(tx, settleId, winningPairs(winningNumbers({ kind: "simple", threeTop: "123", twoBottom: "45" }))),
    );
    const t0 = performance.now();
    const winners = await settleRound(db, settleId);
    const settleSeconds = (performance.now() - t0) / 1000;
    const settled = Number((await db.$client.query("select count(*)::int as n from slip_lines where round_id = $1", [settleId])).rows[0].n);

    // The same round again with referral commission: every player but bench1 referred by bench1 and
    // with an approved deposit before the slips, so each slip's commission is counted at settlement.
    await db.$client.query(
      `update users set referrer_id = (select id from users where username = 'bench1'), bank_account_name = 'bench ' || username
       where username like 'bench%' and username <> 'bench1'`,
    );
    await db.$client.query(
      `insert into pay_records (user_id, amount, paytime, bank_code, transection, status, request_hash, decided_at)
       select id, 100000, now() - interval '3 hours', 'kbank', 'bench-' || id, 'Approve', 'bench', now() - interval '3 hours'
       from users where username like 'bench%' on conflict do nothing`,
    );
    const commissionRoundId = Number(
      (
        await db.$client.query(
          `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at, status, result)
           values ('laos-star', 2, current_date, now() - interval '2 hours', now() - interval '1 hour' + interval '1 second', now(), 'add award', '{"kind":"simple","threeTop":"123","twoBottom":"45"}')
           returning id`,
        )
      ).rows[0].id,
    );
    await db.$client.query(
      `insert into slips (user_id, round_id, total_stake, total_paid, request_key, created_at)
       select user_id, $2, total_stake, total_paid, 'commission-' || id, created_at from slips where round_id = $1`,
      [settleId, commissionRoundId],
    );
    await db.$client.query(
      `insert into slip_lines (slip_id, round_id, user_id, bet_type, number, stake, paid, rate_x100)
       select n.id, n.round_id, l.user_id, l.bet_type, l.number, l.stake, l.paid, l.rate_x100
       from slip_lines l join slips o on o.id = l.slip_id join slips n on n.request_key = 'commission-' || o.id and n.round_id = $2
       where l.round_id = $1`,
      [settleId, commissionRoundId],
    );
    await db.$client.query("analyze slips; analyze slip_lines");
    await db.transaction((tx) =>
      writeWinningPairs(tx, commissionRoundId, winningPairs(winningNumbers({ kind: "simple", threeTop: "123", twoBottom: "45" }))),
    );
    const t1 = performance.now();
    await settleRound(db, commissionRoundId);
    const commissionSeconds = (performance.now() - t1) / 1000;
    const commissionRows = Number(
      (await db.$client.query("select count(*)::int as n from referral_commissions where round_id = $1", [commissionRoundId])).rows[0].n,
    );

    const slipsPerSecond = result.requests.average;
    const report = {
      machine: `${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, server + PostgreSQL + load generator on the same machine, loopback`,
      slips: {
        concurrentPlayers: PLAYERS,
        seconds: DURATION_S,
        linesPerSlip: 5,
        slipsPerSecond,
        p50ms: result.latency.p50,
        p99ms: result.latency.p99,
        accepted: slips,
        non2xx,
      },
      // The server's own CPU (its process and workers, not PostgreSQL's) for each accepted slip.
      serverCpuMsPerSlip: slips > 0 ? +((serverCpuSeconds * 1000) / slips).toFixed(3) : null,
      pgbench: pgbenchReport(pgbenchBefore, pgbenchAfter, slipsPerSecond),
      settlement: {
        lines: settled,
        winningLinesPaid: winners,
        seconds: +settleSeconds.toFixed(2),
        linesPerSecond: Math.round(settled / settleSeconds),
      },
      settlementWithCommission: {
        lines: settled,
        referredSlips: commissionRows,
        seconds: +commissionSeconds.toFixed(2),
        linesPerSecond: Math.round(settled / commissionSeconds),
      },
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
