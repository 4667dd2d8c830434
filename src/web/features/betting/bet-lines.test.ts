import { describe, expect, it } from "vitest";
import { addLines, lineProblem, lineRate, linePaid, offeredTypes, parseDraft, potentialWin, type Rates, toNumberlist } from "./bet-lines";

const rate = (r: number) => ({ rate: r, minStake: 1, maxStake: 1000, discountPercent: 0 });
const rates: Rates = { ThreeDigit: rate(900), ThreeDigitToad: rate(150), TwoDigit: rate(90), OneDigitOn: rate(3.2) };

describe("bet form lines", () => {
  it("offers the configured types in the usual order", () => {
    expect(offeredTypes(rates)).toEqual(["ThreeDigit", "ThreeDigitToad", "TwoDigit", "OneDigitOn"]);
  });

  it("adds lines once per type and number", () => {
    const first = addLines([], [
      { betType: "ThreeDigit", number: "123", stake: 10 },
      { betType: "ThreeDigitToad", number: "123", stake: 10 },
    ]);
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
    expect(parseDraft(JSON.stringify([{ award_type: "TwoDigit", number: "07" }]), rates, 5)).toEqual([{ betType: "TwoDigit", number: "07", stake: 5 }]);
  });
});
