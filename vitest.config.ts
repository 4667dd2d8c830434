import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./tests/support/sequencer";

// Three projects: unit (pure rules, no I/O), api (Fastify + real PostgreSQL), e2e (built app in Chromium).
export default defineConfig({
  test: {
    // One PostgreSQL and its prepared templates for the api and e2e projects together: the root's global
    // set-up runs once per run and what it provides reaches every project (docs/decisions/038).
    globalSetup: ["tests/support/global-setup.ts"],
    // The files known to be slowest start first in their project, also in a clean clone (docs/decisions/062).
    sequence: { sequencer: LongestFirstSequencer },
    // Each project's `isolate: false`: a worker runs file after file in one process, so the app's modules are
    // imported once per worker, not once per file (docs/decisions/056). Every file still has its own database
    // copy, app and browser. (An inline project does not inherit the root's test options.)
    projects: [
      {
        test: {
          name: "unit",
          isolate: false,
          include: ["src/**/*.test.ts"],
          environment: "node",
          // A few are exhaustive or property tests (10^6 cases): seconds on a machine busy with the rest.
          testTimeout: 30_000,
          // Run in the api project's group, which must share its number of workers (docs/decisions/046).
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: "api",
          isolate: false,
          include: ["tests/api/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // An API test spends most of its time waiting on PostgreSQL, a process of its own: with one worker
          // (the default on 2 cores) both cores sat half idle. Three files at a time, each with its own database
          // copy, took the project from 295 s to 135 s on the 2-core machine (docs/decisions/046).
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: "e2e",
          isolate: false,
          include: ["e2e/**/*.test.ts"],
          // After the unit and API tests, not beside them: on 2 cores the API files' load made page
          // actions of the live yeekee tests time out.
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: "forks",
          // Two files at a time: each has its own app, database copy and browser (e2e/support/site.ts), so
          // none shares state with another (docs/decisions/039-browser-test-fixture.md).
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
