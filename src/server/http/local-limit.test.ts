import { describe, expect, it } from "vitest";
import { localLimit } from "./local-limit";

/** A clock the test moves. */
function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("localLimit", () => {
  it("allows max calls a window per key, then says how many seconds are left; a new window starts after", () => {
    const c = clock();
    const limit = localLimit(2, 60_000, c.now);
    expect([limit("a"), limit("a")]).toEqual([0, 0]);
    expect(limit("b")).toBe(0);
    c.advance(20_500);
    expect(limit("a")).toBe(40);
    expect(limit("a")).toBe(40);
    c.advance(39_400);
    expect(limit("a")).toBe(1);
    c.advance(100);
    expect([limit("a"), limit("a"), limit("a")]).toEqual([0, 0, 60]);
  });

  it("past its keys' bound forgets the windows that have ended, then the oldest under way", () => {
    const c = clock();
    const limit = localLimit(1, 1_000, c.now);
    limit("old");
    c.advance(500);
    // 49,999 more keys fill the map; "old"'s window ends 500 ms before theirs.
    for (let i = 0; i < 49_999; i++) limit(`k${i}`);
    expect(limit("old")).toBe(1);
    c.advance(600);
    // "old" has ended, the others have not: a new key makes room by forgetting only "old".
    expect(limit("new")).toBe(0);
    expect(limit("k0")).toBe(1);
    expect(limit("new")).toBe(1);
    // Full of windows under way: the next new key makes room by forgetting the oldest of them (k0).
    expect(limit("newer")).toBe(0);
    expect(limit("k1")).toBe(1);
    expect(limit("k0")).toBe(0);
  });
});
