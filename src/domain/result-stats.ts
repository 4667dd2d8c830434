// Simple statistics of a lottery's past results for the player's results-history page: how often each
// two-digit number came out over the draws given. Pure: the draws are passed in.

export interface DrawNumbers {
  /** สามตัวบน, e.g. "157" (its last two digits are สองตัวบน). */
  top3: string;
  /** สองตัวล่าง, e.g. "42". */
  bottom2: string;
}

export interface TwoDigitCount {
  number: string;
  /** Times it was สองตัวบน. */
  top: number;
  /** Times it was สองตัวล่าง. */
  bottom: number;
  total: number;
}

const TWO_DIGITS = /^\d{2}$/;

/**
 * Every two-digit number that came out (as สองตัวบน or สองตัวล่าง) in the draws, most frequent first
 * (ties by the number); draws whose numbers are missing or malformed count for neither.
 */
export function twoDigitFrequency(draws: readonly DrawNumbers[]): TwoDigitCount[] {
  const counts = new Map<string, TwoDigitCount>();
  const add = (n: string, field: "top" | "bottom") => {
    if (!TWO_DIGITS.test(n)) return;
    const c = counts.get(n) ?? { number: n, top: 0, bottom: 0, total: 0 };
    c[field] += 1;
    c.total += 1;
    counts.set(n, c);
  };
  for (const d of draws) {
    if (/^\d{3}$/.test(d.top3)) add(d.top3.slice(1), "top");
    add(d.bottom2, "bottom");
  }
  return [...counts.values()].sort((a, b) => b.total - a.total || a.number.localeCompare(b.number));
}

/** The numbers 00-99 that did not come out at all in the draws (neither top nor bottom), in order. */
export function missingTwoDigits(counts: readonly TwoDigitCount[]): string[] {
  const seen = new Set(counts.map((c) => c.number));
  return Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0")).filter((n) => !seen.has(n));
}
