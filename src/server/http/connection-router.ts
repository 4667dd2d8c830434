import type http from "node:http";
import net from "node:net";

/** The message that hands a worker a connection: the bytes the primary read from it come along. */
export interface HandedConnection {
  type: "connection";
  /** What the primary read of the first request, base64. */
  head: string;
}

export const isHandedConnection = (m: unknown): m is HandedConnection =>
  typeof m === "object" &&
  m !== null &&
  (m as { type?: unknown }).type === "connection" &&
  typeof (m as { head?: unknown }).head === "string";

/** The live sockets' calls: a connection whose first request is one of these goes to a live worker (docs/decisions/073). */
const LIVE_PREFIX = "/api/ws/";
/** A first request line longer than this is not a live socket's: it goes to an ordinary worker, which answers it. */
const HEAD_MAX = 8192;

/**
 * Where a connection goes, from the first bytes of its first request: "live" for a live socket's call,
 * "app" for anything else, null while the request line is not complete.
 */
export function connectionKind(head: Buffer): "live" | "app" | null {
  const end = head.indexOf("\r\n");
  if (end < 0) return head.length >= HEAD_MAX ? "app" : null;
  const line = head.toString("latin1", 0, end);
  const [method, target] = line.split(" ");
  return method === "GET" && target?.startsWith(LIVE_PREFIX) ? "live" : "app";
}

export interface RouterOptions {
  port: number;
  host: string;
  backlog: number;
  /** Longest wait for a connection's first request line before it is closed. */
  headTimeoutMs: number;
  /** The worker for a connection of this kind (round robin among those ready), or null if none is. */
  pick: (kind: "live" | "app") => {
    send: (m: HandedConnection, socket: net.Socket, options: object, callback: (error: Error | null) => void) => unknown;
  } | null;
  onError: (message: string) => void;
}

/**
 * The primary's listening socket when some workers take only the live sockets: it reads each connection's
 * first request line and hands the connection, with what it read, to a worker of that kind. Each
 * connection is read by the primary once, however many requests it then carries (docs/decisions/073).
 */
export function routeConnections(options: RouterOptions): Promise<net.Server> {
  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const timer = setTimeout(() => socket.destroy(), options.headTimeoutMs);
    const done = () => {
      clearTimeout(timer);
      socket.off("data", onData);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      const head = chunks.length === 1 ? chunk : Buffer.concat(chunks, length);
      const kind = connectionKind(head);
      if (!kind) return;
      done();
      // Nothing more is read here: what the client sends next stays in the kernel for the worker (a paused
      // socket would go on reading into its buffer, and the hand-over drops what it holds).
      // Node is left believing it reads (`reading` stays set), or it would start again before the hand-over.
      (socket as unknown as { _handle?: { readStop(): number } })._handle?.readStop();
      socket.pause();
      const worker = options.pick(kind) ?? options.pick(kind === "live" ? "app" : "live");
      if (!worker) {
        socket.destroy();
        return;
      }
      // A worker whose channel has just closed cannot take it: the connection is closed, the client retries.
      worker.send({ type: "connection", head: head.toString("base64") }, socket, {}, (error) => {
        if (error) socket.destroy();
      });
    };
    socket.on("data", onData);
    socket.on("error", () => done());
    socket.on("close", () => done());
    socket.resume();
  });
  server.on("error", (err) => options.onError(err.message));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: options.port, host: options.host, backlog: options.backlog }, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

/**
 * In a worker: takes the connections the primary hands over into the app's HTTP server. The server never
 * listens, so Node's checks of slow headers and requests are started here as `listen` would start them,
 * and the connections are counted for the stop: `drained` resolves once every one has closed.
 */
export function takeHandedConnections(server: http.Server): { drained: () => Promise<void> } {
  server.emit("listening");
  const open = new Set<net.Socket>();
  let wake: (() => void) | null = null;
  process.on("message", (message: unknown, socket?: net.Socket) => {
    if (!isHandedConnection(message) || !socket) return;
    open.add(socket);
    socket.once("close", () => {
      open.delete(socket);
      if (open.size === 0) wake?.();
    });
    server.emit("connection", socket);
    socket.emit("data", Buffer.from(message.head, "base64"));
    socket.resume();
  });
  return {
    drained: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((r) => (wake = r))),
  };
}
