import { defineConfig } from "vitest/config";

// Three projects: unit (pure rules, no I/O), api (Fastify + real PostgreSQL), e2e (built app in Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          environment: "node",
          // A few are exhaustive or property tests (10^6 cases): seconds on a machine busy with the rest.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          // After the unit and API tests, not beside them: on 2 cores the API files' load made page
          // actions of the live yeekee tests time out.
          sequence: { groupOrder: 1 },
          globalSetup: ["tests/support/global-setup.ts"],
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
