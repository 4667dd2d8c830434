import Fastify, { type FastifyInstance } from "fastify";
import { AggregatorRegistry, type Registry } from "prom-client";

/**
 * The metrics port (METRICS_PORT, docs/decisions/018): `GET /metrics` in Prometheus text and nothing
 * else, apart from the site's port, so a scraper needs no player's or operator's token and the port can
 * stay on a private address.
 */
export function metricsServer(read: () => Promise<string>, contentType: string): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get("/metrics", async (_request, reply) => reply.type(contentType).send(await read()));
  return app;
}

/** One process: its own registry. */
export function processMetrics(registry: Registry): FastifyInstance {
  return metricsServer(() => registry.metrics(), registry.contentType);
}

/**
 * With WORKERS > 1 the primary serves the port and asks every worker for its registry over the cluster's
 * channel: counters and histograms are summed, database-wide gauges take the largest (or, for the ledger
 * check, the smallest) value.
 */
export function clusterMetrics(): FastifyInstance {
  const aggregator = new AggregatorRegistry();
  return metricsServer(() => aggregator.clusterMetrics(), aggregator.contentType);
}

/** In a worker: answers the primary's requests with this registry. */
export function answerClusterMetrics(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // The constructor installs the worker's listener for the primary's requests.
  new AggregatorRegistry();
}
