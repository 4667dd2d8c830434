import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { BET_TYPES, betTypeDigits, type BetType } from "./bet-types";
import { distinctPermutations } from "./permutations";
import {
  SLIP_GRACE_MS,
  SLIP_STATUS,
  effectiveRate,
  exposureNumber,
  linePayout,
  linePrice,
  reverseNumbers,
  slipState,
  slipStatus,
  slipTotals,
  validateBetLine,
  type SlipForState,
  type SlipStatusInput,
} from "./slip";

describe("linePayout", () => {
  it("pays 100 ฿ at 900 as 90,000 ฿", () => {
    expect(linePayout(10_000, 90_000)).toBe(9_000_000);
  });

  it("pays 10 ฿ at 3.2 as 32 ฿ and 1 ฿ at 4.2 as 4.20 ฿", () => {
    expect(linePayout(1_000, 320)).toBe(3_200);
    expect(linePayout(100, 420)).toBe(420);
  });

  it("pays 7 ฿ at 150 as 1,050 ฿ and nothing at a rate of 0", () => {
    expect(linePayout(700, 15_000)).toBe(105_000);
    expect(linePayout(700, 0)).toBe(0);
    expect(linePayout(0, 90_000)).toBe(0);
  });

  it("refuses a result that is not whole satang instead of rounding", () => {
    expect(() => linePayout(1, 320)).toThrow(RangeError); // 0.01 ฿ × 3.2
    expect(() => linePayout(150, 333)).toThrow(RangeError); // 1.50 ฿ × 3.33
  });

  it("accepts a part-baht stake whose payout happens to be whole satang", () => {
    expect(linePayout(150, 320)).toBe(480); // 1.50 ฿ × 3.2 = 4.80 ฿
  });

  it.each<[number, number]>([
    [-100, 90_000],
    [100, -1],
    [100.5, 90_000],
    [100, 320.5],
    [Number.NaN, 90_000],
    [100, Number.POSITIVE_INFINITY],
    [Number.MAX_SAFE_INTEGER, 90_000],
  ])("refuses stake %s at rate %s", (stake, rate) => {
    expect(() => linePayout(stake, rate)).toThrow(RangeError);
  });
});

describe("linePrice", () => {
  it("charges 100 ฿ less 8% as 92 ฿ and 33 ฿ less 15% as 28.05 ฿", () => {
    expect(linePrice(10_000, 8)).toBe(9_200);
    expect(linePrice(3_300, 15)).toBe(2_805);
  });

  it("charges the whole stake without discount and 1% at a 99% discount", () => {
    expect(linePrice(10_000, 0)).toBe(10_000);
    expect(linePrice(10_000, 99)).toBe(100);
    expect(linePrice(100, 99)).toBe(1);
  });

  it.each<[number, number]>([
    [10_000, 100],
    [10_000, -1],
    [10_000, 2.5],
    [10_000, Number.NaN],
    [-100, 10],
    [100.5, 10],
    [1, 10], // 0.01 ฿ less 10% is not whole satang
  ])("refuses stake %s with discount %s", (stake, discount) => {
    expect(() => linePrice(stake, discount)).toThrow(RangeError);
  });
});

describe("effectiveRate", () => {
  const BET_AT = Date.UTC(2024, 0, 16, 7, 0, 0); // 16 Jan 2024 14:00 in Bangkok

  it("uses the config rate without price records", () => {
    expect(effectiveRate(90_000, [], BET_AT)).toEqual({ rateX100: 90_000, closed: false });
  });

  it("uses the latest record before the bet over an earlier one, whatever the list order", () => {
    const records = [
      { newPriceX100: 50_000, at: BET_AT - 60_000 },
      { newPriceX100: 70_000, at: BET_AT - 3_600_000 },
    ];
    expect(effectiveRate(90_000, records, BET_AT)).toEqual({ rateX100: 50_000, closed: false });
    expect(effectiveRate(90_000, [...records].reverse(), BET_AT)).toEqual({ rateX100: 50_000, closed: false });
  });

  it("a record without a price reopens a closed number at the config rate", () => {
    const records = [
      { newPriceX100: 0, at: BET_AT - 60_000 },
      { newPriceX100: null, at: BET_AT - 1_000 },
    ];
    expect(effectiveRate(90_000, records, BET_AT)).toEqual({ rateX100: 90_000, closed: false });
    expect(effectiveRate(90_000, records, BET_AT - 2_000)).toEqual({ rateX100: 0, closed: true });
  });

  it("ignores a record set after the bet", () => {
    expect(effectiveRate(90_000, [{ newPriceX100: 50_000, at: BET_AT + 1 }], BET_AT)).toEqual({
      rateX100: 90_000,
      closed: false,
    });
    expect(
      effectiveRate(
        90_000,
        [
          { newPriceX100: 70_000, at: BET_AT - 1 },
          { newPriceX100: 0, at: BET_AT + 1 },
        ],
        BET_AT,
      ),
    ).toEqual({ rateX100: 70_000, closed: false });
  });

  it("applies a record set at the very millisecond of the bet", () => {
    expect(effectiveRate(90_000, [{ newPriceX100: 45_000, at: BET_AT }], BET_AT)).toEqual({
      rateX100: 45_000,
      closed: false,
    });
  });

  it("closes the number at a price of 0, and a later record reopens it", () => {
    expect(effectiveRate(90_000, [{ newPriceX100: 0, at: BET_AT - 1 }], BET_AT)).toEqual({ rateX100: 0, closed: true });
    expect(
      effectiveRate(
        90_000,
        [
          { newPriceX100: 0, at: BET_AT - 10 },
          { newPriceX100: 60_000, at: BET_AT - 5 },
        ],
        BET_AT,
      ),
    ).toEqual({ rateX100: 60_000, closed: false });
  });

  it("takes the later entry of two records with the same time", () => {
    const records = [
      { newPriceX100: 60_000, at: BET_AT - 5 },
      { newPriceX100: 0, at: BET_AT - 5 },
    ];
    expect(effectiveRate(90_000, records, BET_AT)).toEqual({ rateX100: 0, closed: true });
  });

  it("treats a config rate of 0 as closed", () => {
    expect(effectiveRate(0, [], BET_AT)).toEqual({ rateX100: 0, closed: true });
  });

  it("refuses malformed rates and times", () => {
    expect(() => effectiveRate(-1, [], BET_AT)).toThrow(RangeError);
    expect(() => effectiveRate(320.5, [], BET_AT)).toThrow(RangeError);
    expect(() => effectiveRate(90_000, [{ newPriceX100: -5, at: BET_AT - 1 }], BET_AT)).toThrow(RangeError);
    expect(() => effectiveRate(90_000, [{ newPriceX100: 500, at: Number.NaN }], BET_AT)).toThrow(RangeError);
    expect(() => effectiveRate(90_000, [], Number.NaN)).toThrow(RangeError);
  });
});

describe("SLIP_STATUS", () => {
  it("labels and colours every status as the specification does", () => {
    expect(SLIP_STATUS).toEqual({
      accepting: { label: "รับแทง", color: "blue" },
      won: { label: "ชนะ", color: "green" },
      lost: { label: "แพ้", color: "red" },
      returned: { label: "คืนโพย", color: "gray" },
      cancelled: { label: "ยกเลิก", color: "orange" },
    });
    expect(SLIP_GRACE_MS).toBe(120_000);
  });
});

describe("slipStatus", () => {
  const ROUND = Date.UTC(2024, 0, 16, 8, 30, 0); // 15:30 Bangkok
  const active = (over: Partial<SlipStatusInput>): SlipStatusInput => ({
    status: "active",
    roundStatus: "add award",
    roundTime: ROUND,
    now: ROUND + 600_000,
    hasWinningLine: true,
    ...over,
  });

  it("shows a returned slip as คืนโพย and a cancelled slip as ยกเลิก, whatever the round", () => {
    expect(slipStatus(active({ status: "non reactive" }))).toBe("returned");
    expect(slipStatus(active({ status: "cancel activity" }))).toBe("cancelled");
    expect(slipStatus(active({ status: "non reactive", roundStatus: "open", now: ROUND - 1 }))).toBe("returned");
    expect(slipStatus(active({ status: "cancel activity", roundStatus: "open", now: ROUND - 1 }))).toBe("cancelled");
  });

  it("switches to won exactly at the round time plus 120000 ms", () => {
    expect(slipStatus(active({ now: ROUND + 119_999 }))).toBe("accepting");
    expect(slipStatus(active({ now: ROUND + 120_000 }))).toBe("won");
    expect(slipStatus(active({ now: ROUND + 120_001 }))).toBe("won");
  });

  it("switches to lost exactly at the round time plus 120000 ms for a slip without a winning line", () => {
    expect(slipStatus(active({ hasWinningLine: false, now: ROUND + 119_999 }))).toBe("accepting");
    expect(slipStatus(active({ hasWinningLine: false, now: ROUND + 120_000 }))).toBe("lost");
  });

  it("keeps accepting while the round is open or closed without its award, however late", () => {
    expect(slipStatus(active({ roundStatus: "open", now: ROUND - 60_000 }))).toBe("accepting");
    expect(slipStatus(active({ roundStatus: "closed", now: ROUND + 86_400_000 }))).toBe("accepting");
    expect(slipStatus(active({ roundStatus: "closed", hasWinningLine: false, now: ROUND + 86_400_000 }))).toBe("accepting");
  });

  it("shows accepting for an active slip in a cancelled round (its refund turns it into คืนโพย)", () => {
    expect(slipStatus(active({ roundStatus: "cancel activity" }))).toBe("accepting");
  });
});

describe("slipState (the one rule for list and detail, docs/decisions/036)", () => {
  // Planned to close at 16:00 Bangkok; the operator closed it early at 15:30 (the close sent is the actual one).
  const PLANNED = Date.UTC(2024, 0, 16, 9, 0, 0);
  const EARLY = Date.UTC(2024, 0, 16, 8, 30, 0);
  const slip = (over: Partial<SlipForState> = {}): SlipForState => ({
    status: "active",
    roundStatus: "add award",
    timestop: new Date(EARLY).toISOString(),
    lines: [{ result: "win" }, { result: "lose" }],
    ...over,
  });

  it("runs the 2-minute grace from the round's actual (early) close, not its planned one", () => {
    expect(slipState(slip(), EARLY + 119_999)).toBe("accepting");
    expect(slipState(slip(), EARLY + 120_000)).toBe("won");
    // Long before the planned close the settled slip already shows its result.
    expect(EARLY + 120_000).toBeLessThan(PLANNED);
    expect(slipState(slip({ lines: [{ result: "lose" }] }), EARLY + 120_000)).toBe("lost");
  });

  it("keeps accepting without the result, and while a winning line is still being paid", () => {
    expect(slipState(slip({ roundStatus: "closed", lines: [{ result: null }] }), EARLY + 3_600_000)).toBe("accepting");
    expect(slipState(slip({ lines: [{ result: null }, { result: "lose" }] }), EARLY + 3_600_000)).toBe("accepting");
  });

  it("shows returned and cancelled slips as the specification does, whatever the round", () => {
    expect(slipState(slip({ status: "non reactive", roundStatus: "cancel activity" }), EARLY)).toBe("returned");
    expect(slipState(slip({ status: "cancel activity", roundStatus: "open", lines: [{ result: null }] }), EARLY - 60_000)).toBe(
      "cancelled",
    );
  });

  it("refuses a close time that is not a date rather than guessing a state", () => {
    expect(() => slipState(slip({ timestop: "" }), EARLY)).toThrow(RangeError);
  });

  it("agrees with slipStatus for any slip and time", () => {
    const input = fc.record({
      status: fc.constantFrom("active" as const, "non reactive" as const, "cancel activity" as const),
      roundStatus: fc.constantFrom("open" as const, "closed" as const, "add award" as const, "cancel activity" as const),
      close: fc.integer({ min: 0, max: 4_000_000_000_000 }),
      offset: fc.integer({ min: -1_000_000, max: 1_000_000 }),
      lines: fc.array(fc.constantFrom("win" as const, "lose" as const), { minLength: 1, maxLength: 5 }),
    });
    fc.assert(
      fc.property(input, ({ status, roundStatus, close, offset, lines }) => {
        const s = { status, roundStatus, timestop: new Date(close).toISOString(), lines: lines.map((result) => ({ result })) };
        expect(slipState(s, close + offset)).toBe(
          slipStatus({ status, roundStatus, roundTime: close, now: close + offset, hasWinningLine: lines.includes("win") }),
        );
      }),
    );
  });
});

describe("slipTotals", () => {
  const CLOSE = Date.UTC(2024, 0, 16, 8, 30, 0);
  const row = (over: Partial<SlipForState & { totalPaid: number; totalWin: number }>) => ({
    status: "active" as const,
    roundStatus: "add award" as const,
    timestop: new Date(CLOSE).toISOString(),
    lines: [{ result: "lose" as const }],
    totalPaid: 10,
    totalWin: 0,
    ...over,
  });
  const rows = [
    row({ lines: [{ result: "win" }], totalPaid: 2, totalWin: 1800 }),
    row({ totalPaid: 10.5 }),
    row({ status: "cancel activity", totalPaid: 5 }),
    row({ status: "non reactive", totalPaid: 7 }),
  ];

  it("counts every row listed; stakes of the slips that stand; wins exactly when the row shows ชนะ", () => {
    expect(slipTotals(rows, CLOSE + 120_000)).toEqual({ count: 4, staked: 12.5, won: 1800 });
    // Within the grace the row shows รับแทง, so no win is counted yet.
    expect(slipTotals(rows, CLOSE + 119_999)).toEqual({ count: 4, staked: 12.5, won: 0 });
    expect(slipTotals([], CLOSE)).toEqual({ count: 0, staked: 0, won: 0 });
  });

  it("sums baht in satang: 0.1 + 0.2 is 0.3", () => {
    expect(slipTotals([row({ totalPaid: 0.1 }), row({ totalPaid: 0.2 })], CLOSE).staked).toBe(0.3);
  });
});

describe("reverseNumbers", () => {
  it.each<[string, string[]]>([
    ["123", ["123", "132", "213", "231", "312", "321"]],
    ["321", ["321", "123", "132", "213", "231", "312"]],
    ["112", ["112", "121", "211"]],
    ["211", ["211", "112", "121"]],
    ["777", ["777"]],
    ["09", ["09", "90"]],
    ["90", ["90", "09"]],
    ["55", ["55"]],
  ])("reverses %j to %j", (number, expected) => {
    expect(reverseNumbers(number)).toEqual(expected);
  });

  it.each(["", "1", "1234", "12a", "๑๒"])("refuses %j", (bad) => {
    expect(() => reverseNumbers(bad)).toThrow(RangeError);
  });
});

describe("validateBetLine", () => {
  const LIMITS = { minStakeBaht: 1, maxStakeBaht: 2_000 };

  it("accepts a well-formed line at both limits", () => {
    expect(validateBetLine({ betType: "ThreeDigit", number: "157", stakeBaht: 1 }, LIMITS)).toBeNull();
    expect(validateBetLine({ betType: "TwoDigit", number: "09", stakeBaht: 2_000 }, LIMITS)).toBeNull();
    expect(validateBetLine({ betType: "OneDigitOn", number: "0", stakeBaht: 50 }, LIMITS)).toBeNull();
    expect(validateBetLine({ betType: "LotteryThreeDigit_rear", number: "066", stakeBaht: 20 }, LIMITS)).toBeNull();
  });

  it.each<[BetType, string, string]>([
    ["ThreeDigit", "57", "เลขสามตัวบนต้องเป็นตัวเลข 3 หลัก"],
    ["ThreeDigitToad", "1577", "เลขสามตัวโต๊ดต้องเป็นตัวเลข 3 หลัก"],
    ["TwoDigitOn", "5", "เลขสองตัวบนต้องเป็นตัวเลข 2 หลัก"],
    ["TwoDigit", "4 ", "เลขสองตัวล่างต้องเป็นตัวเลข 2 หลัก"],
    ["OneDigitOn", "", "เลขวิ่งบนต้องเป็นตัวเลข 1 หลัก"],
    ["OneDigit", "a", "เลขวิ่งล่างต้องเป็นตัวเลข 1 หลัก"],
    ["LotteryThreeDigit_front", "๑๒๓", "เลขสามตัวหน้าต้องเป็นตัวเลข 3 หลัก"],
    ["LotteryThreeDigit_rear", "12\n", "เลขสามตัวหลังต้องเป็นตัวเลข 3 หลัก"],
  ])("refuses %s number %j", (betType, number, message) => {
    expect(validateBetLine({ betType, number, stakeBaht: 10 }, LIMITS)).toBe(message);
  });

  it.each<[number, string]>([
    [0, "ยอดแทงต้องเป็นจำนวนเต็มบาทที่มากกว่า 0"],
    [-5, "ยอดแทงต้องเป็นจำนวนเต็มบาทที่มากกว่า 0"],
    [10.5, "ยอดแทงต้องเป็นจำนวนเต็มบาทที่มากกว่า 0"],
    [Number.NaN, "ยอดแทงต้องเป็นจำนวนเต็มบาทที่มากกว่า 0"],
    [Number.POSITIVE_INFINITY, "ยอดแทงต้องเป็นจำนวนเต็มบาทที่มากกว่า 0"],
    [4, "ยอดแทงขั้นต่ำ 5 บาท"],
    [1_001, "ยอดแทงสูงสุด 1,000 บาท"],
  ])("refuses a stake of %s", (stakeBaht, message) => {
    expect(validateBetLine({ betType: "TwoDigit", number: "42", stakeBaht }, { minStakeBaht: 5, maxStakeBaht: 1_000 })).toBe(message);
  });

  it("checks the number before the stake and refuses an unknown bet type", () => {
    expect(validateBetLine({ betType: "TwoDigit", number: "4", stakeBaht: 0 }, LIMITS)).toBe("เลขสองตัวล่างต้องเป็นตัวเลข 2 หลัก");
    expect(validateBetLine({ betType: "Predicttotal" as BetType, number: "42", stakeBaht: 10 }, LIMITS)).toBe("ประเภทการแทงไม่ถูกต้อง");
  });

  it("refuses limits that are not whole baht with min ≤ max", () => {
    const line = { betType: "TwoDigit" as const, number: "42", stakeBaht: 10 };
    expect(() => validateBetLine(line, { minStakeBaht: 10, maxStakeBaht: 5 })).toThrow(RangeError);
    expect(() => validateBetLine(line, { minStakeBaht: 0.5, maxStakeBaht: 5 })).toThrow(RangeError);
    expect(() => validateBetLine(line, { minStakeBaht: -1, maxStakeBaht: 5 })).toThrow(RangeError);
  });
});

describe("properties", () => {
  const stakeBaht = fc.integer({ min: 0, max: 1_000_000 });
  const rateX100 = fc.integer({ min: 0, max: 100_000 });

  it("a whole-baht payout is exactly stake × rate, never more", () => {
    fc.assert(
      fc.property(stakeBaht, rateX100, (baht, rate) => {
        const stake = baht * 100;
        const payout = linePayout(stake, rate);
        expect(Number.isSafeInteger(payout)).toBe(true);
        expect(payout * 100).toBe(stake * rate);
        expect(payout).toBeLessThanOrEqual(stake * Math.ceil(rate / 100));
        expect(payout).toBe(baht * rate);
      }),
    );
  });

  it("payout is monotonic in the stake", () => {
    fc.assert(
      fc.property(stakeBaht, stakeBaht, rateX100, (a, b, rate) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(linePayout(lo * 100, rate)).toBeLessThanOrEqual(linePayout(hi * 100, rate));
      }),
    );
  });

  it("a percent-lotto price never exceeds the stake and the discount is exact", () => {
    fc.assert(
      fc.property(stakeBaht, fc.integer({ min: 0, max: 99 }), (baht, discount) => {
        const stake = baht * 100;
        const price = linePrice(stake, discount);
        expect(price).toBeLessThanOrEqual(stake);
        expect(price).toBe(baht * (100 - discount));
        expect(stake - price).toBe(baht * discount);
      }),
    );
  });

  it("the effective rate is the config rate or a record at or before the bet, and later records never matter", () => {
    const record = fc.record({ newPriceX100: rateX100, at: fc.integer({ min: 0, max: 1_000 }) });
    fc.assert(
      fc.property(
        rateX100,
        fc.array(record, { maxLength: 6 }),
        fc.array(record, { maxLength: 3 }),
        fc.integer({ min: 0, max: 1_000 }),
        (config, records, extra, betAt) => {
          const result = effectiveRate(config, records, betAt);
          const applicable = records.filter((r) => r.at <= betAt);
          expect(result.closed).toBe(result.rateX100 === 0);
          if (applicable.length === 0) expect(result.rateX100).toBe(config);
          else {
            const latestAt = Math.max(...applicable.map((r) => r.at));
            expect(applicable.filter((r) => r.at === latestAt).map((r) => r.newPriceX100)).toContain(result.rateX100);
          }
          const later = extra.map((r) => ({ ...r, at: betAt + 1 + r.at }));
          expect(effectiveRate(config, [...later, ...records, ...later], betAt)).toEqual(result);
        },
      ),
    );
  });

  it("a slip shows a result only after the grace, only with the award added, and won only with a winning line", () => {
    const input = fc.record({
      status: fc.constantFrom("active" as const, "non reactive" as const, "cancel activity" as const),
      roundStatus: fc.constantFrom("open" as const, "closed" as const, "add award" as const, "cancel activity" as const),
      roundTime: fc.integer({ min: 0, max: 2_000_000_000_000 }),
      offset: fc.integer({ min: -1_000_000, max: 1_000_000 }),
      hasWinningLine: fc.boolean(),
    });
    fc.assert(
      fc.property(input, ({ offset, ...r }) => {
        const s = { ...r, now: r.roundTime + offset };
        const key = slipStatus(s);
        expect(SLIP_STATUS[key]).toBeDefined();
        if (s.status === "non reactive") expect(key).toBe("returned");
        if (s.status === "cancel activity") expect(key).toBe("cancelled");
        if (s.status === "active") {
          const decided = s.roundStatus === "add award" && offset >= SLIP_GRACE_MS;
          expect(key).toBe(decided ? (s.hasWinningLine ? "won" : "lost") : "accepting");
        }
      }),
    );
  });

  it("reverseNumbers starts with the number and lists its distinct permutations once", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{2,3}$/), (n) => {
        const reversed = reverseNumbers(n);
        expect(reversed[0]).toBe(n);
        expect(new Set(reversed).size).toBe(reversed.length);
        expect([...reversed].sort()).toEqual(distinctPermutations(n));
      }),
    );
  });

  it("validateBetLine accepts exactly the right digit count and stakes within the limits", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BET_TYPES),
        fc.stringMatching(/^\d{0,4}$/),
        fc.integer({ min: -10, max: 3_000 }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        (betType, number, stake, min, span) => {
          const ok = validateBetLine({ betType, number, stakeBaht: stake }, { minStakeBaht: min, maxStakeBaht: min + span });
          const expectOk = number.length === betTypeDigits(betType) && stake >= min && stake <= min + span;
          expect(ok === null).toBe(expectOk);
        },
      ),
    );
  });
});

describe("exposureNumber", () => {
  it("keys a tod number by its digits sorted and every other type by the number as typed", () => {
    expect(exposureNumber("ThreeDigitToad", "321")).toBe("123");
    expect(exposureNumber("ThreeDigitToad", "070")).toBe("007");
    expect(exposureNumber("ThreeDigit", "321")).toBe("321");
    expect(exposureNumber("TwoDigit", "90")).toBe("90");
  });
});
