/**
 * `npm run bench:bank`: automatic deposits end to end. 200 players each ask for a deposit (their own unique
 * amount); a simulated bank then sends each transfer's record, signed, to `/api/admin/bank-feed`, a few at a
 * time, spread over BENCH_BANK_SECONDS (30 unless set); each player polls `read-open-deposit-request` every
 * second, as the deposit page does, until it names that deposit in `lastCredited`. Per record it reports the
 * time from sending the record to the server's credit (the record's matched_at) and to the player seeing it.
 * The server runs in its own process, as `npm start` runs it; loopback only; bounded in time (players stop
 * polling BENCH_BANK_GRACE_SECONDS, 45 unless set, after the last record; one not seen by then is counted in
 * notSeen). Not a test: it prints figures.
 */
import { cpus, loadavg, totalmem } from "node:os";
import { benchDatabase, benchLogins, benchPlayers, benchServer, cpuMeter, postmasterPid } from "./setup";
import { feedSignature } from "../src/server/http/signed-feed";

const PLAYERS = 200;
const SPREAD_S = Number(process.env.BENCH_BANK_SECONDS ?? 30);
// After the last record is sent, players poll at most this long for theirs.
const GRACE_S = Number(process.env.BENCH_BANK_GRACE_SECONDS ?? 45);
const POLL_MS = 1000;
const SECRET = "bench-bank-feed-secret-bench-bank-feed";
const ACCOUNT = "1234567890";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function quantile(values: number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
}

async function main() {
  const { url, db, cleanup } = await benchDatabase();
  try {
    await benchPlayers(db, PLAYERS, 0);
    // One receiving account, the one every request names and every record arrives in.
    await db.$client.query("update site_bank_accounts set active = false");
    const site = await db.$client.query<{ id: string }>(
      `insert into site_bank_accounts (bank_code, bank_no, account_name) values ('kbank', $1, 'บจก. เบนช์') returning id`,
      [ACCOUNT],
    );
    const siteBankId = Number(site.rows[0]!.id);

    const server = await benchServer(url, { BANK_FEED_SECRET: SECRET, LOG_LEVEL: "error" });
    cleanup.unshift(() => server.stop());
    const base = server.base;
    const post = async (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    const players = await benchLogins(base, PLAYERS);
    // Each player its own request: a different whole-baht amount, so every unique amount is free.
    const requests = [];
    for (const [i, p] of players.entries()) {
      // gent-amount takes 20 a minute from one address, and every player here is 127.0.0.1: set-up, not measured.
      if (i % 15 === 0) await db.$client.query(`delete from rate_limits where key like '%/api/gent-amount %'`);
      const r = await post("/api/gent-amount", { amount: 100 + i }, p.token);
      if (r.status !== 200) throw new Error(`gent-amount: ${JSON.stringify(r.body)}`);
      const bank = r.body.bank as { id: number } | null;
      if (bank?.id !== siteBankId) throw new Error(`the request names another account: ${JSON.stringify(bank)}`);
      requests.push({ ...p, amount: r.body.amount as number, transection: r.body.transection as string });
    }

    // Set when the bank starts sending: the measured phase lasts at most SPREAD_S + GRACE_S seconds.
    let deadline = Infinity;
    const cpu = cpuMeter({ server: server.process.pid!, postgres: await postmasterPid(db), generator: process.pid });
    const sentAt = new Map<string, number>();
    const seenAt = new Map<string, number>();
    const feedMs: number[] = [];
    let refused = 0;

    // The players: each polls every second (its phase random), as the deposit page does, until it sees its credit.
    const polling = requests.map(async (req) => {
      await sleep(Math.random() * POLL_MS);
      while (!seenAt.has(req.transection) && performance.now() < deadline) {
        const started = performance.now();
        const r = await post("/api/read-open-deposit-request", {}, req.token).catch(() => null);
        const credited = r?.body.lastCredited as { transection: string } | null | undefined;
        if (credited?.transection === req.transection && sentAt.has(req.transection)) {
          seenAt.set(req.transection, performance.now());
          break;
        }
        await sleep(Math.max(0, POLL_MS - (performance.now() - started)));
      }
    });

    // The bank: the records in a shuffled order, in batches of 1-3, at random moments over SPREAD_S seconds.
    const order = [...requests].sort(() => Math.random() - 0.5);
    const batches: (typeof requests)[] = [];
    for (let i = 0; i < order.length;) {
      const n = 1 + Math.floor(Math.random() * 3);
      batches.push(order.slice(i, i + n));
      i += n;
    }
    const loadBefore = loadavg();
    const startedAt = performance.now();
    const wallStart = Date.now();
    deadline = startedAt + (SPREAD_S + GRACE_S) * 1000;
    cpu.start();
    const bank = batches.map(async (batch, k) => {
      await sleep((k / batches.length) * SPREAD_S * 1000 + Math.random() * 200);
      const body = JSON.stringify({
        records: batch.map((r, j) => ({
          bank_ref: `BENCH${k}x${j}${r.transection.slice(-6)}`,
          account: ACCOUNT,
          amount: r.amount,
          time: new Date().toISOString(),
          from_bank: "scb",
          from_name: "ผู้เล่น เบนช์",
        })),
      });
      const timestamp = String(Date.now());
      const signature = feedSignature(SECRET, timestamp, body);
      const t0 = performance.now();
      for (const r of batch) sentAt.set(r.transection, t0);
      const res = await post("/api/admin/bank-feed", body, undefined, { "x-feed-timestamp": timestamp, "x-feed-signature": signature });
      feedMs.push(performance.now() - t0);
      if (res.status !== 200) {
        refused += batch.length;
        console.error("feed refused:", res.status, JSON.stringify(res.body));
      }
    });
    await Promise.all(bank);
    await Promise.all(polling);
    const cores = cpu.stop();
    const wallSeconds = (performance.now() - startedAt) / 1000;
    const loadAfter = loadavg();

    // The server's credit time: each record's matched_at against the moment it was sent (same machine clock).
    const matched = await db.$client.query<{ transection: string; matched_at_ms: string; matched_by: string }>(
      `select p.transection, (extract(epoch from b.matched_at) * 1000)::bigint as matched_at_ms, b.matched_by
       from bank_records b join pay_records p on p.id = b.pay_record_id
       where b.state = 'matched'`,
    );
    const toPerf = (epochMs: number) => startedAt + (epochMs - wallStart);
    const serverMs: number[] = [];
    let auto = 0;
    for (const m of matched.rows) {
      const sent = sentAt.get(m.transection);
      if (sent === undefined) continue;
      if (m.matched_by === "system") auto++;
      serverMs.push(toPerf(Number(m.matched_at_ms)) - sent);
    }
    const visibleMs = [...seenAt].map(([transection, at]) => at - sentAt.get(transection)!);

    const report = {
      machine: `${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, server + PostgreSQL + bank + players on the same machine, loopback`,
      // The machine's 1-minute load average as the records started and when the last player saw its credit.
      loadAverage: { before: +loadBefore[0]!.toFixed(2), after: +loadAfter[0]!.toFixed(2) },
      window: { from: new Date(wallStart).toISOString(), to: new Date(wallStart + wallSeconds * 1000).toISOString() },
      records: PLAYERS,
      batches: batches.length,
      spreadSeconds: SPREAD_S,
      wallSeconds: +wallSeconds.toFixed(1),
      refused,
      matchedAutomatically: auto,
      feedCallMs: { p50: quantile(feedMs, 0.5), p95: quantile(feedMs, 0.95) },
      sendToServerCreditMs: { n: serverMs.length, p50: quantile(serverMs, 0.5), p95: quantile(serverMs, 0.95), max: quantile(serverMs, 1) },
      sendToPlayerSeesMs: {
        n: visibleMs.length,
        pollMs: POLL_MS,
        p50: quantile(visibleMs, 0.5),
        p95: quantile(visibleMs, 0.95),
        max: quantile(visibleMs, 1),
      },
      notSeen: PLAYERS - visibleMs.length,
      cores,
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
