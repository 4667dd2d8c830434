import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth";

const nested = (depth: number, open = "[", close = "]") => open.repeat(depth) + close.repeat(depth);

describe("nestsDeeperThan", () => {
  it("takes nesting up to the limit and refuses one level more, for arrays, objects and both", () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(nested(3000))).toBe(true);
    const objects = (d: number) => '{"a":'.repeat(d) + "1" + "}".repeat(d);
    expect(nestsDeeperThan(objects(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(objects(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan('{"a":['.repeat(20) + "]}".repeat(20))).toBe(true);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    expect(nestsDeeperThan(JSON.stringify({ note: "[".repeat(500) }))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ note: `\\"${"{".repeat(500)}` }))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ note: '"' }) + nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it("takes a long flat body: depth, not length, is what it measures", () => {
    const slip = { lines: Array.from({ length: 5000 }, (_, i) => ({ number: String(i % 1000).padStart(3, "0"), amount: 10 })) };
    expect(nestsDeeperThan(JSON.stringify(slip))).toBe(false);
  });
});
