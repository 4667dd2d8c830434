import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app";
import type { SmsSender } from "../../src/server/auth/sms";
import { type Config, loadConfig } from "../../src/server/config";
import { connect, type Db, poolBounds } from "../../src/server/db/client";
import { dropServingRole, prepareServingRole } from "../../src/server/db/serving-role";
import { planAll } from "../../src/server/lottery/planning";
import { seed } from "../../src/server/seed";
import { checkLedger } from "../../src/server/wallet/ledger-check";
import { createTestDatabase } from "./database";
import { TEST_ADMIN } from "./test-admin";

export { TEST_ADMIN };

/** The SMS sender is outside the product: this one keeps the last code sent to each phone. */
export function recordingSms(): SmsSender & { lastCode(phone: string): string; codeFor(phone: string, ms?: number): Promise<string> } {
  const sent = new Map<string, string>();
  return {
    async send(phone, text) {
      sent.set(phone, text);
    },
    lastCode(phone) {
      const text = sent.get(phone);
      const code = text?.match(/\d{6}/)?.[0];
      if (!code) throw new Error(`no OTP was sent to ${phone}`);
      return code;
    },
    /** The code once it has been sent (a page's request is answered after the click returns). */
    async codeFor(phone, ms = 10_000) {
      const end = Date.now() + ms;
      for (;;) {
        const code = sent.get(phone)?.match(/\d{6}/)?.[0];
        if (code) return code;
        if (Date.now() > end) throw new Error(`no OTP was sent to ${phone}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

/** A message a player can read: it contains Thai script. */
export const THAI = /[\u0E00-\u0E7F]/;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
      DATABASE_URL: "postgres://unused/unused",
      LOG_LEVEL: "silent",
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
      RATE_LIMIT_SHOTS_PER_MINUTE: "100000",
      // Tests sign the seeded admin in with a password only; tests of the second factor turn it on.
      ADMIN_TOTP_REQUIRED: "false",
      // A test machine busy with three files and a browser can keep a call waiting longer than a live site's
      // bounds: that is load, not a frozen database (tests/api/frozen-database.test.ts sets its own bounds).
      DB_ACQUIRE_TIMEOUT_MS: "60000",
      DB_QUERY_TIMEOUT_MS: "120000",
    }),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** The serving role's connection, as the app has it (cannot read yeekee seeds nor move round times). */
  db: Db;
  /** The owner's connection, for set-up and for moving the clock of a round. */
  owner: Db;
  sms: ReturnType<typeof recordingSms>;
  /**
   * Stops the app and drops its database, after checking the books (DESIGN.md §5's invariants, the admin's
   * ledger check): every test file that makes an app proves its money balanced at the end. A test that
   * breaks the books on purpose, to see the check say so, closes with `{ booksBrokenOnPurpose: true }`.
   */
  close(options?: { booksBrokenOnPurpose?: boolean }): Promise<void>;
}

/**
 * The seeded template's data as a first start would leave it now (docs/decisions/038): the template was
 * planned as the run began, minutes before a late file copies it. Rounds that closed since (no plan made
 * now has them, nothing refers to them yet) go, the planner tops the plan up to now, as a restart's would,
 * and the yeekee seeds are drawn again, so no two copies share one.
 */
async function asIfStartedNow(owner: Db): Promise<void> {
  const now = new Date();
  await owner.transaction(async (tx) => {
    await tx.execute(sql`delete from rounds where close_at < ${now.toISOString()}::timestamptz`);
    const drawn = await tx.execute<{ round_id: string }>(sql`delete from yeekee_seeds returning round_id`);
    await tx.execute(sql`
      insert into yeekee_seeds (round_id, seed)
      select id, gen_random_bytes(32) from unnest(${sql.param(drawn.rows.map((r) => r.round_id))}::bigint[]) as t(id)`);
  });
  await planAll(owner, now);
}

/**
 * The real app on a fresh real database, as at a first start. `logStream` receives the app's log lines
 * (JSON, at `logLevel`), for tests that read the log. The database is a copy of global-setup.ts's seeded
 * template, brought to now; `seed: "fresh"` copies the migrated template and runs the real seed instead,
 * for a test of what the seed and the first plan make.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    logStream?: { write(line: string): void };
    seed?: "template" | "fresh";
    servingUrl?: (url: string) => Promise<string>;
  } = {},
): Promise<TestApp> {
  const fresh = options.seed === "fresh";
  const database = await createTestDatabase(fresh ? "migrated" : "seeded");
  const config = testConfig(overrides);
  if (fresh) await seed(database.db, { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
  else await asIfStartedNow(database.db);
  const serving = await prepareServingRole(database.url, config.jwtSecret);
  // The app's connections may go through a fault-injecting proxy (a test of a frozen database).
  const servingUrl = options.servingUrl ? await options.servingUrl(serving.url) : serving.url;
  const db = connect(servingUrl, poolBounds(config));
  const sms = recordingSms();
  const logger = options.logStream ? { stream: options.logStream } : process.env.TEST_LOG === "1";
  const app = await buildApp({ config, db, databaseUrl: servingUrl, sms, logger });
  await app.ready();
  return {
    app,
    db,
    owner: database.db,
    sms,
    close: async ({ booksBrokenOnPurpose = false } = {}) => {
      await app.close();
      if (!booksBrokenOnPurpose) {
        // One snapshot for all of the check's statements: work a request left running cannot split it.
        const books = await database.db.transaction((tx) => checkLedger(tx), {
          isolationLevel: "repeatable read",
          accessMode: "read only",
        });
        if (!books.ok) {
          await db.$client.end();
          await database.drop();
          await dropServingRole(database.adminUrl, serving.role);
          throw new Error(`The books do not balance at the end of this file: ${JSON.stringify(books)}`);
        }
      }
      await db.$client.end();
      await database.drop();
      await dropServingRole(database.adminUrl, serving.role);
    },
  };
}
