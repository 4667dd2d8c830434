import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { distinctPermutations, permutations } from "./permutations";

const sortDigits = (s: string) => [...s].sort().join("");

describe("permutations", () => {
  it("gives all 6 orderings of a three-digit number", () => {
    expect(permutations("123")).toEqual(["123", "132", "213", "231", "312", "321"]);
  });

  it("keeps duplicates when digits repeat", () => {
    expect(permutations("112")).toEqual(["112", "121", "112", "121", "211", "211"]);
    expect(permutations("000")).toEqual(["000", "000", "000", "000", "000", "000"]);
  });

  it("gives both orderings of a two-digit number", () => {
    expect(permutations("12")).toEqual(["12", "21"]);
    expect(permutations("11")).toEqual(["11", "11"]);
  });

  it.each(["", "1", "1234", "12a", "1 2", "-12", "๑๒", "12\n"])("refuses %j", (bad) => {
    expect(() => permutations(bad)).toThrow(RangeError);
  });
});

describe("distinctPermutations", () => {
  it("removes repeats and sorts ascending", () => {
    expect(distinctPermutations("321")).toEqual(["123", "132", "213", "231", "312", "321"]);
    expect(distinctPermutations("112")).toEqual(["112", "121", "211"]);
    expect(distinctPermutations("777")).toEqual(["777"]);
    expect(distinctPermutations("21")).toEqual(["12", "21"]);
    expect(distinctPermutations("11")).toEqual(["11"]);
    expect(distinctPermutations("09")).toEqual(["09", "90"]);
  });

  it("refuses the same inputs as permutations", () => {
    expect(() => distinctPermutations("1")).toThrow(RangeError);
  });
});

describe("properties", () => {
  const betNumber = fc.stringMatching(/^\d{2,3}$/);

  it("every permutation is a rearrangement and the original is included", () => {
    fc.assert(
      fc.property(betNumber, (n) => {
        const all = permutations(n);
        expect(all).toHaveLength(n.length === 3 ? 6 : 2);
        expect(all).toContain(n);
        for (const p of all) expect(sortDigits(p)).toBe(sortDigits(n));
      }),
    );
  });

  it("distinct permutations are the unique permutations, sorted, and the same for every ordering", () => {
    fc.assert(
      fc.property(betNumber, (n) => {
        const distinct = distinctPermutations(n);
        expect(distinct).toEqual([...new Set(permutations(n))].sort());
        for (const p of distinct) expect(distinctPermutations(p)).toEqual(distinct);
      }),
    );
  });
});
