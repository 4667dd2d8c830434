/**
 * An evenly paced load (open loop) for the benchmarks: each player sends at its own steady interval,
 * with a random phase, so `ratePerSecond` is spread over time as real players would spread it (a tool
 * that fires each second's quota at once measures its own bursts). A player sends one request at a
 * time: one due while the previous is unanswered goes when that answer comes. Two latencies are kept:
 * from sending (the server and the wire) and from when the request was due (adding the wait behind the
 * player's previous request and the generator's own lateness on a busy machine), with that lateness.
 *
 * Each player keeps one keep-alive connection and speaks HTTP/1.1 on it directly (the request written
 * in one piece, the answer read by its Content-Length): Node's HTTP client cost about half a core at
 * 3,000 requests/s, taken from the server it measures when both share the machine.
 */
import net from "node:net";

export interface PacedResult {
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** From sending to the answer, sorted. */
  latencies: number[];
  /**
   * The same for the requests sent once the load has run for a second, sorted: the load starts at its full rate
   * from nothing, and on a full machine its first second's backlog is a good part of the p99 (bench/README.md).
   */
  afterFirstSecond: number[];
  /** From when the request was due to the answer, sorted. */
  fromDue: number[];
  /** How late each request was sent (behind the player's previous one, or the generator's own lateness), sorted. */
  sendLags: number[];
  /** The server's own time for each request, from its Server-Timing header when it sends one, sorted. */
  serverTimes: number[];
  /** How long connecting every player (and the warm-up request) took, before the clock started. */
  connectMs: number;
  /** Each answered request: its send time from the start of the clock, its latency and the server's own time (null without), in ms. */
  timeline: Array<[number, number, number | null]>;
}

type Answer = { status: number; serverTime: number | null };

const HEAD_END = Buffer.from("\r\n\r\n");

/** One keep-alive HTTP/1.1 connection carrying one request at a time. */
class Connection {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  request(text: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.open().write(text);
    });
  }

  /** Opens the connection ahead of the first request. */
  connect(): Promise<void> {
    const socket = this.open();
    return socket.connecting ? new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject)) : Promise.resolve();
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  /** The request in flight fails (its connection is gone or its answer unreadable). */
  private failWaiting(e: Error) {
    const w = this.waiting;
    this.waiting = null;
    w?.reject(e);
  }

  private open(): net.Socket {
    if (this.socket) return this.socket;
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    this.buffer = Buffer.alloc(0);
    // Events of a connection already replaced (its close comes after its error) concern nobody now.
    socket.on("data", (chunk: Buffer) => {
      if (this.socket !== socket) return;
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.parse();
    });
    const fail = (e: Error) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failWaiting(e);
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("connection closed")));
    this.socket = socket;
    return socket;
  }

  private parse() {
    const end = this.buffer.indexOf(HEAD_END);
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.toString("latin1", 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.close();
      return this.failWaiting(new Error("answer without Content-Length"));
    }
    const total = end + HEAD_END.length + Number(length[1]);
    if (this.buffer.length < total) return;
    const timing = /\r\nserver-timing: *app;dur=([\d.]+)/i.exec(head);
    this.buffer = this.buffer.subarray(total);
    const w = this.waiting;
    this.waiting = null;
    w.resolve({ status: Number(head.slice(9, 12)), serverTime: timing ? Number(timing[1]) : null });
  }
}

export async function pacedLoad<P>(o: {
  base: string;
  players: P[];
  ratePerSecond: number;
  seconds: number;
  /** A GET each connection makes, not measured, before the clock starts. */
  warmUpPath?: string;
  /** Called when the clock starts and when the last answer is in (to measure over the same time). */
  onClock?: (event: "start" | "end") => void;
  request: (player: P) => { path: string; headers: Record<string, string>; body: string };
}): Promise<PacedResult> {
  const url = new URL(o.base);
  const result: PacedResult = {
    sent: 0,
    ok: 0,
    non2xx: 0,
    errors: 0,
    latencies: [],
    afterFirstSecond: [],
    fromDue: [],
    sendLags: [],
    serverTimes: [],
    connectMs: 0,
    timeline: [],
  };
  const interval = (o.players.length / o.ratePerSecond) * 1000;
  // Players are connected before the clock starts, as players with the page open are: connections
  // opened inside the measured time put up to ~1.8 s on the first shots of 500 players on this busy
  // machine (the cost of connecting, reported as `connectMs`, not of a shot).
  const connecting = performance.now();
  const connections = o.players.map(() => new Connection(url.hostname, Number(url.port)));
  await Promise.all(connections.map((c) => c.connect()));
  // Each connection has carried a request before the clock starts, as a player's has (the page was
  // loaded): the server has taken it in, not only the kernel.
  if (o.warmUpPath) await Promise.all(connections.map((c) => c.request(`GET ${o.warmUpPath} HTTP/1.1\r\nhost: ${url.host}\r\n\r\n`)));
  o.onClock?.("start");
  const start = performance.now();
  result.connectMs = Math.round(start - connecting);
  const end = start + o.seconds * 1000;

  const text = (r: ReturnType<typeof o.request>) => {
    const headers = Object.entries({ host: url.host, ...r.headers, "content-length": String(Buffer.byteLength(r.body)) })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("");
    return `POST ${r.path} HTTP/1.1\r\n${headers}\r\n${r.body}`;
  };

  await Promise.all(
    o.players.map(async (player, i) => {
      const connection = connections[i]!;
      let due = start + Math.random() * interval;
      while (due < end) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        result.sent += 1;
        const sentAt = performance.now();
        result.sendLags.push(Math.max(0, sentAt - due));
        try {
          const answer = await connection.request(text(o.request(player)));
          const answeredAt = performance.now();
          result.latencies.push(answeredAt - sentAt);
          if (sentAt - start >= 1000) result.afterFirstSecond.push(answeredAt - sentAt);
          result.fromDue.push(answeredAt - due);
          result.timeline.push([sentAt - start, answeredAt - sentAt, answer.serverTime]);
          if (answer.serverTime !== null) result.serverTimes.push(answer.serverTime);
          if (answer.status >= 200 && answer.status < 300) result.ok += 1;
          else result.non2xx += 1;
        } catch {
          // No answer: counted as an error, not as a latency.
          result.errors += 1;
        }
        due += interval;
      }
      connection.close();
    }),
  );
  o.onClock?.("end");
  for (const list of [result.latencies, result.afterFirstSecond, result.fromDue, result.sendLags, result.serverTimes])
    list.sort((a, b) => a - b);
  return result;
}
