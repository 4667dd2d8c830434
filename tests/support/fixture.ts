import { afterAll, beforeAll } from "vitest";
import type { Config } from "../../src/server/config";
import { createTestApp, type TestApp } from "./app";
import { adminToken } from "./wallet";

/**
 * The API tests' one fixture: a real app on a fresh copy of the migrated database for the file, with the
 * operator signed in, closed after the file. Read `app.t` and `app.admin` inside tests (they are set in
 * beforeAll).
 */
export function useTestApp(overrides: Partial<Config> = {}): { t: TestApp; admin: string } {
  const fixture = {} as { t: TestApp; admin: string };
  beforeAll(async () => {
    fixture.t = await createTestApp(overrides);
    fixture.admin = await adminToken(fixture.t);
  });
  afterAll(async () => {
    await fixture.t?.close();
  });
  return fixture;
}
