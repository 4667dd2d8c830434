/**
 * `npm run bench:yeekee`: shots on one yeekee round at its close from 500 concurrent players while 10,000
 * WebSocket watchers (`BENCH_WATCHERS`, in `BENCH_WATCHER_PROCESSES` processes of their own, 4 unless set)
 * receive every shot, as binary frames (docs/decisions/064). Two phases:
 * - saturation: every player shoots again as soon as answered (closed loop): the most shots/s accepted;
 * - offered rate: the players together shoot BENCH_SHOT_RATE shots/s (default 3,000), each at its own
 *   steady pace (bench/paced.ts, open loop, latency counted from when each shot was due): the latency
 *   and fan-out delay at that rate.
 * Before both, with the watchers not yet connected, the players shoot on another round at the offered rate for
 * BENCH_WARM_UP_SECONDS (3 unless set; each connection's first call a page's read, as in the offered phase), not
 * measured: the server's compiled code has then seen the calls and connections a site's server has seen by a
 * round's close. Without it the offered phase began by recompiling the server's request path (bench/README.md).
 * Reports accepted shots/s, p50/p99 latency (at the offered rate also the p99 of the shots sent after the
 * phase's first second: a start from nothing at the full rate leaves a backlog on a full machine), and the
 * fan-out delay (from the server's receive time of a shot to its arrival at a watcher), checks every watcher
 * got every shot, in order, without gaps, and the CPU each part used (server, generator, watchers,
 * PostgreSQL), as they share the machine's cores. The machine's pace is read before and after the phases
 * (bench/yardstick.ts). Loopback only, bounded in time.
 */
import autocannon from "autocannon";
import { type ChildProcess, fork } from "node:child_process";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { pacedLoad } from "./paced";
import { benchDatabase, benchLogins, benchPlayers, benchServer, cpuMeter, postmasterPid, statementReport, treeRssBytes } from "./setup";
import { httpYardstick } from "./yardstick";

const SHOOTERS = Number(process.env.BENCH_SHOOTERS ?? 500);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_SHOT_RATE ?? 3000);
// Watchers in several processes of their own, so one client's event loop does not hold back the rest.
const WATCHER_PROCESSES = Number(process.env.BENCH_WATCHER_PROCESSES ?? 4);
// BENCH_LIVE_SERVER=1: the watchers on a second server process of their own (same database and secret), the shots
// on the first: a measurement of that split (bench/README.md), not a set-up `npm start` makes.
const LIVE_SERVER = process.env.BENCH_LIVE_SERVER === "1";
// The server as an operator runs a site with many watchers: one worker for the calls, one for the live sockets
// (LIVE_WORKERS, docs/decisions/073); BENCH_LIVE_WORKERS=0 measures the single process.
const LIVE_WORKERS = process.env.BENCH_LIVE_WORKERS ?? "1";
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);

type WatcherReport = { received: number; gaps: number; delays: number[]; lowestLast: number; highestLast: number };

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/**
 * BENCH_TIMELINE=1 (on stderr): the offered phase's shots by when they were sent, 100 ms at a time for 2 s, then
 * by the second: latency and the server's own time (Server-Timing), p50 and p99 of each.
 */
function printTimeline(timeline: Array<[number, number, number | null]>) {
  const buckets = new Map<number, Array<[number, number, number | null]>>();
  for (const row of timeline) {
    const key = row[0] < 2000 ? Math.floor(row[0] / 100) * 100 : Math.floor(row[0] / 1000) * 1000;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(row);
    else buckets.set(key, [row]);
  }
  for (const key of [...buckets.keys()].sort((a, b) => a - b)) {
    const rows = buckets.get(key)!;
    const list = rows.map((r) => r[1]).sort((a, b) => a - b);
    const inServer = rows.flatMap((r) => (r[2] === null ? [] : [r[2]])).sort((a, b) => a - b);
    console.error(
      `timeline ${key} ms: ${list.length} shots, p50 ${Math.round(percentile(list, 50))}, p99 ${Math.round(percentile(list, 99))}, in server p50 ${Math.round(percentile(inServer, 50))}, p99 ${Math.round(percentile(inServer, 99))}`,
    );
  }
}

function ask(child: ChildProcess, cmd: string): Promise<WatcherReport> {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve(m as WatcherReport));
    child.send(cmd);
  });
}

async function main() {
  const yardstickBefore = await httpYardstick();
  const { url, db, cleanup } = await benchDatabase();
  try {
    await benchPlayers(db, SHOOTERS, 0);
    await db.$client.query(`update site_config set value = value || '{"shotIntervalSeconds": 0}'::jsonb where key = 'yeekee'`);
    // A yeekee round in its shooting time (closed to bets, its result an hour away), by its number.
    const shootingRound = async (roundNo: number) =>
      Number(
        (
          await db.$client.query(
            `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
             values ('yeekee', $1, current_date, now() - interval '1 hour', now() - interval '1 second', now() + interval '1 hour') returning id`,
            [roundNo],
          )
        ).rows[0].id,
      );
    const roundId = await shootingRound(999);
    const server = await benchServer(url, { LIVE_WORKERS });
    cleanup.unshift(() => server.stop());
    const tokens = await benchLogins(server.base, SHOOTERS);
    // A shot's call as a player's page makes it, on a round, numbered across the whole run.
    let seq = 0;
    const shot = (round: number) => (player: { uuid: string; token: string }) => {
      seq += 1;
      return {
        path: "/api/post-numberrecord-mockdata",
        headers: { "content-type": "application/json", authorization: `Bearer ${player.token}` },
        body: JSON.stringify({ uuid: player.uuid, activityid: round, number: String((seq * 7919) % 100000).padStart(5, "0") }),
      };
    };
    let warmUpResult: { seconds: number; sent: number; ok: number } | "skipped" = "skipped";
    if (WARM_UP_SECONDS > 0) {
      // The warm-up's own round (see the header), so the measured round's shots and the watchers' catch-up are the phases' only.
      const warmUpRound = await shootingRound(998);
      const r = await pacedLoad({
        base: server.base,
        players: tokens,
        ratePerSecond: RATE,
        seconds: WARM_UP_SECONDS,
        warmUpPath: "/read-openSite-config",
        request: shot(warmUpRound),
      });
      warmUpResult = { seconds: WARM_UP_SECONDS, sent: r.sent, ok: r.ok };
    }
    const live = LIVE_SERVER ? await benchServer(url) : server;
    if (live !== server) cleanup.unshift(() => live.stop());

    // The server's memory (with its workers) before the watchers connect and once all have: the difference per watcher.
    const rssBefore = treeRssBytes(live.process.pid!);
    const script = fileURLToPath(new URL("./watchers.ts", import.meta.url));
    const children = Array.from({ length: WATCHER_PROCESSES }, () =>
      fork(script, [live.base, String(roundId), String(Math.ceil(WATCHERS / WATCHER_PROCESSES)), tokens[0]!.token], {
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      }),
    );
    cleanup.unshift(() => {
      for (const c of children) if (c.exitCode === null) c.kill();
    });
    // A watcher process that ends before it is ready stops the bench (it used to wait for it forever).
    await Promise.all(
      children.map(
        (c) =>
          new Promise((resolve, reject) => {
            c.once("message", resolve);
            c.once("exit", (code) => reject(new Error(`a watcher process ended before it was ready (exit ${code})`)));
          }),
      ),
    );
    const rssWithWatchers = treeRssBytes(live.process.pid!);
    const watching = Math.ceil(WATCHERS / WATCHER_PROCESSES) * WATCHER_PROCESSES;
    const serverMemory = {
      beforeWatchersMB: +(rssBefore / 2 ** 20).toFixed(1),
      withWatchersMB: +(rssWithWatchers / 2 ** 20).toFixed(1),
      perWatcherKB: +((rssWithWatchers - rssBefore) / 1024 / watching).toFixed(1),
    };

    let next = 0;
    const measured = shot(roundId);
    const shoot = (extra: Partial<autocannon.Options>) =>
      autocannon({
        url: server.base,
        connections: SHOOTERS,
        duration: DURATION_S,
        ...extra,
        requests: [
          {
            method: "POST",
            path: "/api/post-numberrecord-mockdata",
            setupRequest: (req: Record<string, unknown>, context: { player?: { token: string; uuid: string } }) => {
              context.player ??= tokens[next++ % tokens.length]!;
              const { headers, body } = measured(context.player);
              return { ...req, headers, body };
            },
          },
        ],
      } as autocannon.Options);

    const shots = async () =>
      Number((await db.$client.query("select count(*)::int as n from yeekee_shots where round_id = $1", [roundId])).rows[0].n);
    type Clock = (event: "start" | "end") => void;
    const saturate = async (clock: Clock) => {
      clock("start");
      const r = await shoot({});
      clock("end");
      return r;
    };
    const paced = async (clock: Clock) => {
      const r = await pacedLoad({
        onClock: clock,
        base: server.base,
        players: tokens,
        ratePerSecond: RATE,
        seconds: DURATION_S,
        warmUpPath: "/read-openSite-config",
        request: measured,
      });
      if (process.env.BENCH_TIMELINE) printTimeline(r.timeline);
      const pct = (list: number[]) => ({
        p50: percentile(list, 50),
        p90: percentile(list, 90),
        p99: percentile(list, 99),
        max: list.at(-1) ?? NaN,
      });
      const ms = (x: ReturnType<typeof pct>) => ({
        p50ms: Math.round(x.p50),
        p90ms: Math.round(x.p90),
        p99ms: Math.round(x.p99),
        maxMs: Math.round(x.max),
      });
      return {
        latency: pct(r.latencies),
        p99AfterFirstSecondMs: Math.round(pct(r.afterFirstSecond).p99),
        non2xx: r.non2xx + r.errors,
        connectMs: r.connectMs,
        fromDue: ms(pct(r.fromDue)),
        sendLag: ms(pct(r.sendLags)),
        inServer: ms(pct(r.serverTimes)),
      };
    };
    const postgres = await postmasterPid(db);
    const phase = async (
      load: (clock: Clock) => Promise<{
        latency: { p50: number; p90: number; p99: number; max: number };
        non2xx: number;
        p99AfterFirstSecondMs?: number;
        fromDue?: unknown;
        sendLag?: unknown;
        inServer?: unknown;
        connectMs?: number;
      }>,
    ) => {
      await Promise.all(children.map((c) => ask(c, "reset")));
      const before = await shots();
      // CPU over the measured time only (not the paced phase's connecting and warming up).
      const cpu = cpuMeter({
        server: server.process.pid!,
        ...(live !== server ? { liveServer: live.process.pid! } : {}),
        generator: process.pid,
        ...Object.fromEntries(children.map((c, i) => [`watchers${i + 1}`, c.pid!])),
        postgres,
      });
      let cpuCores: Record<string, number> = {};
      const result = await load((event) => (event === "start" ? cpu.start() : (cpuCores = cpu.stop())));
      const accepted = (await shots()) - before;
      // Until every watcher has the last shot (or 30 s): with thousands of watchers the fan-out ends after the load.
      // Shots still in flight when the clock stopped commit meanwhile: they are read again each time, so the
      // watchers are held to every shot of the phase, not to those committed when the clock stopped.
      let total = await shots();
      let reports = await Promise.all(children.map((c) => ask(c, "report")));
      for (let waited = 0; waited < 30_000 && Math.min(...reports.map((r) => r.lowestLast)) < total; waited += 500) {
        await new Promise((r) => setTimeout(r, 500));
        total = await shots();
        reports = await Promise.all(children.map((c) => ask(c, "report")));
      }
      const phaseShots = total - before;
      const delays = reports.flatMap((r) => r.delays).sort((a, b) => a - b);
      return {
        acceptedPerSecond: +(accepted / DURATION_S).toFixed(1),
        accepted,
        p50ms: Math.round(result.latency.p50),
        p90ms: Math.round(result.latency.p90),
        p99ms: Math.round(result.latency.p99),
        maxMs: Math.round(result.latency.max),
        ...(result.fromDue
          ? {
              p99AfterFirstSecondMs: result.p99AfterFirstSecondMs,
              inServer: result.inServer,
              fromDue: result.fromDue,
              generatorSendLag: result.sendLag,
              connectBeforeClockMs: result.connectMs,
            }
          : {}),
        non2xx: result.non2xx,
        fanOut: {
          messagesReceived: reports.reduce((t, r) => t + r.received, 0),
          expected: phaseShots * watching,
          gaps: reports.reduce((t, r) => t + r.gaps, 0),
          delayP50ms: percentile(delays, 50),
          delayP99ms: percentile(delays, 99),
        },
        lastShotSeenByEveryWatcher: Math.min(...reports.map((r) => r.lowestLast)) === total,
        // Every watcher got every shot: no gap in any watcher's sequence and the total is watchers × shots.
        everyShotToEveryWatcher:
          reports.every((r) => r.gaps === 0) && reports.reduce((t, r) => t + r.received, 0) === phaseShots * watching,
        cpuCores,
      };
    };
    // BENCH_SATURATION=0 runs the offered rate only.
    const saturation = process.env.BENCH_SATURATION === "0" ? "skipped" : await phase(saturate);
    await statementReport(db);
    const offered = await phase(paced);
    await statementReport(db);
    for (const c of children) c.send("close");
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)));
    // The machine's pace after the phases, the watchers gone and their closes handled (about a second), as it was
    // read before anything was started (above).
    await new Promise((r) => setTimeout(r, 1000));
    const yardstickAfter = await httpYardstick();

    console.log(
      JSON.stringify(
        {
          machine: `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, server + PostgreSQL + load generator + watchers on the same machine, loopback`,
          shooters: SHOOTERS,
          watchers: watching,
          watcherProcesses: WATCHER_PROCESSES,
          server: { workers: Number(process.env.BENCH_WORKERS ?? 1), liveWorkers: Number(LIVE_WORKERS) },
          serverMemory,
          seconds: DURATION_S,
          warmUp: warmUpResult,
          // A bare Node http server's requests a second on this machine before the bench starts anything and
          // after its phases (bench/yardstick.ts): runs of one change are compared when these read alike.
          yardstick: { bareHttpPerSecondBefore: yardstickBefore, bareHttpPerSecondAfter: yardstickAfter },
          saturation,
          [`offered${RATE}PerSecond`]: offered,
        },
        null,
        2,
      ),
    );
  } finally {
    for (const c of cleanup) await c();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
