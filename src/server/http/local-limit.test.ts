import { afterEach, describe, expect, it, vi } from "vitest";
import { localLimit } from "./local-limit";

afterEach(() => {
  vi.useRealTimers();
});

describe("localLimit", () => {
  it("allows max calls a window per key, then says how many seconds are left; a new window starts after", () => {
    vi.useFakeTimers({ now: new Date("2026-11-29T10:00:00Z") });
    const limit = localLimit(2, 60_000);
    expect([limit("a"), limit("a")]).toEqual([0, 0]);
    expect(limit("b")).toBe(0);
    vi.advanceTimersByTime(20_500);
    expect(limit("a")).toBe(40);
    expect(limit("a")).toBe(40);
    vi.advanceTimersByTime(39_400);
    expect(limit("a")).toBe(1);
    vi.advanceTimersByTime(100);
    expect([limit("a"), limit("a"), limit("a")]).toEqual([0, 0, 60]);
  });

  it("past its keys' bound forgets the windows that have ended first", () => {
    vi.useFakeTimers({ now: new Date("2026-11-29T10:00:00Z") });
    const limit = localLimit(1, 1_000);
    limit("held");
    expect(limit("held")).toBe(1);
    vi.advanceTimersByTime(500);
    // Another 49,999 keys fill the map; their windows end 500 ms after "held"'s does.
    for (let i = 0; i < 49_999; i++) limit(`k${i}`);
    vi.advanceTimersByTime(600);
    // "held"'s window has ended, the others have not: a new key makes room by forgetting only the ended one.
    expect(limit("new")).toBe(0);
    expect(limit("k0")).toBe(1);
    expect(limit("held")).toBe(0);
  });
});
