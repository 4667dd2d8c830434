import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

const Env = z.object({
  DATABASE_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Processes beside the workers that take only the live sockets (docs/decisions/073). */
  LIVE_WORKERS: z.coerce.number().int().min(0).max(16).default(0),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /** A frozen or unreachable database answers 503 after these bounds (docs/decisions/051). */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /**
   * Behind a reverse proxy: the proxies' addresses (comma separated; CIDR ranges and proxy-addr's names
   * such as loopback or uniquelocal allowed), so rate limits key on the client. "true" would believe any
   * X-Forwarded-For a client sends, so rotating it would escape every per-address limit; a hop count
   * cannot tell a proxy from a client (Fastify ignores it): both refused.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .refine(
      (v) => (v !== "true" && !/^\d+$/.test(v.trim())) || v.trim() === "0",
      "TRUST_PROXY must list the proxies' addresses (e.g. 127.0.0.1 or 10.0.0.0/8 or loopback): true or a hop count would trust what any client sends",
    )
    .transform((v): false | string => (v === "false" || v.trim() === "0" || v.trim() === "" ? false : v.trim())),
  /**
   * Origins (scheme://host[:port], comma separated) whose pages may call the API from the browser, for a
   * client served from another host. Unset: no CORS headers at all (the site's own pages need none).
   */
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter((o) => o.length > 0),
    )
    .refine(
      (list) => list.every((o) => /^https?:\/\/[^/\s*]+$/.test(o)),
      "CORS_ORIGINS must list origins like https://app.example.com (scheme and host, no path, no *), comma separated",
    ),
  DATA_DIR: z.string().default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 60 * 60),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[a-z0-9_]{4,20}$/, "ADMIN_USERNAME must be 4-20 characters of a-z, 0-9 or _ (it is the sign-in name)")
    .default("admin"),
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters").optional(),
  ADMIN_TOTP_REQUIRED: z.enum(["true", "false"], { error: "ADMIN_TOTP_REQUIRED must be true or false" }).default("true"),
  SMS_SENDER: z.enum(["log", "webhook"]).default("log"),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  RESULT_FEED_SECRET: z.string().min(32, "RESULT_FEED_SECRET must be at least 32 characters").optional(),
  BANK_FEED_SECRET: z.string().min(32, "BANK_FEED_SECRET must be at least 32 characters").optional(),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SHOTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // Live yeekee WebSockets per client address (players behind one carrier NAT share an address).
  WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SERVER_TIMING: z.enum(["0", "1"]).default("0"),
  // The operator's metrics (docs/decisions/018): their own port, off when unset; loopback unless told.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default("127.0.0.1"),
  LEDGER_CHECK_MINUTES: z.coerce.number().min(0).max(1440).default(5),
});

export interface Config {
  databaseUrl: string | undefined;
  port: number;
  host: string;
  /** HTTP worker processes sharing the port (1: the single process does everything). */
  workers: number;
  /** Processes that take only the live sockets (`/api/ws/...`), their fan-out beside the workers (docs/decisions/073). */
  liveWorkers: number;
  /** Database connections per process. */
  dbPoolSize: number;
  /** The longest wait for a free or new database connection before a call answers 503. */
  dbAcquireTimeoutMs: number;
  /** The longest one statement may go unanswered before its connection is dropped and the call answers 503. */
  dbQueryTimeoutMs: number;
  trustProxy: false | string;
  /** CORS_ORIGINS: the other origins allowed to call the API from a browser; empty: CORS off. */
  corsOrigins: string[];
  dataDir: string;
  embeddedPgPort: number;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /** A checked session is trusted this long before it is read again; revocations elsewhere wait this long. */
  sessionCacheMs: number;
  adminUsername: string;
  adminPassword: string | undefined;
  /**
   * ADMIN_TOTP_REQUIRED (default true): every back-office call needs an admin session that passed the
   * second factor (TOTP), except the calls that enrol it. false is for tests that sign admins in with a
   * password only; an admin who enrolled is asked for the code at sign-in either way.
   */
  adminTotpRequired: boolean;
  sms: { sender: "log" } | { sender: "webhook"; url: string; token: string | undefined };
  rateLimitAuthPerMinute: number;
  /** Yeekee shots per minute per client address (the per-player interval is a site setting). */
  rateLimitShotsPerMinute: number;
  /** WS_MAX_PER_ADDRESS: live yeekee WebSockets one client address may hold open (default 200). */
  wsMaxPerAddress: number;
  /** HMAC secret of the machine result feed; the feed is refused while it is unset. */
  resultFeedSecret: string | undefined;
  /** HMAC secret of the bank feed of incoming transfers (docs/decisions/045); the feed is refused while it is unset. */
  bankFeedSecret: string | undefined;
  logLevel: z.infer<typeof Env>["LOG_LEVEL"];
  /** SERVER_TIMING=1: every response says how long the server took (`Server-Timing: app;dur=ms`), for measuring. */
  serverTiming: boolean;
  /** METRICS_PORT: `GET /metrics` (Prometheus text) on this port, apart from the site's; unset: not served. */
  metricsPort: number | undefined;
  /** METRICS_HOST: the address the metrics port listens on (default 127.0.0.1: reachable from this machine only). */
  metricsHost: string;
  /** LEDGER_CHECK_MINUTES: minutes between the ticker's ledger checks on each instance (default 5; 0: none). */
  ledgerCheckMinutes: number;
  webDir: string;
}

/** Parsed once at start-up; a bad or missing setting stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (e.g. `DATABASE_URL=` in an env file) means "not set".
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.SMS_SENDER === "webhook" && !e.SMS_WEBHOOK_URL) {
    throw new Error("Invalid configuration:\n  SMS_WEBHOOK_URL is required when SMS_SENDER=webhook");
  }
  return {
    databaseUrl: e.DATABASE_URL,
    port: e.PORT,
    host: e.HOST,
    workers: e.WORKERS,
    liveWorkers: e.LIVE_WORKERS,
    dbPoolSize: e.DB_POOL_SIZE,
    dbAcquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    jwtSecret: e.JWT_SECRET ?? localSecret(e.DATABASE_URL, dataDir),
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminTotpRequired: e.ADMIN_TOTP_REQUIRED === "true",
    sms: e.SMS_SENDER === "webhook" ? { sender: "webhook", url: e.SMS_WEBHOOK_URL!, token: e.SMS_WEBHOOK_TOKEN } : { sender: "log" },
    rateLimitAuthPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    rateLimitShotsPerMinute: e.RATE_LIMIT_SHOTS_PER_MINUTE,
    wsMaxPerAddress: e.WS_MAX_PER_ADDRESS,
    serverTiming: e.SERVER_TIMING === "1",
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    ledgerCheckMinutes: e.LEDGER_CHECK_MINUTES,
    resultFeedSecret: e.RESULT_FEED_SECRET,
    bankFeedSecret: e.BANK_FEED_SECRET,
    logLevel: e.LOG_LEVEL,
    webDir: resolve("dist/web"),
  };
}

/**
 * The embedded default keeps a generated secret beside its data, so tokens survive a restart.
 * Against an external database the secret must come from the environment: several instances
 * must share it, and a secret on one machine's disk would not be shared.
 */
function localSecret(databaseUrl: string | undefined, dataDir: string): string {
  if (databaseUrl) {
    throw new Error("Invalid configuration:\n  JWT_SECRET is required when DATABASE_URL is set");
  }
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
