import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { baht, bahtToSatang, formatCredit, formatFigure, formatMoney, formatMoneyExact, isBahtAmount, satang, satangToBaht } from "./money";
import { linePayout } from "./slip";

describe("bahtToSatang", () => {
  it("converts baht with up to two decimals to integer satang", () => {
    expect(bahtToSatang(0)).toBe(0);
    expect(bahtToSatang(1)).toBe(100);
    expect(bahtToSatang(19.99)).toBe(1999);
    expect(bahtToSatang(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in binary
    expect(bahtToSatang(1.1)).toBe(110);
    expect(bahtToSatang(123456.78)).toBe(12345678);
  });

  it("allows negative amounts", () => {
    expect(bahtToSatang(-5.25)).toBe(-525);
  });

  it("absorbs binary noise from client arithmetic", () => {
    expect(bahtToSatang(0.1 + 0.2)).toBe(30);
  });

  it("accepts large amounts whose product by 100 is not within the noise tolerance", () => {
    // 1073741824.1 * 100 is 107374182409.99998 in binary
    expect(bahtToSatang(1073741824.1)).toBe(107374182410);
  });

  it("never returns negative zero", () => {
    expect(Object.is(bahtToSatang(-0), 0)).toBe(true);
  });

  it("rejects more than two decimals", () => {
    expect(() => bahtToSatang(1.005)).toThrow(RangeError);
    expect(() => bahtToSatang(0.001)).toThrow(RangeError);
    expect(() => bahtToSatang(1e-7)).toThrow(RangeError);
  });

  it("rejects non-finite and unsafe amounts", () => {
    expect(() => bahtToSatang(Number.NaN)).toThrow(RangeError);
    expect(() => bahtToSatang(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => bahtToSatang(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => bahtToSatang(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
    expect(() => bahtToSatang(1e20)).toThrow(RangeError);
  });
});

describe("isBahtAmount", () => {
  it("accepts non-negative amounts with at most two decimals", () => {
    expect(isBahtAmount(0)).toBe(true);
    expect(isBahtAmount(100)).toBe(true);
    expect(isBahtAmount(99.5)).toBe(true);
    expect(isBahtAmount(99.99)).toBe(true);
  });

  it("refuses negative, over-precise and non-finite amounts", () => {
    expect(isBahtAmount(-1)).toBe(false);
    expect(isBahtAmount(-0.01)).toBe(false);
    expect(isBahtAmount(1.234)).toBe(false);
    expect(isBahtAmount(Number.NaN)).toBe(false);
    expect(isBahtAmount(Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe("satangToBaht", () => {
  it("converts numbers and bigints", () => {
    expect(satangToBaht(12345)).toBe(123.45);
    expect(satangToBaht(12345n)).toBe(123.45);
    expect(satangToBaht(-100n)).toBe(-1);
    expect(Object.is(satangToBaht(-0), 0)).toBe(true);
  });
});

describe("formatMoney", () => {
  it("groups thousands and hides decimals for whole amounts", () => {
    expect(formatMoney(baht(0))).toBe("0");
    expect(formatMoney(baht(5))).toBe("5");
    expect(formatMoney(baht(999))).toBe("999");
    expect(formatMoney(baht(1000))).toBe("1,000");
    expect(formatMoney(baht(1234))).toBe("1,234");
    expect(formatMoney(baht(1234567))).toBe("1,234,567");
    expect(formatMoney(baht(123456789))).toBe("123,456,789");
  });

  it("shows exactly two decimals otherwise", () => {
    expect(formatMoney(baht(1234.5))).toBe("1,234.50");
    expect(formatMoney(baht(0.05))).toBe("0.05");
    expect(formatMoney(baht(1000000.99))).toBe("1,000,000.99");
  });

  it("keeps the sign of negative amounts", () => {
    expect(formatMoney(baht(-1000))).toBe("-1,000");
    expect(formatMoney(baht(-0.5))).toBe("-0.50");
    expect(formatMoney(baht(-0))).toBe("0");
    expect(formatMoney(baht(-0.001))).toBe("0");
  });

  it("rejects what it cannot show", () => {
    expect(() => formatMoney(baht(Number.NaN))).toThrow(RangeError);
    expect(() => formatMoney(baht(Number.POSITIVE_INFINITY))).toThrow(RangeError);
  });
});

describe("formatCredit", () => {
  it("appends the baht sign", () => {
    expect(formatCredit(baht(1234.5))).toBe("1,234.50 ฿");
    expect(formatCredit(baht(50000))).toBe("50,000 ฿");
  });

  it("shows 0 for a missing credit", () => {
    expect(formatCredit(null)).toBe("0 ฿");
    expect(formatCredit(undefined)).toBe("0 ฿");
    expect(formatCredit(baht(Number.NaN))).toBe("0 ฿");
  });
});

describe("properties", () => {
  // Up to ten trillion baht; near 2^53 satang neighbouring amounts share one double and cannot
  // round-trip through a baht number at all.
  const satang = fc.integer({ min: -1e15, max: 1e15 });

  it("bahtToSatang inverts satangToBaht", () => {
    fc.assert(
      fc.property(satang, (s) => {
        expect(bahtToSatang(satangToBaht(s))).toBe(s);
        expect(bahtToSatang(satangToBaht(BigInt(s)))).toBe(s);
      }),
    );
  });

  it("formatMoney reads back to the same amount once commas are removed", () => {
    fc.assert(
      fc.property(satang, (s) => {
        const baht = satangToBaht(s);
        expect(Number(formatMoney(baht).replaceAll(",", ""))).toBe(baht);
      }),
    );
  });

  it("formatMoney puts a comma before every group of three digits", () => {
    fc.assert(
      fc.property(satang, (s) => {
        expect(formatMoney(satangToBaht(s))).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{2})?$/);
      }),
    );
  });
});

describe("typed amounts", () => {
  it("a satang figure, or a bare number, cannot be printed as baht: the compiler refuses it", () => {
    const stake = bahtToSatang(1);
    const win = linePayout(stake, bahtToSatang(90));
    // @ts-expect-error satang where baht is printed: "9,000" for a 90 ฿ win
    expect(formatMoney(win)).toBe("9,000");
    // @ts-expect-error a number of no stated unit
    formatMoney(90);
    // @ts-expect-error satang labelled as baht
    baht(win);
    // @ts-expect-error baht converted as if it were satang
    satangToBaht(baht(90));
    // @ts-expect-error satang converted as if it were baht
    bahtToSatang(win);
    expect(formatMoney(satangToBaht(win))).toBe("90");
    expect(formatCredit(satangToBaht(satang(123456)))).toBe("1,234.56 ฿");
  });

  it("an exact amount keeps its satang", () => {
    expect(formatMoneyExact(baht(1000.47))).toBe("1,000.47");
    expect(formatMoneyExact(baht(1000))).toBe("1,000.00");
    expect(formatMoneyExact(baht(-0.5))).toBe("-0.50");
  });

  it("a rate is printed as a figure, not as money", () => {
    expect(formatFigure(900)).toBe("900");
    expect(formatFigure(1000)).toBe("1,000");
    expect(formatFigure(3.2)).toBe("3.20");
  });
});
