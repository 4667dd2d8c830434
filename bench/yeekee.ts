/**
 * `npm run bench:yeekee`: shots per second accepted from 500 concurrent players on one yeekee round while
 * 1,000 WebSocket watchers receive every shot; p50/p99 latency of a shot, and the fan-out delay (from the
 * server's receive time of a shot to its arrival at a watcher). Loopback only, bounded in time.
 */
import autocannon from "autocannon";
import { cpus, totalmem } from "node:os";
import WebSocket from "ws";
import { benchDatabase, benchLogins, benchPlayers, benchServer } from "./setup";

const SHOOTERS = Number(process.env.BENCH_SHOOTERS ?? 500);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 1000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

async function main() {
  const { url, db, cleanup } = await benchDatabase();
  try {
    await benchPlayers(db, SHOOTERS, 0);
    await db.$client.query(`update site_config set value = value || '{"shotIntervalSeconds": 0}'::jsonb where key = 'yeekee'`);
    const round = await db.$client.query(
      `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
       values ('yeekee', 999, current_date, now() - interval '1 hour', now() - interval '1 second', now() + interval '1 hour') returning id`,
    );
    const roundId = Number(round.rows[0].id);
    const server = await benchServer(url);
    cleanup.unshift(() => server.stop());
    const tokens = await benchLogins(server.base, SHOOTERS);

    const delays: number[] = [];
    let received = 0;
    const sockets: WebSocket[] = [];
    for (let i = 0; i < WATCHERS; i++) {
      const ws = new WebSocket(`${server.base.replace("http", "ws")}/api/ws/yeekee?activityid=${roundId}&after=0`);
      ws.on("message", (m) => {
        const msg = JSON.parse(String(m)) as { type: string; records?: Array<{ at: string }> };
        if (msg.type !== "shots") return;
        received += msg.records!.length;
        if (i % 10 === 0) for (const r of msg.records!) delays.push(Date.now() - new Date(r.at).getTime());
      });
      sockets.push(ws);
    }
    await Promise.all(sockets.map((ws) => new Promise((r) => (ws.readyState === WebSocket.OPEN ? r(null) : ws.once("open", r)))));

    let next = 0;
    let seq = 0;
    const result = await autocannon({
      url: server.base,
      connections: SHOOTERS,
      duration: DURATION_S,
      requests: [
        {
          method: "POST",
          path: "/api/post-numberrecord-mockdata",
          setupRequest: (req: Record<string, unknown>, context: { player?: { token: string; uuid: string } }) => {
            context.player ??= tokens[next++ % tokens.length]!;
            seq += 1;
            return {
              ...req,
              headers: { "content-type": "application/json", authorization: `Bearer ${context.player.token}` },
              body: JSON.stringify({ uuid: context.player.uuid, activityid: roundId, number: String((seq * 7919) % 100000).padStart(5, "0") }),
            };
          },
        },
      ],
    } as autocannon.Options);
    await new Promise((r) => setTimeout(r, 2000));
    for (const ws of sockets) ws.close();
    const shots = Number((await db.$client.query("select count(*)::int as n from yeekee_shots where round_id = $1", [roundId])).rows[0].n);
    delays.sort((a, b) => a - b);
    console.log(
      JSON.stringify(
        {
          machine: `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, server + PostgreSQL + load generator + watchers on the same machine, loopback`,
          shots: { shooters: SHOOTERS, seconds: DURATION_S, acceptedPerSecond: +(shots / DURATION_S).toFixed(1), accepted: shots, p50ms: result.latency.p50, p99ms: result.latency.p99, non2xx: result.non2xx },
          fanOut: { watchers: WATCHERS, messagesReceived: received, expected: shots * WATCHERS, delayP50ms: percentile(delays, 50), delayP99ms: percentile(delays, 99) },
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
