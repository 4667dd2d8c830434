import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Manifest, pageModules, pagePreloads, withPreloads } from "../build/first-load";
import { accountRoutes } from "./account/routes";
import { authRoutes } from "./auth/routes";
import { secretBox } from "./auth/second-factor";
import { authService } from "./auth/service";
import { type SmsSender, smsSender } from "./auth/sms";
import { tokenIssuer } from "./auth/tokens";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { installErrorHandler } from "./http/error-handler";
import { healthRoutes } from "./http/health";
import { headersOf, siteHelmet } from "./http/security-headers";
import { siteRoutes } from "./site/routes";
import { gamesLive } from "./games/live";
import { gamesRoutes } from "./games/routes";
import { liveSockets } from "./http/live-sockets";
import { requestIdGenerator } from "./http/request-id";
import { sharedRateLimitStore } from "./http/rate-limit-store";
import { type OperatorMetrics, operatorMetrics } from "./metrics/registry";
import { setMoneyLog } from "./wallet/ledger";
import { pointsRoutes } from "./points/routes";
import { referralRoutes } from "./referral/routes";
import { rgRoutes } from "./rg/routes";
import { walletRoutes } from "./wallet/routes";
import { bankRoutes } from "./bank/routes";
import { automaticDepositsOn } from "./bank/intake";
import { nestsDeeperThan } from "./http/json-depth";
import { lotteryRoutes } from "./lottery/routes";
import { noticesRoutes } from "./notices/routes";
import { backOfficeRoutes } from "./back-office/routes";
import { bankStatsRoutes, statementRoutes } from "./bank/operations/routes";
import { bankStatsWithin } from "./bank/operations/stats";
import { bettingRoutes } from "./betting/routes";
import { yeekeeLive } from "./yeekee/live";
import { yeekeeRoutes } from "./yeekee/routes";

export interface AppDeps {
  config: Config;
  db: Db;
  /** The database's address, for the LISTEN connections of the live feeds (off when absent). */
  databaseUrl?: string;
  /** Replaces the configured sender; tests pass one that records the codes. */
  sms?: SmsSender;
  /** false: no log; a stream: the log's lines are written there (tests read them). */
  logger?: boolean | { stream: { write(line: string): void } };
  /**
   * This process takes only the live sockets (a live worker): its fan-out leaves room on the machine
   * (docs/decisions/073). Tests give the least time between its passes.
   */
  liveWorker?: boolean | { leastPassGapMs: number };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The operator's metrics of this app (served on METRICS_PORT by main.ts). */
    metrics: OperatorMetrics;
  }
}

/** Builds the whole HTTP app from its areas; `main.ts` and the tests build it the same way. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, ...(typeof deps.logger === "object" ? { stream: deps.logger.stream } : {}) },
    // Every log line of a request carries its id (`reqId`); a sane incoming x-request-id is kept.
    genReqId: requestIdGenerator(),
    // A hop count is accepted at run time though the type does not list it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // Keep the raw JSON text: the result feed's signature is computed over the exact bytes sent.
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    (request as typeof request & { rawBody?: string }).rawBody = body as string;
    // Refused before parsing: what walks a parsed body (the control-character check, the schemas) recurses.
    if (nestsDeeperThan(body as string)) {
      done(Object.assign(new Error("too deeply nested"), { statusCode: 400, code: "LOTTO_JSON_TOO_DEEP" }), undefined);
      return;
    }
    try {
      done(null, (body as string).length === 0 ? undefined : JSON.parse(body as string));
    } catch {
      done(Object.assign(new SyntaxError("bad json"), { statusCode: 400 }), undefined);
    }
  });

  if (config.serverTiming) {
    // From the request's arrival at Fastify to its answer: the server's share of a latency measured outside.
    app.addHook("onSend", (_request, reply, payload, done) => {
      reply.header("server-timing", `app;dur=${reply.elapsedTime.toFixed(1)}`);
      done(null, payload);
    });
  }
  // Security headers on every response: helmet's, worked out once at start-up and set from memory
  // (docs/decisions/070); helmet's own middleware set them one by one on each request.
  const securityHeaders = headersOf(siteHelmet());
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    reply.headers(securityHeaders);
    done();
  });
  const metrics = operatorMetrics({
    pool: db.$client,
    warn: (msg, err) => app.log.warn({ err }, msg),
    bankStats: (ms) => bankStatsWithin(db, ms),
  });
  app.decorate("metrics", metrics);
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions;
    metrics.observeRequest(route.config, request.method, route.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // Money movements made through the ledger's TypeScript door log their ledger transaction id.
  setMoneyLog(app.log);
  if (config.corsOrigins.length > 0) {
    // A client served from another host (CORS_ORIGINS) may call the API with its Bearer token; any other
    // origin gets no CORS headers, so its pages cannot read an answer. Off by default.
    const allowed = new Set(config.corsOrigins);
    await app.register(cors, {
      // A function, not the list: the plugin answers an unlisted origin's preflight with its methods and
      // headers otherwise; this way it gets nothing (and the preflight a 404).
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ["GET", "POST"],
      allowedHeaders: ["authorization", "content-type", "idempotency-key"],
      maxAge: 600,
    });
  }
  await app.register(cookie);
  // Limits are counted in PostgreSQL, shared by every instance (yeekee shots count in memory, docs/decisions/072).
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(db.$client) });
  await app.register(swagger, {
    openapi: {
      info: { title: "Lotto site API", description: "API ของเว็บแทงหวยออนไลน์", version: "1.0.0" },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  // The docs page keeps the site's strict policy (helmet's header), not a looser one of its own.
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  const sms = deps.sms ?? smsSender(config.sms, app.log);
  const auth = authService({
    db,
    tokens: tokenIssuer(config.jwtSecret),
    sms,
    tokenTtlSeconds: config.jwtTtlSeconds,
    sessionCacheMs: config.sessionCacheMs,
    secondFactorBox: secretBox(config.jwtSecret),
    adminTotpRequired: config.adminTotpRequired,
  });
  const authenticate = auth.authenticate;

  authRoutes(app, authenticate, auth, config.rateLimitAuthPerMinute);
  siteRoutes(app, authenticate, db);
  walletRoutes(app, authenticate, db, () => automaticDepositsOn(db, config.bankFeedSecret));
  bankRoutes(app, authenticate, db, config.bankFeedSecret);
  referralRoutes(app, authenticate, db);
  pointsRoutes(app, authenticate, db);
  gamesRoutes(app, authenticate, db);
  rgRoutes(app, authenticate, db, auth);
  lotteryRoutes(app, authenticate, db, config.resultFeedSecret);
  bettingRoutes(app, authenticate, db);
  accountRoutes(app, authenticate, db);
  noticesRoutes(app, authenticate, db);
  backOfficeRoutes(app, authenticate, db);
  statementRoutes(app, authenticate, db);
  bankStatsRoutes(app, authenticate, db);
  // Shooter pseudonyms are keyed with a secret derived from the token secret (shared by all instances).
  const shooterSecret = createHmac("sha256", config.jwtSecret).update("yeekee-shooter").digest("hex");
  yeekeeRoutes(app, authenticate, db, config.rateLimitShotsPerMinute, shooterSecret);
  if (deps.databaseUrl) {
    // The live feeds (yeekee rounds, the games lobby) need the LISTEN connections; off without an address.
    const sockets = await liveSockets(app, config.wsMaxPerAddress, { liveSessions: auth.liveSessions, recheckMs: config.sessionCacheMs });
    auth.onSessionsEnded((ids) => sockets.endSessions(ids));
    metrics.countLiveWatchers(sockets.watching);
    await yeekeeLive(app, db, deps.databaseUrl, shooterSecret, authenticate, sockets, {
      liveWorker: deps.liveWorker !== undefined && deps.liveWorker !== false,
      leastPassGapMs: typeof deps.liveWorker === "object" ? deps.liveWorker.leastPassGapMs : 0,
    });
    await gamesLive(app, db, deps.databaseUrl, authenticate, sockets);
  }
  healthRoutes(app, db);

  await serveWebApp(app, config.webDir);
  return app;
}

/**
 * index.html for a page, with the chunks that page shows first named for preloading (src/build/first-load.ts),
 * so they come beside the entry script rather than after it; made once per page. A build without its
 * manifest gets index.html as it is.
 */
function pageHtmlOf(webDir: string): (pathname: string) => string {
  const indexHtml = readFileSync(join(webDir, "index.html"), "utf8");
  const manifestFile = join(webDir, ".vite", "manifest.json");
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest) : null;
  const made = new Map<string, string>();
  return (pathname) => {
    if (!manifest) return indexHtml;
    const modules = pageModules(pathname);
    const key = modules.join(" ");
    let html = made.get(key);
    if (html === undefined) {
      html = withPreloads(indexHtml, pagePreloads(manifest, modules));
      made.set(key, html);
    }
    return html;
  };
}

/**
 * The built browser app is served from the same port; any GET that is not an API call and not a
 * file gets index.html so the client router can show the page.
 */
async function serveWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasWeb = existsSync(join(webDir, "index.html"));
  if (hasWeb) {
    // preCompressed: the build writes .br and .gz beside its text files (src/build/precompress.ts).
    await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false, preCompressed: true });
  }
  const pageHtml = hasWeb ? pageHtmlOf(webDir) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0]!;
    const isPage = request.method === "GET" && !request.url.startsWith("/api/") && !/\.[a-z0-9]+$/i.test(path);
    if (pageHtml && isPage) return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(pageHtml(path));
    return reply.code(404).send({ status: "Error", message: "ไม่พบหน้าหรือบริการที่เรียก" });
  });
}
