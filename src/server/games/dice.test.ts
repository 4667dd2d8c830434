import { describe, expect, it } from "vitest";
import { rollDice } from "./dice";

describe("the server's dice", () => {
  it("are uniform: chi-square over 100,000 rolls (300,000 dice) stays under the 0.1 % critical value", () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const totals = new Map<number, number>();
    for (let i = 0; i < 100_000; i++) {
      const dice = rollDice();
      for (const d of dice) counts[d - 1]! += 1;
      const t = dice[0] + dice[1] + dice[2];
      totals.set(t, (totals.get(t) ?? 0) + 1);
    }
    // Every die landed on 1-6 (any other value would have left the counts short).
    expect(counts.reduce((a, b) => a + b, 0)).toBe(300_000);
    const expected = 300_000 / 6;
    const chi = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: P(chi² > 20.52) = 0.001.
    expect(chi).toBeLessThan(20.52);
    // High (11-18) and low (3-10) are equally likely: 50 % each, within 5 standard deviations.
    const high = [...totals].filter(([t]) => t >= 11).reduce((s, [, n]) => s + n, 0);
    expect(Math.abs(high - 50_000)).toBeLessThan(5 * Math.sqrt(100_000 * 0.25));
  }, 60_000);
});
