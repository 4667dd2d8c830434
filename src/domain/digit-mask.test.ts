import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { DIGIT_MASK_GROUPS, MAX_MASK_DIGITS, maskDigits } from "./digit-mask";

describe("maskDigits", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["12", "12"],
    ["123", "123"],
    ["1234", "123-4"],
    ["12345", "123-4-5"],
    ["123456", "123-4-5-6"],
    ["123456789", "123-4-5-6789"],
    ["1234567890", "123-4-5-6789-0"],
    ["12345678901", "123-4-5-6789-01"],
    ["123456789012345", "123-4-5-6789-01"],
    ["123-45x6", "123-4-5-6"],
    ["abc", ""],
    [" 0 0 0 ", "000"],
    ["๑๒๓", ""],
  ])("%j → %j", (input, masked) => {
    expect(maskDigits(input)).toBe(masked);
  });

  it("exposes the pattern constants", () => {
    expect(DIGIT_MASK_GROUPS).toEqual([3, 1, 1, 4, 1]);
    expect(MAX_MASK_DIGITS).toBe(11);
  });
});

describe("properties", () => {
  const input = fc.string({ unit: fc.constantFrom(..."0123456789-x ./".split("")), maxLength: 30 });

  it("removing hyphens gives the stripped input cut to 11 digits", () => {
    fc.assert(
      fc.property(input, (s) => {
        expect(maskDigits(s).replaceAll("-", "")).toBe(s.replace(/\D/g, "").slice(0, 11));
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), input, (a, b) => {
        for (const s of [a, b]) {
          expect(maskDigits(maskDigits(s))).toBe(maskDigits(s));
        }
      }),
    );
  });

  it("never ends with a hyphen or doubles one", () => {
    fc.assert(
      fc.property(input, (s) => {
        expect(maskDigits(s)).toMatch(/^(\d+(-\d+)*)?$/);
      }),
    );
  });
});
