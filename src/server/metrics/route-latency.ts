/** Seconds; the bet path answers in tens of milliseconds, a slow report in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: { method: string; route: string; status_code: string };
  /** Per bucket (not cumulative), the last one past the largest bound. */
  counts: number[];
  sum: number;
  count: number;
}

const NAME = "lotto_http_request_duration_seconds";
const HELP = "Time from a request's arrival to its answer, by route pattern (not the raw URL), method and status code.";

/**
 * The HTTP latency histogram, kept as a plain structure and shaped for prom-client when scraped: every
 * request is observed (the bet path and yeekee shots too), and prom-client's own histogram hashes its
 * labels on each observation (about 3 µs here); this finds the series by the route's own config object
 * (one per route, kept by Fastify) and its status code, and adds to one bucket.
 */
export function routeLatency() {
  const byRoute = new WeakMap<object, { method: string; route: string; byStatus: Map<number, Series> }>();
  const all: Series[] = [];

  return {
    /** `routeConfig` identifies the route (Fastify's `routeOptions.config`); `route` is its pattern, undefined when no route matched. */
    observe(routeConfig: object, method: string, route: string | undefined, status: number, seconds: number): void {
      let r = byRoute.get(routeConfig);
      if (!r) {
        // Requests no route matched share one series: their URLs are whatever a client sends.
        r = { method, route: route ?? "unmatched", byStatus: new Map() };
        byRoute.set(routeConfig, r);
      }
      let s = r.byStatus.get(status);
      if (!s) {
        s = {
          labels: { method: r.method, route: r.route, status_code: String(status) },
          counts: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0),
          sum: 0,
          count: 0,
        };
        r.byStatus.set(status, s);
        all.push(s);
      }
      let i = 0;
      while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
      s.counts[i]! += 1;
      s.sum += seconds;
      s.count += 1;
    },

    /**
     * The metric as prom-client's registry reads one (its `get()` is what the registry and the cluster
     * aggregator call): cumulative buckets, sum and count per series.
     */
    metric() {
      return {
        name: NAME,
        help: HELP,
        type: "histogram" as const,
        aggregator: "sum" as const,
        reset() {
          for (const s of all) {
            s.counts.fill(0);
            s.sum = 0;
            s.count = 0;
          }
        },
        async get() {
          const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
          for (const s of all) {
            let cumulative = 0;
            LATENCY_BUCKETS.forEach((le, i) => {
              cumulative += s.counts[i]!;
              values.push({ metricName: `${NAME}_bucket`, labels: { ...s.labels, le }, value: cumulative });
            });
            values.push({ metricName: `${NAME}_bucket`, labels: { ...s.labels, le: "+Inf" }, value: s.count });
            values.push({ metricName: `${NAME}_sum`, labels: s.labels, value: s.sum });
            values.push({ metricName: `${NAME}_count`, labels: s.labels, value: s.count });
          }
          return { name: NAME, help: HELP, type: "histogram", aggregator: "sum", values };
        },
      };
    },
  };
}
