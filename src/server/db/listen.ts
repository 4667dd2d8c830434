import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { ADMIN_SHUTDOWN } from "./errors";
import { releaseConnection } from "./functions";

export interface ChannelHandlers {
  onNotification(payload: string | undefined): void;
  /** After every (re)connection: what was sent while the connection was down is to be read again. */
  onConnected(): void;
}

/**
 * One LISTEN connection for a channel, re-established after it drops (0.25 s doubling to 5 s). The first
 * connection's failure is thrown, so a server that cannot listen does not start; later ones are retried.
 * Closed with the app.
 */
export async function listenTo(
  databaseUrl: string,
  channel: string,
  handlers: ChannelHandlers,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  let listener: pg.Client | null = null;
  let closing = false;
  const later = (attempt: number) => setTimeout(() => void listen(attempt + 1).catch(() => {}), Math.min(5_000, 250 * 2 ** attempt));

  async function listen(attempt: number): Promise<void> {
    if (closing) return;
    const client = new pg.Client({ connectionString: databaseUrl, ...releaseConnection() });
    const retry = () => {
      if (listener !== client || closing) return;
      listener = null;
      client.end().catch(() => {});
      later(attempt);
    };
    client.on("error", (err) => {
      if (closing) return;
      // The database told its connections it is shutting down (SQLSTATE 57P01, a stop by whoever runs it,
      // as at the server's own stop): no fault of its own; not reaching it again would be (docs/decisions/071).
      if ((err as { code?: string }).code === ADMIN_SHUTDOWN)
        log.info({ channel }, "database shutting down; listening again once it is back");
      else log.error({ err, channel }, "listener lost; reconnecting");
      retry();
    });
    client.on("end", retry);
    client.on("notification", (n) => handlers.onNotification(n.payload));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
      listener = client;
      handlers.onConnected();
    } catch (err) {
      log.error({ err, channel }, "listener could not connect; retrying");
      client.end().catch(() => {});
      if (attempt === 0) throw err;
      if (!closing) later(attempt);
    }
  }
  await listen(0);

  return {
    async close() {
      closing = true;
      await listener?.end().catch(() => {});
    },
  };
}
