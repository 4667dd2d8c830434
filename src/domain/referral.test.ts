import { describe, it, expect } from "vitest";
import { BET_TYPES, betTypeDigits, type BetType } from "./bet-types";
import {
  DEFAULT_LEVEL_BP,
  REFERRAL_LEVELS,
  WIN_CHANCE,
  commissionBp,
  edgeBreach,
  bpToPercent,
  formatBp,
  percentToBp,
  houseEdgeBp,
  lineCommission,
  maskUsername,
  maxCommissionBp,
  type CommissionRate,
  type PayoutTier,
  type ReferralLevel,
} from "./referral";
import { lineWins, winningNumbers, type WinningNumbers } from "./results";

const rate = (level: ReferralLevel, lottery_id: string | null, bet_type: BetType | null, bp: number): CommissionRate => ({
  level,
  lottery_id,
  bet_type,
  bp,
});

describe("commissionBp", () => {
  const rates: CommissionRate[] = [
    rate(1, null, null, 50),
    rate(1, "lao", null, 60),
    rate(1, "lao", "ThreeDigit", 120),
    rate(2, "lao", "TwoDigit", 15),
  ];

  it("takes the lottery × bet type rate first", () => {
    expect(commissionBp(rates, 1, "lao", "ThreeDigit")).toBe(120);
  });

  it("falls back to the lottery's rate for the lottery's other bet types", () => {
    expect(commissionBp(rates, 1, "lao", "TwoDigit")).toBe(60);
  });

  it("falls back to the level's default for another lottery", () => {
    expect(commissionBp(rates, 1, "hanoi", "ThreeDigit")).toBe(50);
  });

  it("falls back to the site's defaults (0.8 % and nothing) when the operator set nothing", () => {
    expect(commissionBp([], 1, "lao", "ThreeDigit")).toBe(80);
    expect(commissionBp([], 2, "lao", "ThreeDigit")).toBe(0);
    expect(DEFAULT_LEVEL_BP).toEqual({ 1: 80, 2: 0 });
  });

  it("keeps the levels apart: one level's rates never apply to the other", () => {
    expect(commissionBp(rates, 2, "lao", "TwoDigit")).toBe(15);
    expect(commissionBp(rates, 2, "lao", "ThreeDigit")).toBe(DEFAULT_LEVEL_BP[2]);
    expect(commissionBp([rate(2, null, null, 30)], 1, "lao", "ThreeDigit")).toBe(DEFAULT_LEVEL_BP[1]);
    expect(commissionBp([rate(1, "lao", "ThreeDigit", 90)], 2, "lao", "ThreeDigit")).toBe(DEFAULT_LEVEL_BP[2]);
  });

  it("honours a rate of 0 instead of falling through to a less specific one", () => {
    const zero = [rate(1, null, null, 50), rate(1, "lao", null, 0), rate(1, "yeekee", "OneDigit", 0)];
    expect(commissionBp(zero, 1, "lao", "ThreeDigit")).toBe(0);
    expect(commissionBp(zero, 1, "yeekee", "OneDigit")).toBe(0);
    expect(commissionBp(zero, 1, "yeekee", "OneDigitOn")).toBe(50);
  });

  it("does not depend on the order of the rates", () => {
    expect(commissionBp([...rates].reverse(), 1, "lao", "ThreeDigit")).toBe(120);
    expect(commissionBp([...rates].reverse(), 1, "lao", "TwoDigit")).toBe(60);
  });
});

describe("lineCommission", () => {
  it.each<[number, number, number]>([
    [1_000, 80, 8],
    [99, 80, 0],
    [12_345, 37, 45], // 45.6765 satang
    [10_000, 80, 80],
    [125, 80, 1], // exactly 1 satang
    [124, 80, 0], // 0.992 satang
    [0, 80, 0],
    [1_000, 0, 0],
    [1_000, 10_000, 1_000],
  ])("pays %s satang at %s bp as %s satang, rounded down", (paid, bp, expected) => {
    expect(lineCommission(paid, bp)).toBe(expected);
  });

  it.each<[number, number]>([
    [-1, 80],
    [100.5, 80],
    [Number.NaN, 80],
    [Number.POSITIVE_INFINITY, 80],
    [Number.MAX_SAFE_INTEGER + 1, 80],
    [1_000, -1],
    [1_000, 10_001],
    [1_000, 80.5],
    [1_000, Number.NaN],
  ])("refuses paid %s at %s bp", (paid, bp) => {
    expect(() => lineCommission(paid, bp)).toThrow(RangeError);
  });
});

/** mulberry32: a tiny seeded generator, so a failing slip can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe("commission of a slip (property, seeded)", () => {
  const LOTTERIES = ["thai", "lao", "hanoi", "yeekee"];

  function randomRates(next: () => number): CommissionRate[] {
    const int = (n: number) => Math.floor(next() * n);
    const bp = () => (next() < 0.1 ? int(10_001) : int(500));
    const rates: CommissionRate[] = [];
    for (const level of REFERRAL_LEVELS) {
      if (next() < 0.6) rates.push(rate(level, null, null, bp()));
      for (const lottery of LOTTERIES) {
        if (next() < 0.4) rates.push(rate(level, lottery, null, bp()));
        for (const betType of BET_TYPES) if (next() < 0.15) rates.push(rate(level, lottery, betType, bp()));
      }
    }
    return rates;
  }

  // An independent statement of the fallback, by key instead of by search.
  function expectedBp(rates: readonly CommissionRate[], level: ReferralLevel, lottery: string, betType: BetType): number {
    const byKey = new Map(rates.map((r) => [`${r.level}:${r.lottery_id}:${r.bet_type}`, r.bp]));
    return (
      byKey.get(`${level}:${lottery}:${betType}`) ??
      byKey.get(`${level}:${lottery}:null`) ??
      byKey.get(`${level}:null:null`) ??
      DEFAULT_LEVEL_BP[level]
    );
  }

  it("pays the sum of per-line floors: never more than rate × stake, less by under 1 satang a line", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const next = prng(seed);
      const int = (n: number) => Math.floor(next() * n);
      const rates = randomRates(next);
      const lineCount = 1 + int(40);
      let total = 0;
      let exactTimes10k = 0; // Σ paid × bp, kept whole: the floor-free commission × 10,000
      for (let i = 0; i < lineCount; i++) {
        const level = REFERRAL_LEVELS[int(REFERRAL_LEVELS.length)]!;
        const lottery = LOTTERIES[int(LOTTERIES.length)]!;
        const betType = BET_TYPES[int(BET_TYPES.length)]!;
        // Small stakes too, where rounding down takes the whole commission.
        const paid = next() < 0.3 ? int(200) : int(10_000_000);
        const bp = commissionBp(rates, level, lottery, betType);
        expect(bp, `seed ${seed}, line ${i}`).toBe(expectedBp(rates, level, lottery, betType));
        const commission = lineCommission(paid, bp);
        expect(commission, `seed ${seed}, line ${i}`).toBe(Math.floor((paid * bp) / 10_000));
        total += commission;
        exactTimes10k += paid * bp;
      }
      expect(Number.isSafeInteger(exactTimes10k)).toBe(true);
      expect(total * 10_000, `seed ${seed}`).toBeLessThanOrEqual(exactTimes10k);
      expect((total + lineCount) * 10_000, `seed ${seed}`).toBeGreaterThan(exactTimes10k);
    }
  });
});

// Exhaustive (up to 10^6 checks a case): a loaded machine needs more than the default 5 s.
describe("WIN_CHANCE against lineWins over every result", { timeout: 60_000 }, () => {
  const numbersOf = (width: number) => Array.from({ length: 10 ** width }, (_, i) => String(i).padStart(width, "0"));
  const THREE = numbersOf(3);
  const TWO = numbersOf(2);

  // Tops and bottoms are drawn independently; a top bet type reads only the top, a bottom one only the bottom.
  const tops: WinningNumbers[] = THREE.map((threeTop) => winningNumbers({ kind: "simple", threeTop, twoBottom: "00" }));
  const bottoms: WinningNumbers[] = TWO.map((twoBottom) => winningNumbers({ kind: "simple", threeTop: "000", twoBottom }));

  /** The most results out of `results` any one number of the bet type wins on. */
  function mostWins(betType: BetType, results: readonly WinningNumbers[]): number {
    let most = 0;
    for (const number of numbersOf(betTypeDigits(betType))) {
      let wins = 0;
      for (const w of results) if (lineWins(betType, number, w)) wins++;
      most = Math.max(most, wins);
    }
    return most;
  }

  const single: Array<[BetType, readonly WinningNumbers[]]> = [
    ["ThreeDigit", tops],
    ["ThreeDigitToad", tops],
    ["TwoDigitOn", tops],
    ["OneDigitOn", tops],
    ["TwoDigit", bottoms],
    ["OneDigit", bottoms],
  ];

  it.each(single)("%s", (betType, results) => {
    const { wins, of } = WIN_CHANCE[betType];
    // wins/of = most/results.length, cross-multiplied to stay exact.
    expect(mostWins(betType, results) * of).toBe(wins * results.length);
  });

  // A front or rear three is two independent draws of 000-999: 1,000,000 equally likely pairs.
  // Enumerating every pair for every number is 10^9 checks, so: (1) for every number, count the
  // single draws d it wins on when both draws are d; (2) for a few numbers, walk all 10^6 pairs and
  // check that a pair wins exactly when either of its draws would; then a number winning on s single
  // draws wins on 10^6 − (1000 − s)² pairs.
  const pairResult = (betType: BetType, a: string, b: string): WinningNumbers =>
    winningNumbers({
      kind: "thai",
      firstPrize: "000000",
      front3: betType === "LotteryThreeDigit_front" ? [a, b] : ["000", "000"],
      rear3: betType === "LotteryThreeDigit_rear" ? [a, b] : ["000", "000"],
      twoDigit: "00",
    });

  it.each<BetType>(["LotteryThreeDigit_front", "LotteryThreeDigit_rear"])("%s", (betType) => {
    const sameDraw = THREE.map((d) => pairResult(betType, d, d));
    const winsOnDraw = (number: string) => sameDraw.map((w) => lineWins(betType, number, w));

    for (const number of ["000", "123", "998"]) {
      const onDraw = winsOnDraw(number);
      let pairs = 0;
      for (let a = 0; a < 1000; a++) {
        for (let b = 0; b < 1000; b++) {
          const wins = lineWins(betType, number, pairResult(betType, THREE[a]!, THREE[b]!));
          if (wins !== (onDraw[a] || onDraw[b])) throw new Error(`${betType} ${number} on ${THREE[a]}, ${THREE[b]}: ${wins}`);
          if (wins) pairs++;
        }
      }
      const s = onDraw.filter(Boolean).length;
      expect(pairs).toBe(1_000_000 - (1000 - s) ** 2);
    }

    let most = 0;
    for (const number of THREE) {
      const s = winsOnDraw(number).filter(Boolean).length;
      most = Math.max(most, 1_000_000 - (1000 - s) ** 2);
    }
    const { wins, of } = WIN_CHANCE[betType];
    expect(most * of).toBe(wins * 1_000_000);
  });

  it("covers every bet type", () => {
    expect(Object.keys(WIN_CHANCE).sort()).toEqual([...BET_TYPES].sort());
  });
});

describe("houseEdgeBp and maxCommissionBp", () => {
  it("gives three on top at 900 without discount an edge of 10 % and allows 5 %", () => {
    expect(houseEdgeBp("ThreeDigit", 90_000, 0)).toBeCloseTo(1_000, 6);
    expect(maxCommissionBp("ThreeDigit", 90_000, 0)).toBe(500);
  });

  it("counts what a percent-lotto player pays: 700 with a 25 % discount leaves 6.67 %", () => {
    expect(houseEdgeBp("ThreeDigit", 70_000, 25)).toBeCloseTo(2_000 / 3, 6);
    expect(maxCommissionBp("ThreeDigit", 70_000, 25)).toBe(333);
  });

  it("uses each bet type's own chance", () => {
    expect(maxCommissionBp("TwoDigit", 9_000, 0)).toBe(500); // 90 × 1/100
    expect(maxCommissionBp("ThreeDigitToad", 15_000, 0)).toBe(500); // 150 × 6/1000
    expect(maxCommissionBp("OneDigitOn", 320, 0)).toBe(664); // 3.2 × 271/1000 → edge 13.28 %
    expect(maxCommissionBp("LotteryThreeDigit_front", 45_000, 0)).toBe(502); // 450 × 1999/10^6 → edge 10.045 %
  });

  it("allows nothing when the rates favour players or break even", () => {
    expect(houseEdgeBp("ThreeDigit", 120_000, 0)).toBeCloseTo(-2_000, 6);
    expect(maxCommissionBp("ThreeDigit", 120_000, 0)).toBe(0);
    expect(maxCommissionBp("ThreeDigit", 100_000, 0)).toBe(0);
    expect(maxCommissionBp("ThreeDigit", 90_000, 15)).toBe(0); // pays 85 for 0.9 back
  });
});

describe("edgeBreach", () => {
  const tier = (lotteryId: string, betType: BetType, rateX100: number, discountPercent = 0): PayoutTier => ({
    lotteryId,
    lotteryName: `หวย ${lotteryId}`,
    betType,
    rateX100,
    discountPercent,
  });
  const standard = (lotteryId: string): PayoutTier[] => [
    tier(lotteryId, "ThreeDigit", 90_000), // max 500
    tier(lotteryId, "ThreeDigitToad", 15_000), // max 500
    tier(lotteryId, "TwoDigitOn", 9_000), // max 500
    tier(lotteryId, "TwoDigit", 9_000), // max 500
    tier(lotteryId, "OneDigitOn", 320), // max 664
    tier(lotteryId, "OneDigit", 420), // max 1010
  ];

  it("is null when every lottery and bet type stays within half its edge", () => {
    expect(edgeBreach([], [...standard("hanoi"), ...standard("lao")])).toBeNull();
    expect(edgeBreach([rate(1, null, null, 400), rate(2, null, null, 100)], standard("hanoi"))).toBeNull();
  });

  it("adds the levels together and allows exactly the maximum", () => {
    expect(edgeBreach([rate(1, "hanoi", "ThreeDigit", 499), rate(2, "hanoi", "ThreeDigit", 1)], standard("hanoi"))).toBeNull();
    expect(edgeBreach([rate(1, "hanoi", "ThreeDigit", 499), rate(2, "hanoi", "ThreeDigit", 2)], standard("hanoi"))).toEqual({
      lotteryId: "hanoi",
      lotteryName: "หวย hanoi",
      betType: "ThreeDigit",
      totalBp: 501,
      maxBp: 500,
    });
  });

  it("reports the first breach by lottery id (text), then in BET_TYPES order", () => {
    const rates = [
      rate(1, "lao", "ThreeDigit", 600), // breach on lao
      rate(1, "hanoi", "OneDigit", 1_011), // breach on hanoi, later bet type
      rate(1, "hanoi", "TwoDigit", 450),
      rate(2, "hanoi", "TwoDigit", 51), // breach on hanoi, with level 2
      rate(1, "hanoi", "OneDigitOn", 600), // within (664)
    ];
    const tiers = [...standard("lao"), ...standard("hanoi")].reverse();
    expect(edgeBreach(rates, tiers)).toEqual({
      lotteryId: "hanoi",
      lotteryName: "หวย hanoi",
      betType: "TwoDigit",
      totalBp: 501,
      maxBp: 500,
    });
    expect(edgeBreach(rates.slice(0, 2), tiers)).toMatchObject({ lotteryId: "hanoi", betType: "OneDigit", totalBp: 1_011, maxBp: 1_010 });
    expect(edgeBreach(rates.slice(0, 1), tiers)).toMatchObject({ lotteryId: "lao", betType: "ThreeDigit", totalBp: 600, maxBp: 500 });
  });

  it("checks a lottery's default rate against each of its bet types", () => {
    // 3 % on the whole lottery is within three on top (5 %) but not within วิ่งล่าง at 5 (2.5 %).
    const tiers = [...standard("hanoi"), tier("hanoi", "OneDigit", 500)]; // 5 × 19/100 = 0.95 → max 250
    expect(edgeBreach([rate(1, "hanoi", null, 300)], tiers)).toMatchObject({ betType: "OneDigit", totalBp: 300, maxBp: 250 });
  });

  it("judges each lottery and bet type by the tier most generous to players", () => {
    const rates = [rate(1, null, null, 300)];
    const types = [
      tier("hanoi", "ThreeDigit", 85_000), // edge 15 %: max 750
      tier("hanoi", "ThreeDigit", 95_000), // edge 5 %: max 250
      tier("hanoi", "ThreeDigit", 90_000), // edge 10 %: max 500
    ];
    for (const tiers of [types, [...types].reverse(), [types[1]!, types[0]!, types[2]!]]) {
      expect(edgeBreach(rates, tiers)).toEqual({
        lotteryId: "hanoi",
        lotteryName: "หวย hanoi",
        betType: "ThreeDigit",
        totalBp: 300,
        maxBp: 250,
      });
    }
    expect(edgeBreach([rate(1, null, null, 250)], types)).toBeNull();
  });
});

describe("maskUsername", () => {
  it.each<[string, string]>([
    ["somchaian", "som***an"],
    ["player_01", "pla***01"],
    ["abcdefgh", "ab***gh"],
    ["abcdefg", "ab***g"],
    ["abcdef", "ab***f"],
    ["abcde", "a***e"],
    ["abcd", "a***d"],
    ["abc", "a***"],
    ["a", "a***"],
  ])("shows %s as %s", (username, masked) => {
    expect(maskUsername(username)).toBe(masked);
  });

  it("shows at most half of a short name and five characters of a long one, never the middle", () => {
    for (let n = 1; n <= 20; n++) {
      const shown = maskUsername("x".repeat(n)).replace("***", "").length;
      expect(shown, `length ${n}`).toBeLessThanOrEqual(n <= 8 ? Math.max(1, Math.floor(n / 2)) : 5);
    }
    for (const name of ["abcd", "abcde", "abcdefghijklmnopqrst"]) {
      expect(maskUsername(name)).not.toContain(name);
      expect(maskUsername(name)).toContain("***");
    }
    expect(maskUsername("abcdefghijklmnopqrst")).not.toMatch(/[d-r]/);
  });
});

describe("formatBp", () => {
  it.each<[number, string]>([
    [80, "0.8%"],
    [100, "1%"],
    [0, "0%"],
    [5, "0.05%"],
    [125, "1.25%"],
    [10_000, "100%"],
  ])("writes %s bp as %s", (bp, text) => {
    expect(formatBp(bp)).toBe(text);
  });
});

describe("the operator's percentage and the stored basis points", () => {
  it("round-trips every rate from 0 to 100 % in steps of one basis point", () => {
    for (let bp = 0; bp <= 10_000; bp += 1) expect(percentToBp(bpToPercent(bp))).toBe(bp);
  });

  it.each<[number, number]>([
    [0.8, 80],
    [0.29, 29],
    [0.57, 57],
    [1.15, 115],
    [100, 10_000],
    [0, 0],
  ])("reads %s %% as %s bp", (percent, bp) => {
    expect(percentToBp(percent)).toBe(bp);
    expect(formatBp(bp)).toBe(`${percent}%`);
  });
});
