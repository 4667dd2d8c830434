import { describe, expect, it } from "vitest";
import {
  addLines,
  lineProblem,
  lineRate,
  linePaid,
  linesForNumbers,
  numbersPreview,
  offeredTypes,
  parseDraft,
  potentialWin,
  type Rates,
  toNumberlist,
  totalsByType,
} from "./bet-lines";

const rate = (r: number) => ({ rate: r, minStake: 1, maxStake: 1000, discountPercent: 0 });
const rates: Rates = { ThreeDigit: rate(900), ThreeDigitToad: rate(150), TwoDigit: rate(90), OneDigitOn: rate(3.2) };

describe("bet form lines", () => {
  it("offers the configured types in the usual order", () => {
    expect(offeredTypes(rates)).toEqual(["ThreeDigit", "ThreeDigitToad", "TwoDigit", "OneDigitOn"]);
  });

  it("adds lines once per type and number", () => {
    const first = addLines(
      [],
      [
        { betType: "ThreeDigit", number: "123", stake: 10 },
        { betType: "ThreeDigitToad", number: "123", stake: 10 },
      ],
    );
    expect(first.lines.map((l) => l.key)).toEqual(["ThreeDigit_123", "ThreeDigitToad_123"]);
    const again = addLines(first.lines, [
      { betType: "ThreeDigit", number: "123", stake: 50 },
      { betType: "ThreeDigit", number: "321", stake: 5 },
    ]);
    expect(again.skipped).toBe(1);
    expect(again.lines).toHaveLength(3);
    expect(again.lines[0]!.stake).toBe(10);
  });

  it("uses a restricted price over the config rate; 0 closes the number", () => {
    const prices = new Map([
      ["ThreeDigit_123", 0],
      ["TwoDigit_45", 50],
    ]);
    expect(lineRate(rates, prices, "ThreeDigit", "123")).toMatchObject({ closed: true, rate: 0 });
    expect(lineRate(rates, prices, "TwoDigit", "45")).toMatchObject({ closed: false, changed: true, rate: 50, configRate: 90 });
    expect(lineRate(rates, prices, "TwoDigit", "46")).toMatchObject({ changed: false, rate: 90 });
    expect(lineRate(rates, prices, "TwoDigitOn", "46")).toBeNull();
    expect(lineProblem(rates, prices, { key: "k", betType: "ThreeDigit", number: "123", stake: 10 })).toBe("เลขนี้ปิดรับแทง");
    expect(lineProblem(rates, prices, { key: "k", betType: "TwoDigit", number: "45", stake: 10 })).toBeNull();
    expect(lineProblem(rates, prices, { key: "k", betType: "TwoDigit", number: "45", stake: 5000 })).toMatch(/สูงสุด/);
  });

  it("computes the win and the price exactly to the satang", () => {
    // Satang, exactly: 3 ฿ at ×3.2 wins 9.60 ฿ (no binary noise), 10 ฿ at 25% off costs 7.50 ฿.
    expect(potentialWin(10, 900)).toBe(900_000);
    expect(potentialWin(3, 3.2)).toBe(960);
    expect(potentialWin(7, 0.1)).toBe(70);
    expect(potentialWin("", 900)).toBe(0);
    expect(potentialWin(10, Number.NaN)).toBe(0);
    expect(linePaid(10, 0)).toBe(1000);
    expect(linePaid(10, 25)).toBe(750);
    expect(linePaid(3, 10)).toBe(270);
    expect(linePaid("", 25)).toBe(0);
  });

  it("round-trips a draft and drops what the round does not offer", () => {
    const str = JSON.stringify(
      toNumberlist([
        { key: "a", betType: "ThreeDigit", number: "123", stake: 10 },
        { key: "b", betType: "TwoDigitOn", number: "45", stake: 20 },
      ]),
    );
    expect(parseDraft(str, rates, 5)).toEqual([{ betType: "ThreeDigit", number: "123", stake: 10 }]);
    expect(parseDraft("{nope", rates, 5)).toEqual([]);
    expect(parseDraft(JSON.stringify([{ award_type: "TwoDigit", number: "7" }]), rates, 5)).toEqual([]);
    expect(parseDraft(JSON.stringify([{ award_type: "TwoDigit", number: "07" }]), rates, 5)).toEqual([
      { betType: "TwoDigit", number: "07", stake: 5 },
    ]);
  });

  it("merges a repeat into the line already there, also within one batch and for tod in another order", () => {
    const r = addLines(
      [{ key: "TwoDigit_12", betType: "TwoDigit", number: "12", stake: 20 }],
      [
        { betType: "TwoDigit", number: "12", stake: 5 },
        { betType: "TwoDigit", number: "34", stake: 5 },
        { betType: "TwoDigit", number: "34", stake: 5 },
        { betType: "ThreeDigitToad", number: "123", stake: 5 },
        { betType: "ThreeDigitToad", number: "321", stake: 5 },
      ],
    );
    expect(r.lines.map((l) => `${l.betType}:${l.number}:${l.stake}`)).toEqual(["TwoDigit:12:20", "TwoDigit:34:5", "ThreeDigitToad:123:5"]);
    expect(r.merged.map((l) => l.number)).toEqual(["12", "34", "321"]);
    expect(r.skipped).toBe(3);
  });

  it("a tod restricted price is found whatever the order of its digits (the server keys it sorted)", () => {
    const prices = new Map([["ThreeDigitToad_123", 0]]);
    expect(lineRate(rates, prices, "ThreeDigitToad", "321")).toMatchObject({ closed: true });
    expect(lineRate(rates, prices, "ThreeDigit", "321")).toMatchObject({ closed: false });
  });

  it("puts one number on several types, each with its own stake, and one tod line per set of digits", () => {
    expect(
      linesForNumbers(
        ["12", "21"],
        [
          { betType: "TwoDigitOn", stake: 10 },
          { betType: "TwoDigit", stake: 5 },
        ],
      ),
    ).toEqual([
      { betType: "TwoDigitOn", number: "12", stake: 10 },
      { betType: "TwoDigitOn", number: "21", stake: 10 },
      { betType: "TwoDigit", number: "12", stake: 5 },
      { betType: "TwoDigit", number: "21", stake: 5 },
    ]);
    expect(
      linesForNumbers(
        ["123", "132", "213"],
        [
          { betType: "ThreeDigit", stake: 20 },
          { betType: "ThreeDigitToad", stake: "" },
        ],
      ),
    ).toEqual([
      { betType: "ThreeDigit", number: "123", stake: 20 },
      { betType: "ThreeDigit", number: "132", stake: 20 },
      { betType: "ThreeDigit", number: "213", stake: 20 },
      { betType: "ThreeDigitToad", number: "123", stake: "" },
    ]);
  });

  it("totals lines and stake per type in the usual order, and previews a long list of numbers", () => {
    const lines = [
      { key: "a", betType: "TwoDigit" as const, number: "12", stake: 5 as const },
      { key: "b", betType: "TwoDigitOn" as const, number: "12", stake: 10 as const },
      { key: "c", betType: "TwoDigit" as const, number: "34", stake: "" as const },
    ];
    expect(totalsByType(lines)).toEqual([
      { betType: "TwoDigitOn", count: 1, total: 10 },
      { betType: "TwoDigit", count: 2, total: 5 },
    ]);
    expect(numbersPreview(["1", "2", "3"])).toBe("1, 2, 3");
    expect(numbersPreview(["1", "2", "3", "4"], 2)).toBe("1, 2 และอีก 2 เลข");
  });
});
