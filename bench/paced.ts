/**
 * An evenly paced load (open loop) for the benchmarks: each player sends at its own steady interval,
 * with a random phase, so `ratePerSecond` is spread over time as real players would spread it (a tool
 * that fires each second's quota at once measures its own bursts). A player sends one request at a
 * time: one due while the previous is unanswered goes when that answer comes. Two latencies are kept:
 * from sending (the server and the wire) and from when the request was due (adding the wait behind the
 * player's previous request and the generator's own lateness on a busy machine), with that lateness.
 */
import http from "node:http";

export interface PacedResult {
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** From sending to the answer, sorted. */
  latencies: number[];
  /** From when the request was due to the answer, sorted. */
  fromDue: number[];
  /** How late each request was sent (behind the player's previous one, or the generator's own lateness), sorted. */
  sendLags: number[];
  /** The server's own time for each request, from its Server-Timing header when it sends one, sorted. */
  serverTimes: number[];
}

export async function pacedLoad<P>(o: {
  base: string;
  players: P[];
  ratePerSecond: number;
  seconds: number;
  request: (player: P) => { path: string; headers: Record<string, string>; body: string };
}): Promise<PacedResult> {
  const url = new URL(o.base);
  const result: PacedResult = { sent: 0, ok: 0, non2xx: 0, errors: 0, latencies: [], fromDue: [], sendLags: [], serverTimes: [] };
  const interval = (o.players.length / o.ratePerSecond) * 1000;
  const start = performance.now();
  const end = start + o.seconds * 1000;

  const send = (agent: http.Agent, player: P) =>
    new Promise<void>((resolve) => {
      const r = o.request(player);
      const req = http.request(
        { host: url.hostname, port: url.port, path: r.path, method: "POST", agent, headers: { ...r.headers, "content-length": Buffer.byteLength(r.body) } },
        (res) => {
          const timing = /dur=([\d.]+)/.exec(String(res.headers["server-timing"] ?? ""));
          if (timing) result.serverTimes.push(Number(timing[1]));
          res.resume();
          res.on("end", () => {
            if (res.statusCode! >= 200 && res.statusCode! < 300) result.ok += 1;
            else result.non2xx += 1;
            resolve();
          });
        },
      );
      req.on("error", () => {
        result.errors += 1;
        resolve();
      });
      req.end(r.body);
    });

  await Promise.all(
    o.players.map(async (player) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      let due = start + Math.random() * interval;
      while (due < end) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        result.sent += 1;
        const sentAt = performance.now();
        result.sendLags.push(Math.max(0, sentAt - due));
        await send(agent, player);
        const answeredAt = performance.now();
        result.latencies.push(answeredAt - sentAt);
        result.fromDue.push(answeredAt - due);
        due += interval;
      }
      agent.destroy();
    }),
  );
  for (const list of [result.latencies, result.fromDue, result.sendLags, result.serverTimes]) list.sort((a, b) => a - b);
  return result;
}
