import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import { SESSION_ENDED_CODE } from "../../contract/auth";

/** The part of a `ws` socket the live feeds use. */
export type Socket = {
  send(data: string): void;
  send(data: Buffer, options: { binary: boolean }): void;
  on(event: "close" | "pong" | "message", fn: () => void): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  readyState: number;
};

/** The largest frame a watcher may send: it is never expected to send anything. */
const MAX_CLIENT_FRAME_BYTES = 1024;
const PING_MS = 30_000;
/**
 * The pings go out a share at a time, every PING_SLICE_MS, so each socket is pinged once per PING_MS:
 * pinging 10,000 watchers at once held the event loop for 100-270 ms (docs/decisions/068).
 */
const PING_SLICE_MS = 1_000;

export type LiveFeed = "yeekee" | "games";

export interface LiveSockets {
  /**
   * Takes a new watcher's socket of a feed in: refused (closed, after `tooMany` is sent as an error
   * message) when its address already holds the most sockets allowed; otherwise counted against the
   * address and the feed, closed if it sends anything (a watcher only listens), and pinged: a half-open
   * connection is terminated and `onGone` runs, as it does when the socket closes.
   */
  admit(socket: Socket, address: string, tooMany: string, onGone: () => void, feed: LiveFeed): boolean;
  /** The open watchers of each feed (the metrics read it when scraped). */
  watching(): Record<LiveFeed, number>;
  /**
   * Ties an admitted socket to the player's session: it is closed (4401, after a Thai `error` message) when
   * the session ends, whichever instance ends it (docs/decisions/048).
   */
  bindSession(socket: Socket, sessionId: string): void;
  /** Sessions ended on this instance (logout, password change, ban, time-out): their sockets close at once. */
  endSessions(ids: string[]): void;
}

/** How the feeds learn that sessions ended elsewhere: the live ones among them, read every `recheckMs`. */
export interface SessionWatch {
  liveSessions(ids: string[]): Promise<Set<string>>;
  recheckMs: number;
}

/** Sent before a socket of an ended session is closed; the page signs in again. */
export const SESSION_ENDED_MESSAGE = "การเข้าสู่ระบบนี้สิ้นสุดแล้ว กรุณาเข้าสู่ระบบใหม่";

/**
 * The WebSocket feeds' common ground (live yeekee rounds, the games lobby): the plugin, one limit of
 * open sockets per client address over every feed (one address cannot hold the server's memory with
 * watchers), and the ping that finds half-open connections.
 */
export async function liveSockets(
  app: FastifyInstance,
  maxPerAddress: number,
  sessionWatch: SessionWatch,
  timing: { pingMs: number; pingSliceMs: number } = { pingMs: PING_MS, pingSliceMs: PING_SLICE_MS },
): Promise<LiveSockets> {
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES } });
  const perAddress = new Map<string, number>();
  const watched = new Map<Socket, { alive: boolean; onGone: () => void }>();
  const perFeed: Record<LiveFeed, number> = { yeekee: 0, games: 0 };
  const bySession = new Map<string, Set<Socket>>();

  function endSessions(ids: Iterable<string>) {
    for (const id of ids) {
      const set = bySession.get(id);
      if (!set) continue;
      bySession.delete(id);
      for (const socket of set) {
        if (socket.readyState === 1) socket.send(JSON.stringify({ type: "error", message: SESSION_ENDED_MESSAGE }));
        socket.close(SESSION_ENDED_CODE, "session ended");
      }
    }
  }

  // A session ended on another instance (or past its time, or its player banned there) is not announced
  // here: every open socket's session is read again each recheckMs, the time the session cache already
  // allows a revocation to take on another instance (docs/decisions/001). One query for all of them.
  let rechecking = false;
  const recheck = setInterval(
    () => {
      if (rechecking || bySession.size === 0) return;
      rechecking = true;
      const ids = [...bySession.keys()];
      sessionWatch
        .liveSessions(ids)
        .then((live) => endSessions(ids.filter((id) => !live.has(id))))
        // The database away: the sockets stay, and the next round reads them again.
        .catch((err: unknown) => app.log.warn({ err }, "live sockets' sessions not read"))
        .finally(() => {
          rechecking = false;
        });
    },
    Math.max(250, sessionWatch.recheckMs),
  );
  app.addHook("onClose", async () => clearInterval(recheck));

  // A socket not answering since its last ping is terminated at its next turn, one ping interval later.
  // Each slice earns its share of the sockets (fractions carried over), so a few sockets are still pinged
  // once per interval, not once per slice.
  let turn = watched.entries();
  let owed = 0;
  const pinger = setInterval(() => {
    owed = Math.min(owed + (watched.size * timing.pingSliceMs) / timing.pingMs, watched.size);
    for (; owed >= 1; owed -= 1) {
      let next = turn.next();
      if (next.done) {
        turn = watched.entries();
        next = turn.next();
        if (next.done) return;
      }
      const [socket, w] = next.value;
      if (!w.alive) {
        watched.delete(socket);
        socket.terminate();
        w.onGone();
        continue;
      }
      w.alive = false;
      socket.ping();
    }
  }, timing.pingSliceMs);
  app.addHook("onClose", async () => clearInterval(pinger));

  return {
    admit(socket, address, tooMany, onGone, feed) {
      const open = perAddress.get(address) ?? 0;
      if (open >= maxPerAddress) {
        socket.send(JSON.stringify({ type: "error", message: tooMany }));
        socket.close(1013, "too many connections from this address");
        return false;
      }
      perAddress.set(address, open + 1);
      perFeed[feed] += 1;
      const w = { alive: true, onGone };
      watched.set(socket, w);
      socket.on("pong", () => {
        w.alive = true;
      });
      socket.on("close", () => {
        perFeed[feed] -= 1;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left <= 0) perAddress.delete(address);
        else perAddress.set(address, left);
        if (watched.delete(socket)) onGone();
      });
      socket.on("message", () => socket.close(1008, "unexpected message"));
      return true;
    },
    watching: () => ({ ...perFeed }),
    bindSession(socket, sessionId) {
      if (socket.readyState > 1) return;
      const set = bySession.get(sessionId) ?? new Set<Socket>();
      bySession.set(sessionId, set);
      set.add(socket);
      socket.on("close", () => {
        set.delete(socket);
        if (set.size === 0 && bySession.get(sessionId) === set) bySession.delete(sessionId);
      });
    },
    endSessions,
  };
}
