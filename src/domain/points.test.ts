import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  MEMBER_LEVELS,
  MEMBER_LEVEL_LABELS,
  POINTS_LOG_KINDS,
  betPointsCenti,
  depositPointsCenti,
  formatPoints,
  levelFor,
  nextLevel,
  pointsLogLabel,
  spendOldestFirst,
  type LevelRule,
  type PointLot,
} from "./points";

/** The defaults: 1 point per 100 ฿, at most 500 deposit points a day, levels ×1.0 … ×2.0. */
const PER_HUNDRED = 1;
const DEPOSIT_DAILY_MAX = 500;
const LEVELS: LevelRule[] = [
  { name: "Bronze", threshold: 0, multiplier_x100: 100 },
  { name: "Silver", threshold: 10_000, multiplier_x100: 125 },
  { name: "Gold", threshold: 50_000, multiplier_x100: 150 },
  { name: "Platinum", threshold: 200_000, multiplier_x100: 175 },
  { name: "Diamond", threshold: 1_000_000, multiplier_x100: 200 },
];

const baht = (b: number) => Math.round(b * 100);

describe("betPointsCenti", () => {
  it("earns 1 point (100 centipoints) per 100 ฿ paid at ×1.0", () => {
    expect(betPointsCenti(baht(100), 100, PER_HUNDRED)).toBe(100);
    expect(betPointsCenti(baht(1_000), 100, PER_HUNDRED)).toBe(1_000);
  });

  it("earns part points exactly: 50 ฿ is 0.50 point, 1 ฿ is 0.01 point", () => {
    expect(betPointsCenti(baht(50), 100, PER_HUNDRED)).toBe(50);
    expect(betPointsCenti(baht(1), 100, PER_HUNDRED)).toBe(1);
  });

  it.each<[number, number]>([
    [125, 125],
    [150, 150],
    [175, 175],
    [200, 200],
  ])("multiplies 100 ฿ at ×%s/100 into %s centipoints", (multiplier, expected) => {
    expect(betPointsCenti(baht(100), multiplier, PER_HUNDRED)).toBe(expected);
  });

  it.each<[number, number, number]>([
    [99, 100, 0], // 0.99 ฿ earns 0.0099 point
    [199, 100, 1], // 1.99 ฿ → 0.0199 point
    [101, 125, 1], // 1.2625 centipoints
    [79, 125, 0], // 0.9875 centipoint
    [80, 125, 1], // exactly 1 centipoint
    [12_345, 175, 216], // 216.0375
  ])("rounds %s satang at ×%s/100 down to %s centipoints", (paid, multiplier, expected) => {
    expect(betPointsCenti(paid, multiplier, PER_HUNDRED)).toBe(expected);
  });

  it("earns nothing on nothing paid (cancelled and refunded lines) or at 0 points per 100 ฿", () => {
    expect(betPointsCenti(0, 200, PER_HUNDRED)).toBe(0);
    expect(betPointsCenti(baht(5_000), 200, 0)).toBe(0);
  });

  it("scales with the points per 100 ฿", () => {
    expect(betPointsCenti(baht(100), 100, 3)).toBe(300);
    expect(betPointsCenti(baht(100), 150, 2)).toBe(300);
  });

  it("is the floor of paid × multiplier, never more, short by under 1 centipoint", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 100, max: 1_000 }),
        fc.integer({ min: 0, max: 100 }),
        (paid, m, per) => {
          const centi = betPointsCenti(paid, m, per);
          expect(Number.isSafeInteger(centi)).toBe(true);
          expect(centi * 10_000).toBeLessThanOrEqual(paid * m * per);
          expect((centi + 1) * 10_000).toBeGreaterThan(paid * m * per);
        },
      ),
    );
  });

  it("splitting a stake over slips never earns more than betting it at once", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom(100, 125, 150, 175, 200),
        (stakes, m) => {
          const separately = stakes.reduce((sum, s) => sum + betPointsCenti(s, m, PER_HUNDRED), 0);
          const together = betPointsCenti(
            stakes.reduce((a, b) => a + b, 0),
            m,
            PER_HUNDRED,
          );
          expect(separately).toBeLessThanOrEqual(together);
          expect(together - separately).toBeLessThan(stakes.length);
        },
      ),
    );
  });
});

describe("depositPointsCenti", () => {
  it("earns 1 point per 100 ฿ deposited, rounded down", () => {
    expect(depositPointsCenti(baht(100), PER_HUNDRED, 0, DEPOSIT_DAILY_MAX)).toBe(100);
    expect(depositPointsCenti(baht(1_550.75), PER_HUNDRED, 0, DEPOSIT_DAILY_MAX)).toBe(1_550);
    expect(depositPointsCenti(99, PER_HUNDRED, 0, DEPOSIT_DAILY_MAX)).toBe(0);
  });

  it("stops at 500 points a day however much is deposited", () => {
    expect(depositPointsCenti(baht(50_000), PER_HUNDRED, 0, DEPOSIT_DAILY_MAX)).toBe(50_000);
    expect(depositPointsCenti(baht(1_000_000), PER_HUNDRED, 0, DEPOSIT_DAILY_MAX)).toBe(50_000);
  });

  it("earns only what is left of the day's cap", () => {
    expect(depositPointsCenti(baht(100), PER_HUNDRED, 49_900, DEPOSIT_DAILY_MAX)).toBe(100);
    expect(depositPointsCenti(baht(300), PER_HUNDRED, 49_900, DEPOSIT_DAILY_MAX)).toBe(100);
    expect(depositPointsCenti(baht(0.75), PER_HUNDRED, 49_999, DEPOSIT_DAILY_MAX)).toBe(0);
  });

  it("earns nothing, never a negative amount, once the cap is reached or lowered below today's points", () => {
    expect(depositPointsCenti(baht(1_000), PER_HUNDRED, 50_000, DEPOSIT_DAILY_MAX)).toBe(0);
    expect(depositPointsCenti(baht(1_000), PER_HUNDRED, 80_000, DEPOSIT_DAILY_MAX)).toBe(0);
    expect(depositPointsCenti(baht(1_000), PER_HUNDRED, 0, 0)).toBe(0);
    expect(depositPointsCenti(0, PER_HUNDRED, 0, DEPOSIT_DAILY_MAX)).toBe(0);
  });

  it("never goes negative or past the cap, and a day's deposits add up to at most the cap", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 5_000 }),
        (deposits, per, dailyMax) => {
          let today = 0;
          for (const amount of deposits) {
            const centi = depositPointsCenti(amount, per, today, dailyMax);
            expect(Number.isSafeInteger(centi)).toBe(true);
            expect(centi).toBeGreaterThanOrEqual(0);
            expect(centi * 100).toBeLessThanOrEqual(amount * per);
            today += centi;
            expect(today).toBeLessThanOrEqual(dailyMax * 100);
          }
          const uncapped = deposits.reduce((sum, a) => sum + Math.floor((a * per) / 100), 0);
          expect(today).toBe(Math.min(uncapped, dailyMax * 100));
        },
      ),
    );
  });
});

describe("levelFor and nextLevel", () => {
  it.each<[number, string]>([
    [0, "Bronze"],
    [baht(9_999.99), "Bronze"],
    [baht(10_000), "Silver"],
    [baht(49_999.99), "Silver"],
    [baht(50_000), "Gold"],
    [baht(200_000), "Platinum"],
    [baht(999_999.99), "Platinum"],
    [baht(1_000_000), "Diamond"],
    [baht(50_000_000), "Diamond"],
  ])("a 90-day stake of %s satang is %s", (stake, name) => {
    expect(levelFor(stake, LEVELS).name).toBe(name);
  });

  it("gives the first level to a player with no stake", () => {
    expect(levelFor(0, LEVELS)).toEqual(LEVELS[0]);
  });

  it("names the next level, and none after the top", () => {
    expect(nextLevel("Bronze", LEVELS)?.name).toBe("Silver");
    expect(nextLevel("Platinum", LEVELS)).toEqual(LEVELS[4]);
    expect(nextLevel("Diamond", LEVELS)).toBeNull();
    expect(nextLevel("Gold", LEVELS.slice(0, 2))).toBeNull();
  });

  it("a larger stake never lowers the level, and the next level's threshold is above the stake", () => {
    const order = (name: string) => MEMBER_LEVELS.indexOf(name as (typeof MEMBER_LEVELS)[number]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000_000 }), fc.integer({ min: 0, max: 500_000_000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const low = levelFor(lo, LEVELS);
        expect(order(low.name)).toBeLessThanOrEqual(order(levelFor(hi, LEVELS).name));
        expect(lo).toBeGreaterThanOrEqual(low.threshold * 100);
        const next = nextLevel(low.name, LEVELS);
        if (next) expect(lo).toBeLessThan(next.threshold * 100);
      }),
    );
  });

  it("has a Thai label for every level", () => {
    for (const name of MEMBER_LEVELS) expect(MEMBER_LEVEL_LABELS[name]).toMatch(/[\u0E00-\u0E7F]/);
  });
});

describe("spendOldestFirst", () => {
  const lots: PointLot[] = [
    { id: 7, remaining: 300 },
    { id: 2, remaining: 100 },
    { id: 5, remaining: 0 },
    { id: 4, remaining: 250 },
  ];

  it("spends the oldest lots first, whatever order they come in", () => {
    expect(spendOldestFirst(lots, 100)).toEqual([{ id: 2, take: 100 }]);
    expect(spendOldestFirst(lots, 300)).toEqual([
      { id: 2, take: 100 },
      { id: 4, take: 200 },
    ]);
  });

  it("takes nothing from an empty lot", () => {
    expect(spendOldestFirst(lots, 400)).toEqual([
      { id: 2, take: 100 },
      { id: 4, take: 250 },
      { id: 7, take: 50 },
    ]);
  });

  it("spends every point when exactly enough is held, and refuses one more", () => {
    expect(spendOldestFirst(lots, 650)).toEqual([
      { id: 2, take: 100 },
      { id: 4, take: 250 },
      { id: 7, take: 300 },
    ]);
    expect(spendOldestFirst(lots, 651)).toBeNull();
    expect(spendOldestFirst([], 1)).toBeNull();
  });

  it("spends nothing for nothing and leaves the lots as they were", () => {
    const before = structuredClone(lots);
    expect(spendOldestFirst(lots, 0)).toEqual([]);
    spendOldestFirst(lots, 400);
    expect(lots).toEqual(before);
  });
});

describe("formatPoints", () => {
  it.each<[number, string]>([
    [0, "0.00"],
    [1, "0.01"],
    [50, "0.50"],
    [100, "1.00"],
    [123_450, "1,234.50"],
    [-150, "-1.50"],
    [100_000_000, "1,000,000.00"],
  ])("shows %s centipoints as %s", (centi, shown) => {
    expect(formatPoints(centi)).toBe(shown);
  });
});

describe("pointsLogLabel", () => {
  it("names every kind of the log in Thai and shows an unknown kind as it came", () => {
    for (const kind of Object.keys(POINTS_LOG_KINDS)) expect(pointsLogLabel(kind)).toMatch(/[\u0E00-\u0E7F]/);
    expect(pointsLogLabel("redeem")).toBe("แลกแต้ม");
    expect(pointsLogLabel("toString")).toBe("toString");
    expect(pointsLogLabel("bonus-x")).toBe("bonus-x");
  });
});

// ---- A player's points over time, against a model ----

interface Lot {
  id: number;
  earnedDay: number;
  amount: number;
  remaining: number;
  state: "pending" | "vested" | "lapsed";
  /** For a deposit: the stake (satang) it waits for, and the stake made since. */
  stakeNeeded: number;
  staked: number;
}

type Step =
  | { kind: "bet"; paid: number; multiplier: number }
  | { kind: "deposit"; amount: number }
  | { kind: "redeem"; score: number }
  | { kind: "advance"; days: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("bet" as const),
    paid: fc.integer({ min: 0, max: 2_000_000 }),
    multiplier: fc.constantFrom(100, 125, 150, 175, 200),
  }),
  fc.record({ kind: fc.constant("deposit" as const), amount: fc.integer({ min: 0, max: 8_000_000 }) }),
  fc.record({ kind: fc.constant("redeem" as const), score: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant("advance" as const), days: fc.integer({ min: 0, max: 120 }) }),
);

describe("a player's points under any sequence of earnings, redemptions and expiries (property)", () => {
  it("usable = earned vested − redeemed − expired ≥ 0, every lot within 0…amount, and no point spent twice", () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 80 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 400 }),
        (steps, vestDays, expiryDays) => {
          const lots: Lot[] = [];
          let day = 0;
          let nextId = 1;
          let todayDeposit = 0;
          let earnedVested = 0;
          let redeemed = 0;
          let expired = 0;
          let lapsed = 0;
          let taken = 0;
          const takenFrom = new Map<number, number>();
          const expiredFrom = new Map<number, number>();

          const usable = () => lots.filter((l) => l.state === "vested").reduce((sum, l) => sum + l.remaining, 0);

          for (const s of steps) {
            switch (s.kind) {
              case "bet": {
                // The stake counts towards every deposit still waiting within its window.
                for (const l of lots) {
                  if (l.state !== "pending") continue;
                  l.staked += s.paid;
                  if (l.staked >= l.stakeNeeded) {
                    l.state = "vested";
                    earnedVested += l.amount;
                  }
                }
                const centi = betPointsCenti(s.paid, s.multiplier, PER_HUNDRED);
                if (centi > 0) {
                  lots.push({ id: nextId++, earnedDay: day, amount: centi, remaining: centi, state: "vested", stakeNeeded: 0, staked: 0 });
                  earnedVested += centi;
                }
                break;
              }
              case "deposit": {
                const centi = depositPointsCenti(s.amount, PER_HUNDRED, todayDeposit, DEPOSIT_DAILY_MAX);
                todayDeposit += centi;
                if (centi > 0)
                  lots.push({
                    id: nextId++,
                    earnedDay: day,
                    amount: centi,
                    remaining: centi,
                    state: "pending",
                    stakeNeeded: s.amount,
                    staked: 0,
                  });
                break;
              }
              case "redeem": {
                const amount = s.score * 100;
                const held = lots.filter((l) => l.state === "vested" && l.remaining > 0);
                const before = usable();
                // Handed over newest first, so the rule has to find the oldest itself.
                const takes = spendOldestFirst(held.map((l) => ({ id: l.id, remaining: l.remaining })).reverse(), amount);
                if (takes === null) {
                  expect(before).toBeLessThan(amount);
                  break;
                }
                expect(before).toBeGreaterThanOrEqual(amount);
                expect(takes.reduce((sum, t) => sum + t.take, 0)).toBe(amount);
                expect(new Set(takes.map((t) => t.id)).size).toBe(takes.length);
                // Oldest first: the takes are the first lots by age, all emptied but the last.
                expect(takes.map((t) => t.id)).toEqual(held.slice(0, takes.length).map((l) => l.id));
                takes.forEach((t, i) => {
                  const lot = lots.find((l) => l.id === t.id)!;
                  expect(t.take).toBeGreaterThan(0);
                  expect(t.take).toBeLessThanOrEqual(lot.remaining);
                  if (i < takes.length - 1) expect(t.take).toBe(lot.remaining);
                  lot.remaining -= t.take;
                  takenFrom.set(lot.id, (takenFrom.get(lot.id) ?? 0) + t.take);
                  taken += t.take;
                });
                redeemed += amount;
                expect(usable()).toBe(before - amount);
                break;
              }
              case "advance": {
                day += s.days;
                if (s.days > 0) todayDeposit = 0;
                for (const l of lots) {
                  if (l.state === "pending" && day - l.earnedDay > vestDays) {
                    l.state = "lapsed";
                    lapsed += l.remaining;
                    l.remaining = 0;
                  }
                  if (l.state === "vested" && l.remaining > 0 && day - l.earnedDay >= expiryDays) {
                    expired += l.remaining;
                    expiredFrom.set(l.id, l.remaining);
                    l.remaining = 0;
                  }
                }
                break;
              }
            }

            const now = usable();
            expect(now).toBe(earnedVested - redeemed - expired);
            expect(now).toBeGreaterThanOrEqual(0);
            expect(taken).toBe(redeemed);
            expect(todayDeposit).toBeLessThanOrEqual(DEPOSIT_DAILY_MAX * 100);
            for (const l of lots) {
              expect(l.remaining).toBeGreaterThanOrEqual(0);
              expect(l.remaining).toBeLessThanOrEqual(l.amount);
              if (l.state === "pending") expect(l.remaining).toBe(l.amount);
              // Every point of a lot is still there, spent once, expired once or lapsed: never two of these.
              const gone = (takenFrom.get(l.id) ?? 0) + (expiredFrom.get(l.id) ?? 0) + (l.state === "lapsed" ? l.amount : 0);
              expect(l.amount - l.remaining).toBe(gone);
            }
          }
          const everEarned = lots.reduce((sum, l) => sum + l.amount, 0);
          expect(
            usable() + redeemed + expired + lapsed + lots.filter((l) => l.state === "pending").reduce((sum, l) => sum + l.amount, 0),
          ).toBe(everEarned);
        },
      ),
      { numRuns: 300 },
    );
  });
});
