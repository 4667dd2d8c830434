import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { BET_TYPES, betTypeDigits, type BetType } from "./bet-types";
import { distinctPermutations } from "./permutations";
import { awardLines, lineWins, parseResult, winningNumbers, winningPairs, type ResultInput, type WinningNumbers } from "./results";

const thai = (firstPrize: string, front3: string[], rear3: string[], twoDigit: string): ResultInput => ({
  kind: "thai",
  firstPrize,
  front3,
  rear3,
  twoDigit,
});

// Hand-made example from DESIGN.md §7 (T = "157"), not a real draw.
const HAND_MADE: WinningNumbers = { top3: "157", bottom2: "42", front3: ["001", "918"], rear3: ["157", "730"] };

describe("parseResult", () => {
  it("accepts a state lottery result and trims every field", () => {
    expect(
      parseResult({ kind: "thai", firstPrize: " 972661 ", front3: ["368", " 741"], rear3: ["208", "255 "], twoDigit: "46\n" }),
    ).toEqual({ ok: true, value: thai("972661", ["368", "741"], ["208", "255"], "46") });
  });

  it("accepts a stock result, strips thousands commas and reads a typographic minus", () => {
    expect(parseResult({ kind: "stock", close: " 38,123.45 ", change: "\u2212123.67" })).toEqual({
      ok: true,
      value: { kind: "stock", close: "38123.45", change: "-123.67" },
    });
    expect(parseResult({ kind: "stock", close: "1,234,567", change: "+1,002.5" })).toEqual({
      ok: true,
      value: { kind: "stock", close: "1234567", change: "+1002.5" },
    });
  });

  it("accepts a simple result", () => {
    expect(parseResult({ kind: "simple", threeTop: "075", twoBottom: " 09" })).toEqual({
      ok: true,
      value: { kind: "simple", threeTop: "075", twoBottom: "09" },
    });
  });

  it.each<[string, unknown, string]>([
    ["not an object", "972661", "รูปแบบผลรางวัลไม่ถูกต้อง"],
    ["an array", [], "รูปแบบผลรางวัลไม่ถูกต้อง"],
    ["an unknown kind", { kind: "lao", threeTop: "123", twoBottom: "45" }, "ประเภทผลรางวัลต้องเป็น thai, stock หรือ simple"],
    ["a 5-digit first prize", { ...thai("97266", ["368", "741"], ["208", "255"], "46") }, "รางวัลที่ 1 ต้องเป็นตัวเลข 6 หลัก"],
    ["a numeric first prize", { ...thai("", ["368", "741"], ["208", "255"], "46"), firstPrize: 972661 }, "รางวัลที่ 1 ต้องเป็นตัวเลข 6 หลัก"],
    ["Thai digits", { ...thai("๙๗๒๖๖๑", ["368", "741"], ["208", "255"], "46") }, "รางวัลที่ 1 ต้องเป็นตัวเลข 6 หลัก"],
    ["one front number", thai("972661", ["368"], ["208", "255"], "46"), "เลขหน้า 3 ตัวต้องมี 2 ชุด ชุดละ 3 หลัก"],
    ["a 2-digit front number", thai("972661", ["368", "74"], ["208", "255"], "46"), "เลขหน้า 3 ตัวต้องมี 2 ชุด ชุดละ 3 หลัก"],
    ["three rear numbers", thai("972661", ["368", "741"], ["208", "255", "111"], "46"), "เลขท้าย 3 ตัวต้องมี 2 ชุด ชุดละ 3 หลัก"],
    ["a 3-digit two-digit prize", thai("972661", ["368", "741"], ["208", "255"], "460"), "เลขท้าย 2 ตัวต้องเป็นตัวเลข 2 หลัก"],
    [
      "a close with three decimals",
      { kind: "stock", close: "38123.456", change: "1.00" },
      "ราคาปิดของดัชนีต้องเป็นตัวเลขทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 38,123.45",
    ],
    ["a signed close", { kind: "stock", close: "-38123.45", change: "1.00" }, "ราคาปิดของดัชนีต้องเป็นตัวเลขทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 38,123.45"],
    ["misplaced commas", { kind: "stock", close: "38,12.45", change: "1.00" }, "ราคาปิดของดัชนีต้องเป็นตัวเลขทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 38,123.45"],
    ["a numeric close", { kind: "stock", close: 38123.45, change: "1.00" }, "ราคาปิดของดัชนีต้องเป็นตัวเลขทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 38,123.45"],
    [
      "an empty change",
      { kind: "stock", close: "38123.45", change: " " },
      "การเปลี่ยนแปลงของดัชนีต้องเป็นตัวเลขทศนิยมไม่เกิน 2 ตำแหน่ง เช่น -123.67 หรือ +0.05",
    ],
    [
      "a change in percent",
      { kind: "stock", close: "38123.45", change: "-0.32%" },
      "การเปลี่ยนแปลงของดัชนีต้องเป็นตัวเลขทศนิยมไม่เกิน 2 ตำแหน่ง เช่น -123.67 หรือ +0.05",
    ],
    ["a 2-digit top", { kind: "simple", threeTop: "75", twoBottom: "09" }, "เลข 3 ตัวบนต้องเป็นตัวเลข 3 หลัก"],
    ["a 1-digit bottom", { kind: "simple", threeTop: "075", twoBottom: "9" }, "เลข 2 ตัวล่างต้องเป็นตัวเลข 2 หลัก"],
  ])("refuses %s", (_name, input, message) => {
    expect(parseResult(input)).toEqual({ ok: false, message });
  });
});

describe("winningNumbers", () => {
  it("takes the last three digits of a first prize as the top", () => {
    expect(winningNumbers(thai("123456", ["111", "222"], ["333", "444"], "78"))).toEqual({
      top3: "456",
      bottom2: "78",
      front3: ["111", "222"],
      rear3: ["333", "444"],
    });
  });

  it.each<[string, string, string, string]>([
    ["38,123.45", "-123.67", "345", "67"],
    ["38123.45", "+0.05", "345", "05"],
    ["1234.5", "-1.5", "450", "50"],
    ["1234", "+12", "400", "00"],
    ["1,234,560.09", "\u22120.10", "009", "10"],
  ])("reads stock close %s and change %s as top %s, bottom %s", (close, change, top3, bottom2) => {
    expect(winningNumbers({ kind: "stock", close, change })).toEqual({ top3, bottom2, front3: [], rear3: [] });
  });

  it("passes a simple result straight through", () => {
    expect(winningNumbers({ kind: "simple", threeTop: "075", twoBottom: "09" })).toEqual({
      top3: "075",
      bottom2: "09",
      front3: [],
      rear3: [],
    });
  });

  it("refuses a malformed stock figure instead of guessing", () => {
    expect(() => winningNumbers({ kind: "stock", close: "abc", change: "1" })).toThrow(RangeError);
  });

  it("does not share arrays with its input", () => {
    const input = thai("123456", ["111", "222"], ["333", "444"], "78");
    const w = winningNumbers(input);
    w.front3.push("999");
    expect(input.kind === "thai" && input.front3).toEqual(["111", "222"]);
  });
});

describe("awardLines", () => {
  it("lists the winning number of every bet type, digits distinct and ascending", () => {
    expect(awardLines(HAND_MADE)).toEqual([
      { award_type: "ThreeDigit", number: "157" },
      { award_type: "ThreeDigitToad", number: "157" },
      { award_type: "TwoDigitOn", number: "57" },
      { award_type: "TwoDigit", number: "42" },
      { award_type: "OneDigitOn", number: "1" },
      { award_type: "OneDigitOn", number: "5" },
      { award_type: "OneDigitOn", number: "7" },
      { award_type: "OneDigit", number: "2" },
      { award_type: "OneDigit", number: "4" },
      { award_type: "LotteryThreeDigit_front", number: "001" },
      { award_type: "LotteryThreeDigit_front", number: "918" },
      { award_type: "LotteryThreeDigit_rear", number: "157" },
      { award_type: "LotteryThreeDigit_rear", number: "730" },
    ]);
  });

  it("has no front or rear lines for a stock result and collapses repeated digits", () => {
    expect(awardLines(winningNumbers({ kind: "stock", close: "1,001.00", change: "-3.11" }))).toEqual([
      { award_type: "ThreeDigit", number: "100" },
      { award_type: "ThreeDigitToad", number: "100" },
      { award_type: "TwoDigitOn", number: "00" },
      { award_type: "TwoDigit", number: "11" },
      { award_type: "OneDigitOn", number: "0" },
      { award_type: "OneDigitOn", number: "1" },
      { award_type: "OneDigit", number: "1" },
    ]);
  });
});

describe("winningPairs", () => {
  it("spells out every winning (bet type, number) of the hand-made result", () => {
    expect(winningPairs(HAND_MADE)).toEqual([
      { betType: "ThreeDigit", number: "157" },
      { betType: "ThreeDigitToad", number: "157" },
      { betType: "ThreeDigitToad", number: "175" },
      { betType: "ThreeDigitToad", number: "517" },
      { betType: "ThreeDigitToad", number: "571" },
      { betType: "ThreeDigitToad", number: "715" },
      { betType: "ThreeDigitToad", number: "751" },
      { betType: "TwoDigitOn", number: "57" },
      { betType: "TwoDigit", number: "42" },
      { betType: "OneDigitOn", number: "1" },
      { betType: "OneDigitOn", number: "5" },
      { betType: "OneDigitOn", number: "7" },
      { betType: "OneDigit", number: "2" },
      { betType: "OneDigit", number: "4" },
      { betType: "LotteryThreeDigit_front", number: "001" },
      { betType: "LotteryThreeDigit_front", number: "918" },
      { betType: "LotteryThreeDigit_rear", number: "157" },
      { betType: "LotteryThreeDigit_rear", number: "730" },
    ]);
  });

  it("collapses repeated digits, repeated toad orderings and a repeated front prize", () => {
    const w: WinningNumbers = { top3: "100", bottom2: "11", front3: ["250", "250"], rear3: ["066", "007"] };
    expect(winningPairs(w)).toEqual([
      { betType: "ThreeDigit", number: "100" },
      { betType: "ThreeDigitToad", number: "001" },
      { betType: "ThreeDigitToad", number: "010" },
      { betType: "ThreeDigitToad", number: "100" },
      { betType: "TwoDigitOn", number: "00" },
      { betType: "TwoDigit", number: "11" },
      { betType: "OneDigitOn", number: "0" },
      { betType: "OneDigitOn", number: "1" },
      { betType: "OneDigit", number: "1" },
      { betType: "LotteryThreeDigit_front", number: "250" },
      { betType: "LotteryThreeDigit_rear", number: "007" },
      { betType: "LotteryThreeDigit_rear", number: "066" },
    ]);
  });

  it("has a single toad number for a triple and no front or rear numbers without those prizes", () => {
    const w = winningNumbers({ kind: "simple", threeTop: "777", twoBottom: "09" });
    expect(winningPairs(w)).toEqual([
      { betType: "ThreeDigit", number: "777" },
      { betType: "ThreeDigitToad", number: "777" },
      { betType: "TwoDigitOn", number: "77" },
      { betType: "TwoDigit", number: "09" },
      { betType: "OneDigitOn", number: "7" },
      { betType: "OneDigit", number: "0" },
      { betType: "OneDigit", number: "9" },
    ]);
  });

  it("16 November 2020 (top 661): three toad numbers, two running digits", () => {
    const w = winningNumbers(thai("972661", ["368", "741"], ["208", "255"], "46"));
    const of = (type: BetType) =>
      winningPairs(w)
        .filter((p) => p.betType === type)
        .map((p) => p.number);
    expect(of("ThreeDigitToad")).toEqual(["166", "616", "661"]);
    expect(of("OneDigitOn")).toEqual(["1", "6"]);
    expect(winningPairs(w)).toHaveLength(1 + 3 + 1 + 1 + 2 + 2 + 2 + 2);
  });
});

describe("lineWins (hand-made result, top 157, bottom 42)", () => {
  it.each<[BetType, string, boolean]>([
    ["ThreeDigit", "157", true],
    ["ThreeDigit", "175", false],
    ["ThreeDigit", "57", false],
    ["ThreeDigitToad", "157", true],
    ["ThreeDigitToad", "715", true],
    ["ThreeDigitToad", "571", true],
    ["ThreeDigitToad", "155", false],
    ["ThreeDigitToad", "1577", false],
    ["TwoDigitOn", "57", true],
    ["TwoDigitOn", "15", false],
    ["TwoDigitOn", "157", false],
    ["TwoDigit", "42", true],
    ["TwoDigit", "24", false],
    ["TwoDigit", "57", false],
    ["OneDigitOn", "1", true],
    ["OneDigitOn", "7", true],
    ["OneDigitOn", "4", false],
    ["OneDigitOn", "15", false],
    ["OneDigit", "4", true],
    ["OneDigit", "2", true],
    ["OneDigit", "1", false],
    ["OneDigit", "", false],
    ["LotteryThreeDigit_front", "001", true],
    ["LotteryThreeDigit_front", "918", true],
    ["LotteryThreeDigit_front", "1", false],
    ["LotteryThreeDigit_front", "157", false],
    ["LotteryThreeDigit_rear", "730", true],
    ["LotteryThreeDigit_rear", "157", true],
    ["LotteryThreeDigit_rear", "918", false],
  ])("%s %j → %s", (type, number, wins) => {
    expect(lineWins(type, number, HAND_MADE)).toBe(wins);
  });

  it("refuses non-digits of the right length", () => {
    expect(lineWins("ThreeDigit", "15a", HAND_MADE)).toBe(false);
    expect(lineWins("OneDigitOn", " ", HAND_MADE)).toBe(false);
    expect(lineWins("TwoDigit", "4 ", HAND_MADE)).toBe(false);
  });

  it("never pays front or rear prizes for a lottery that has none", () => {
    const w = winningNumbers({ kind: "simple", threeTop: "157", twoBottom: "42" });
    expect(lineWins("LotteryThreeDigit_front", "157", w)).toBe(false);
    expect(lineWins("LotteryThreeDigit_rear", "157", w)).toBe(false);
    expect(lineWins("ThreeDigit", "157", w)).toBe(true);
  });
});

// Real Thai government lottery (สลากกินแบ่งรัฐบาล) draws, as published in the press.
describe("real state lottery draws", () => {
  // Draw of 16 November 2020 (16 พฤศจิกายน 2563): first prize 972661, front 368 and 741,
  // rear 208 and 255, two-digit 46.
  // Source: https://lekdii.com/พนักงานเวรเปล-รพ-ศรีสะเก
  const nov2020 = thai("972661", ["368", "741"], ["208", "255"], "46");

  // Draw of 16 July 2023 (16 ก.ค. 66): first prize 169530, front 261 and 384, rear 780 and 066,
  // two-digit 62. Source: https://www.dailynews.co.th/news/2537490/
  const jul2023 = thai("169530", ["261", "384"], ["780", "066"], "62");

  // Draw of 31 July 2023 (งวดวันที่ 31 ก.ค. 2566): first prize 260453, front 268 and 708,
  // rear 387 and 601, two-digit 11. Source:
  // https://checkhuay.in/%e0%b8%a5%e0%b8%b8%e0%b8%87%e0%b8%9b%e0%b9%89%e0%b8%ad%e0%b8%a1-%e0%b9%83%e0%b8%ab%e0%b9%89%e0%b9%82%e0%b8%8a%e0%b8%84-%e0%b9%80%e0%b8%ad%e0%b8%9f%e0%b8%8b%e0%b8%b5%e0%b9%80%e0%b8%ae%e0%b8%81
  const jul2023b = thai("260453", ["268", "708"], ["387", "601"], "11");

  it("16 November 2020: top 661, bottom 46", () => {
    const w = winningNumbers(nov2020);
    expect(w).toEqual({ top3: "661", bottom2: "46", front3: ["368", "741"], rear3: ["208", "255"] });
    expect(awardLines(w)).toEqual([
      { award_type: "ThreeDigit", number: "661" },
      { award_type: "ThreeDigitToad", number: "661" },
      { award_type: "TwoDigitOn", number: "61" },
      { award_type: "TwoDigit", number: "46" },
      { award_type: "OneDigitOn", number: "1" },
      { award_type: "OneDigitOn", number: "6" },
      { award_type: "OneDigit", number: "4" },
      { award_type: "OneDigit", number: "6" },
      { award_type: "LotteryThreeDigit_front", number: "368" },
      { award_type: "LotteryThreeDigit_front", number: "741" },
      { award_type: "LotteryThreeDigit_rear", number: "208" },
      { award_type: "LotteryThreeDigit_rear", number: "255" },
    ]);
    expect(lineWins("ThreeDigitToad", "166", w)).toBe(true);
    expect(lineWins("ThreeDigitToad", "616", w)).toBe(true);
    expect(lineWins("ThreeDigitToad", "611", w)).toBe(false); // one 6 short
    expect(lineWins("TwoDigitOn", "66", w)).toBe(false);
    expect(lineWins("TwoDigit", "64", w)).toBe(false);
    expect(lineWins("LotteryThreeDigit_front", "208", w)).toBe(false); // that is a rear prize
  });

  it("16 July 2023: top 530, bottom 62, rear prize with a leading zero", () => {
    const w = winningNumbers(jul2023);
    expect(w).toEqual({ top3: "530", bottom2: "62", front3: ["261", "384"], rear3: ["780", "066"] });
    expect(
      awardLines(w)
        .filter((l) => l.award_type === "OneDigitOn")
        .map((l) => l.number),
    ).toEqual(["0", "3", "5"]);
    expect(lineWins("LotteryThreeDigit_rear", "066", w)).toBe(true);
    expect(lineWins("LotteryThreeDigit_rear", "66", w)).toBe(false);
    expect(lineWins("TwoDigitOn", "30", w)).toBe(true);
    expect(lineWins("ThreeDigitToad", "053", w)).toBe(true);
    expect(lineWins("OneDigit", "2", w)).toBe(true);
    expect(lineWins("OneDigit", "5", w)).toBe(false);
  });

  it("31 July 2023: top 453, bottom 11 gives a single วิ่งล่าง line", () => {
    const w = winningNumbers(jul2023b);
    expect(w.top3).toBe("453");
    expect(w.bottom2).toBe("11");
    expect(awardLines(w).filter((l) => l.award_type === "OneDigit")).toEqual([{ award_type: "OneDigit", number: "1" }]);
    expect(lineWins("ThreeDigit", "453", w)).toBe(true);
    expect(lineWins("ThreeDigit", "260", w)).toBe(false);
    expect(lineWins("LotteryThreeDigit_front", "708", w)).toBe(true);
    expect(lineWins("LotteryThreeDigit_rear", "601", w)).toBe(true);
  });

  it("parses each draw as an admin would type it", () => {
    for (const draw of [nov2020, jul2023, jul2023b]) {
      expect(parseResult(draw)).toEqual({ ok: true, value: draw });
    }
  });
});

describe("properties", () => {
  const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
  const winning: fc.Arbitrary<WinningNumbers> = fc.oneof(
    fc
      .record({ firstPrize: digits(6), front3: fc.tuple(digits(3), digits(3)), rear3: fc.tuple(digits(3), digits(3)), twoDigit: digits(2) })
      .map((r) => winningNumbers({ kind: "thai", ...r, front3: [...r.front3], rear3: [...r.rear3] })),
    fc
      .record({ close: fc.stringMatching(/^\d{1,6}(\.\d{1,2})?$/), change: fc.stringMatching(/^[+-]?\d{1,4}(\.\d{1,2})?$/) })
      .map((r) => winningNumbers({ kind: "stock", ...r })),
    fc.record({ threeTop: digits(3), twoBottom: digits(2) }).map((r) => winningNumbers({ kind: "simple", ...r })),
  );
  const betType = fc.constantFrom(...BET_TYPES);
  const anyNumber = fc.stringMatching(/^\d{1,3}$/);

  it("always yields a 3-digit top and a 2-digit bottom", () => {
    fc.assert(
      fc.property(winning, (w) => {
        expect(w.top3).toMatch(/^\d{3}$/);
        expect(w.bottom2).toMatch(/^\d{2}$/);
      }),
    );
  });

  it("a ThreeDigit win is also a ThreeDigitToad win", () => {
    fc.assert(
      fc.property(winning, digits(3), (w, n) => {
        if (lineWins("ThreeDigit", n, w)) expect(lineWins("ThreeDigitToad", n, w)).toBe(true);
      }),
    );
    fc.assert(fc.property(winning, (w) => lineWins("ThreeDigitToad", w.top3, w)));
  });

  it("exactly one TwoDigit number of 00–99 wins", () => {
    fc.assert(
      fc.property(winning, (w) => {
        const all = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));
        expect(all.filter((n) => lineWins("TwoDigit", n, w))).toEqual([w.bottom2]);
      }),
    );
  });

  it("every award line wins", () => {
    fc.assert(
      fc.property(winning, (w) => {
        for (const line of awardLines(w)) expect(lineWins(line.award_type, line.number, w)).toBe(true);
      }),
    );
  });

  it("every distinct permutation of the top wins ThreeDigitToad", () => {
    fc.assert(
      fc.property(winning, (w) => {
        for (const p of distinctPermutations(w.top3)) expect(lineWins("ThreeDigitToad", p, w)).toBe(true);
      }),
    );
  });

  it("winning numbers of every bet type are exactly the award lines of that type", () => {
    // Closes the loop the other way: nothing wins that awardLines does not list, except toad
    // permutations, which awardLines records once in drawn order.
    fc.assert(
      fc.property(winning, betType, (w, type) => {
        if (type === "ThreeDigitToad") return;
        const width = betTypeDigits(type);
        const all = Array.from({ length: 10 ** width }, (_, i) => String(i).padStart(width, "0"));
        const listed = awardLines(w)
          .filter((l) => l.award_type === type)
          .map((l) => l.number);
        expect(all.filter((n) => lineWins(type, n, w))).toEqual([...new Set(listed)].sort());
      }),
      { numRuns: 100 },
    );
  });

  it("winningPairs lists exactly the (bet type, number) pairs that win, with or without front and rear prizes", () => {
    const withExtras = fc.record({
      top3: digits(3),
      bottom2: digits(2),
      front3: fc.array(digits(3), { maxLength: 3 }),
      rear3: fc.array(digits(3), { maxLength: 3 }),
    });
    const noExtras = fc.record({ top3: digits(3), bottom2: digits(2) }).map((r) => ({ ...r, front3: [], rear3: [] }));
    const allOf = (width: number) => Array.from({ length: 10 ** width }, (_, i) => String(i).padStart(width, "0"));
    const everyNumber = { 1: allOf(1), 2: allOf(2), 3: allOf(3) } as const;
    fc.assert(
      fc.property(fc.oneof(winning, withExtras, noExtras), (w) => {
        const pairs = winningPairs(w);
        const keys = pairs.map((p) => `${p.betType}:${p.number}`);
        expect(new Set(keys).size).toBe(keys.length);
        const listed = new Set(keys);
        for (const type of BET_TYPES) {
          for (const n of everyNumber[betTypeDigits(type)]) {
            if (lineWins(type, n, w) !== listed.has(`${type}:${n}`)) {
              expect.fail(`${type} ${n}: lineWins ${lineWins(type, n, w)}, listed ${listed.has(`${type}:${n}`)}`);
            }
          }
        }
        for (const p of pairs) expect(p.number).toMatch(new RegExp(`^\\d{${betTypeDigits(p.betType)}}$`));
      }),
      { numRuns: 150 },
    );
  });

  it("a number of the wrong length never wins", () => {
    fc.assert(
      fc.property(winning, betType, anyNumber, (w, type, n) => {
        const width = betTypeDigits(type);
        if (n.length !== width) expect(lineWins(type, n, w)).toBe(false);
      }),
    );
  });

  it("parseResult accepts what it returns and winningNumbers agrees on comma and plain forms", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const plain = `${whole}.${String(cents).padStart(2, "0")}`;
        const grouped = `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${String(cents).padStart(2, "0")}`;
        const a = parseResult({ kind: "stock", close: grouped, change: `-${plain}` });
        expect(a).toEqual({ ok: true, value: { kind: "stock", close: plain, change: `-${plain}` } });
        if (a.ok) {
          expect(parseResult(a.value)).toEqual(a);
          expect(winningNumbers(a.value).top3).toBe(`${whole % 10}${String(cents).padStart(2, "0")}`);
        }
      }),
    );
  });
});
