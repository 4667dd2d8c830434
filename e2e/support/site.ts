import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Config } from "../../src/server/config";
import type { TestApp } from "../../tests/support/app";
import { launchBrowser, startSite } from "./harness";

/** The site a browser test file runs against: the app (as the API tests have it), its address and the browser. */
export type Site = TestApp & { url: string; browser: Browser };

/**
 * The browser tests' one fixture (docs/decisions/039-browser-test-fixture.md): the built app served on
 * loopback on a fresh copy of the database, and Chromium, started once for the file (side by side) and
 * closed after it — the browser first, then the app, whose close checks the books. Read `site.url`,
 * `site.app`, `site.owner`, `site.sms` and `site.browser` inside hooks and tests (they are set in beforeAll,
 * which runs before the file's own).
 */
export function useSite(overrides: Partial<Config> = {}): Site {
  const site = {} as Site;
  beforeAll(async () => {
    const [started, browser] = await Promise.allSettled([startSite(overrides), launchBrowser()]);
    if (started.status === "fulfilled") Object.assign(site, started.value);
    if (browser.status === "fulfilled") site.browser = browser.value;
    if (started.status === "rejected") throw started.reason;
    if (browser.status === "rejected") throw browser.reason;
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.close?.();
  });
  return site;
}
