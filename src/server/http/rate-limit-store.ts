import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type pg from "pg";

type Callback = Parameters<FastifyRateLimitStore["incr"]>[1];
/** What the plugin passes to child(): the route's merged limit options, with the route itself. */
type RouteParams = {
  routeInfo?: { url?: string; method?: string | string[] };
  /** A limiter made with createRateLimit (it has no route): the name its counts go under. */
  countsAs?: string;
};

/**
 * A @fastify/rate-limit store in PostgreSQL (docs/decisions/022): each call's count per client address and fixed
 * window is one upserted row of `rate_limits`, so every instance on the database shares one limit
 * instead of each allowing it again. A route that counts in this instance's memory (yeekee shots: thousands
 * a second, paced per player in the database already) does so itself (register-route.ts, docs/decisions/072).
 */
export function sharedRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  class SharedCounts implements FastifyRateLimitStore {
    private readonly route: string;
    /** The plugin constructs the first one with its options; each route's own is made by child(). */
    constructor(route?: unknown) {
      this.route = typeof route === "string" ? route : "";
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      pool
        .query<{ count: number; ttl: number }>(
          // A window starts at its key's first request (as local-limit.ts's do) and a new one
          // begins at the first request after it ends.
          `insert into rate_limits as r (key, window_start, count) values ($1, clock_timestamp(), 1)
           on conflict (key) do update set
             count = case when r.window_start + make_interval(secs => $2 / 1000.0) <= clock_timestamp() then 1 else r.count + 1 end,
             window_start = case when r.window_start + make_interval(secs => $2 / 1000.0) <= clock_timestamp() then clock_timestamp() else r.window_start end
           returning count, (extract(epoch from window_start - clock_timestamp()) * 1000 + $2)::int as ttl`,
          [`${this.route} ${key}`, timeWindow],
        )
        .then((r) => cb(null, { current: r.rows[0]!.count, ttl: Math.max(0, r.rows[0]!.ttl) }))
        .catch((err: Error) => cb(err, { current: 0, ttl: 0 }));
    }

    child(options: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const params = options as unknown as RouteParams;
      const route = params.routeInfo;
      return new SharedCounts(params.countsAs ?? `${[route?.method ?? ""].flat().join(",")} ${route?.url ?? ""}`);
    }
  }

  return SharedCounts;
}

/** Windows that started over an hour ago are forgotten (the ticker; every limit's window is shorter). */
export async function forgetOldRateLimits(pool: pg.Pool): Promise<number> {
  const r = await pool.query("delete from rate_limits where window_start < now() - interval '1 hour'");
  return r.rowCount ?? 0;
}
