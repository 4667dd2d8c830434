import { describe, expect, it } from "vitest";
import type { SiteConfig } from "../../contract/site";
import { openSiteState } from "./open-site";

const OPEN: SiteConfig = { openSite: true, siteName: "หวย", closedMessage: "ปิดปรับปรุง" };
const CLOSED: SiteConfig = { ...OPEN, openSite: false };

/** A database stand-in whose reads the test answers by hand, counting them. */
function fakeStore(initial: SiteConfig) {
  let stored = initial;
  const waiting: Array<() => void> = [];
  const store = {
    reads: 0,
    set(config: SiteConfig) {
      stored = config;
    },
    read: () => {
      store.reads += 1;
      const value = stored;
      return new Promise<SiteConfig>((resolve) => waiting.push(() => resolve(value)));
    },
    answerAll() {
      for (const answer of waiting.splice(0)) answer();
    },
  };
  return store;
}

describe("openSiteState", () => {
  it("reads the database once per cache period, however many requests ask, and shares one read among callers", async () => {
    let clock = 0;
    const store = fakeStore(OPEN);
    const state = openSiteState(store.read, { cacheMs: 5_000, now: () => clock });
    const first = [state.current(), state.current(), state.current()];
    expect(store.reads).toBe(1);
    store.answerAll();
    expect(await Promise.all(first)).toEqual([OPEN, OPEN, OPEN]);
    for (let i = 0; i < 1_000; i++) expect(state.current()).toBe(OPEN);
    expect(store.reads).toBe(1);

    // Another instance closes the site: this one knows it after the cache period.
    store.set(CLOSED);
    clock = 4_999;
    expect(state.current()).toBe(OPEN);
    clock = 5_000;
    const next = state.current();
    expect(store.reads).toBe(2);
    store.answerAll();
    expect(await next).toEqual(CLOSED);
    expect(state.current()).toEqual(CLOSED);
  });

  it("puts its own change in force at once, and an older read still in flight does not undo it", async () => {
    let clock = 0;
    const store = fakeStore(OPEN);
    const state = openSiteState(store.read, { cacheMs: 5_000, now: () => clock });
    const inFlight = state.current();
    state.remember(CLOSED);
    expect(state.current()).toEqual(CLOSED);
    store.answerAll();
    expect(await inFlight).toEqual(CLOSED);
    expect(state.current()).toEqual(CLOSED);
    clock = 4_000;
    expect(state.current()).toEqual(CLOSED);
    expect(store.reads).toBe(1);
  });

  it("tries again after a failed read", async () => {
    let fail = true;
    const state = openSiteState(async () => {
      if (fail) throw new Error("database away");
      return OPEN;
    });
    await expect(state.current()).rejects.toThrow("database away");
    fail = false;
    expect(await state.current()).toEqual(OPEN);
  });
});
