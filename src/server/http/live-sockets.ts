import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";

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
}

/**
 * The WebSocket feeds' common ground (live yeekee rounds, the games lobby): the plugin, one limit of
 * open sockets per client address over every feed (one address cannot hold the server's memory with
 * watchers), and the ping that finds half-open connections.
 */
export async function liveSockets(app: FastifyInstance, maxPerAddress: number): Promise<LiveSockets> {
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES } });
  const perAddress = new Map<string, number>();
  const watched = new Map<Socket, { alive: boolean; onGone: () => void }>();
  const perFeed: Record<LiveFeed, number> = { yeekee: 0, games: 0 };

  const pinger = setInterval(() => {
    for (const [socket, w] of watched) {
      if (!w.alive) {
        watched.delete(socket);
        socket.terminate();
        w.onGone();
        continue;
      }
      w.alive = false;
      socket.ping();
    }
  }, PING_MS);
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
  };
}
