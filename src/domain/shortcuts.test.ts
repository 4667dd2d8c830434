import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  backRun,
  doubles,
  evenPairs,
  frontRun,
  highTwo,
  lowTwo,
  nineteenDoors,
  oddPairs,
  orderingCount,
  parseNumberList,
  SHORTCUTS,
  shortcutNumbers,
  siblings,
  sixReverse,
  threeReverse,
  triples,
} from "./shortcuts";

const words = (s: string) => s.trim().split(/\s+/);

describe("two-digit shortcuts", () => {
  it("19 ประตู gives the 19 numbers containing the digit", () => {
    expect(nineteenDoors("5")).toEqual(words("05 15 25 35 45 50 51 52 53 54 55 56 57 58 59 65 75 85 95"));
    expect(nineteenDoors("0")).toEqual(words("00 01 02 03 04 05 06 07 08 09 10 20 30 40 50 60 70 80 90"));
    expect(nineteenDoors("9")).toEqual(words("09 19 29 39 49 59 69 79 89 90 91 92 93 94 95 96 97 98 99"));
  });

  it("19 ประตู: always 19 distinct numbers, each containing the digit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), (d) => {
        const n = nineteenDoors(String(d));
        expect(n).toHaveLength(19);
        expect(new Set(n).size).toBe(19);
        for (const x of n) expect(x).toContain(String(d));
      }),
    );
  });

  it("รูดหน้า gives d0–d9 and รูดหลัง gives 0d–9d", () => {
    expect(frontRun("3")).toEqual(words("30 31 32 33 34 35 36 37 38 39"));
    expect(backRun("7")).toEqual(words("07 17 27 37 47 57 67 77 87 97"));
    expect(frontRun("0")).toEqual(words("00 01 02 03 04 05 06 07 08 09"));
  });

  it("เลขเบิ้ล gives 00, 11 … 99", () => {
    expect(doubles()).toEqual(words("00 11 22 33 44 55 66 77 88 99"));
  });

  it("เลขพี่น้อง gives 01 … 90, then reversed 10 … 09", () => {
    expect(siblings()).toEqual(words("01 12 23 34 45 56 67 78 89 90 10 21 32 43 54 65 76 87 98 09"));
  });

  it("เลขคู่ and เลขคี่ give the 25 numbers whose both digits are even / odd", () => {
    expect(evenPairs()).toEqual(words("00 02 04 06 08 20 22 24 26 28 40 42 44 46 48 60 62 64 66 68 80 82 84 86 88"));
    expect(oddPairs()).toEqual(words("11 13 15 17 19 31 33 35 37 39 51 53 55 57 59 71 73 75 77 79 91 93 95 97 99"));
  });

  it("สองตัวต่ำ gives 00–49 and สองตัวสูง 50–99", () => {
    expect(lowTwo()).toEqual(
      words(`00 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24
             25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49`),
    );
    expect(highTwo()).toEqual(
      words(`50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74
             75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99`),
    );
  });

  it.each(["", "10", "a", "๕", " 5", "-1"])("refuses the digit %j", (bad) => {
    expect(() => nineteenDoors(bad)).toThrow(RangeError);
    expect(() => frontRun(bad)).toThrow(RangeError);
    expect(() => backRun(bad)).toThrow(RangeError);
  });
});

describe("three-digit shortcuts", () => {
  it("เลขตอง gives 000, 111 … 999", () => {
    expect(triples()).toEqual(words("000 111 222 333 444 555 666 777 888 999"));
  });

  it("6 กลับ gives the six orderings, the typed number first", () => {
    expect(sixReverse("123")).toEqual(words("123 132 213 231 312 321"));
    expect(sixReverse("907")).toEqual(words("907 079 097 709 790 970"));
  });

  it("3 กลับ gives the three orderings of a number with one pair, the typed number first", () => {
    expect(threeReverse("112")).toEqual(words("112 121 211"));
    expect(threeReverse("343")).toEqual(words("343 334 433"));
    expect(threeReverse("001")).toEqual(words("001 010 100"));
  });

  it("each refuses the numbers of the other kind", () => {
    expect(orderingCount("123")).toBe(6);
    expect(orderingCount("122")).toBe(3);
    expect(orderingCount("555")).toBe(1);
    expect(() => sixReverse("112")).toThrow(RangeError);
    expect(() => sixReverse("555")).toThrow(RangeError);
    expect(() => threeReverse("123")).toThrow(RangeError);
    expect(() => threeReverse("555")).toThrow(RangeError);
    expect(() => sixReverse("12")).toThrow(RangeError);
    expect(() => orderingCount("1234")).toThrow(RangeError);
  });
});

describe("the shortcut table", () => {
  it("lists every shortcut once with its Thai label", () => {
    expect(SHORTCUTS.map((s) => s.label)).toEqual([
      "19 ประตู",
      "รูดหน้า",
      "รูดหลัง",
      "เลขเบิ้ล",
      "เลขพี่น้อง",
      "เลขคู่",
      "เลขคี่",
      "สองตัวต่ำ",
      "สองตัวสูง",
      "เลขตอง",
      "6 กลับ",
      "3 กลับ",
    ]);
  });

  it("every shortcut gives distinct numbers of its own width", () => {
    for (const s of SHORTCUTS) {
      const input = s.input === "digit" ? "4" : s.input === "number" ? (s.id === "sixReverse" ? "456" : "445") : "";
      const numbers = shortcutNumbers(s.id, input);
      expect(numbers.length, s.id).toBeGreaterThan(0);
      expect(new Set(numbers).size, s.id).toBe(numbers.length);
      for (const n of numbers) expect(n, s.id).toMatch(new RegExp(`^[0-9]{${s.width}}$`));
    }
    expect(shortcutNumbers("doubles")).toEqual(doubles());
    expect(shortcutNumbers("nineteenDoors", "5")).toEqual(nineteenDoors("5"));
    expect(() => shortcutNumbers("frontRun")).toThrow(RangeError);
  });
});

describe("a pasted list of numbers", () => {
  it("splits on spaces, commas and new lines, keeping the first of each number", () => {
    expect(parseNumberList("12 34,56\n78\r\n12 ,, 90\t07", 2)).toEqual({
      numbers: ["12", "34", "56", "78", "90", "07"],
      repeated: ["12"],
      invalid: [],
    });
  });

  it("reads Thai digits and reports pieces of the wrong width or with other characters", () => {
    expect(parseNumberList("๑๒ 7 123 1a 12 ๑๒ ๑๒", 2)).toEqual({ numbers: ["12"], repeated: ["12"], invalid: ["7", "123", "1a"] });
    expect(parseNumberList("123, 321\n1234 -12", 3)).toEqual({ numbers: ["123", "321"], repeated: [], invalid: ["1234", "-12"] });
    expect(parseNumberList("1 2 3 0", 1)).toEqual({ numbers: ["1", "2", "3", "0"], repeated: [], invalid: [] });
  });

  it("gives nothing for empty or blank text", () => {
    expect(parseNumberList("", 2)).toEqual({ numbers: [], repeated: [], invalid: [] });
    expect(parseNumberList(" \n ,\t", 3)).toEqual({ numbers: [], repeated: [], invalid: [] });
  });

  it("every number it gives has the width and appeared in the text", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[0-9a-z]{0,4}$/)),
        fc.constantFrom(", ", "\n", " ", ","),
        fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>,
        (pieces, sep, width) => {
          const r = parseNumberList(pieces.join(sep), width);
          expect(new Set(r.numbers).size).toBe(r.numbers.length);
          for (const n of r.numbers) {
            expect(n).toMatch(new RegExp(`^[0-9]{${width}}$`));
            expect(pieces).toContain(n);
          }
          expect(r.numbers.length + r.invalid.length).toBeLessThanOrEqual(pieces.length);
        },
      ),
    );
  });
});
