import { BET_TYPES, betTypeDigits, type BetType } from "./bet-types";
import { distinctPermutations } from "./permutations";

export type ResultKind = "thai" | "stock" | "simple";

export type ResultInput =
  // State lottery: 6-digit first prize, two 3-digit front and two 3-digit rear prizes, 2-digit prize.
  | { kind: "thai"; firstPrize: string; front3: string[]; rear3: string[]; twoDigit: string }
  // Stock lotteries: the index close ("38123.45") and the day's change ("-123.67", "+0.05").
  | { kind: "stock"; close: string; change: string }
  // Foreign lotteries publish the two numbers directly.
  | { kind: "simple"; threeTop: string; twoBottom: string };

export interface WinningNumbers {
  top3: string;
  bottom2: string;
  front3: string[];
  rear3: string[];
}

export type ParseResultOutcome = { ok: true; value: ResultInput } | { ok: false; message: string };

export const RESULT_KINDS: readonly ResultKind[] = ["thai", "stock", "simple"];

// Index figures are copied from market sites, which group thousands with commas and often print
// a typographic minus (U+2212) instead of a hyphen.
const CLOSE_PATTERN = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
const CHANGE_PATTERN = /^[+-]?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

function fail(message: string): ParseResultOutcome {
  return { ok: false, message };
}

function digitsField(x: unknown, length: number): string | null {
  if (typeof x !== "string") return null;
  const t = x.trim();
  return new RegExp(`^\\d{${length}}$`).test(t) ? t : null;
}

function pairOfThree(x: unknown): string[] | null {
  if (!Array.isArray(x) || x.length !== 2) return null;
  const out = x.map((v) => digitsField(v, 3));
  return out.every((v): v is string => v !== null) ? out : null;
}

function normaliseFigure(x: unknown, pattern: RegExp): string | null {
  if (typeof x !== "string") return null;
  const t = x.trim().replace(/\u2212/g, "-");
  return pattern.test(t) ? t.replace(/,/g, "") : null;
}

// Validates an admin's (or a feed's) result and returns it trimmed and without thousands commas.
// Numbers must arrive as text: a JSON number would lose the leading zeros of "066" or the trailing
// zero of a close like "1234.50".
export function parseResult(input: unknown): ParseResultOutcome {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return fail("รูปแบบผลรางวัลไม่ถูกต้อง");
  }
  const r = input as Record<string, unknown>;
  switch (r.kind) {
    case "thai": {
      const firstPrize = digitsField(r.firstPrize, 6);
      if (firstPrize === null) return fail("รางวัลที่ 1 ต้องเป็นตัวเลข 6 หลัก");
      const front3 = pairOfThree(r.front3);
      if (front3 === null) return fail("เลขหน้า 3 ตัวต้องมี 2 ชุด ชุดละ 3 หลัก");
      const rear3 = pairOfThree(r.rear3);
      if (rear3 === null) return fail("เลขท้าย 3 ตัวต้องมี 2 ชุด ชุดละ 3 หลัก");
      const twoDigit = digitsField(r.twoDigit, 2);
      if (twoDigit === null) return fail("เลขท้าย 2 ตัวต้องเป็นตัวเลข 2 หลัก");
      return { ok: true, value: { kind: "thai", firstPrize, front3, rear3, twoDigit } };
    }
    case "stock": {
      const close = normaliseFigure(r.close, CLOSE_PATTERN);
      if (close === null) {
        return fail("ราคาปิดของดัชนีต้องเป็นตัวเลขทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 38,123.45");
      }
      const change = normaliseFigure(r.change, CHANGE_PATTERN);
      if (change === null) {
        return fail("การเปลี่ยนแปลงของดัชนีต้องเป็นตัวเลขทศนิยมไม่เกิน 2 ตำแหน่ง เช่น -123.67 หรือ +0.05");
      }
      return { ok: true, value: { kind: "stock", close, change } };
    }
    case "simple": {
      const threeTop = digitsField(r.threeTop, 3);
      if (threeTop === null) return fail("เลข 3 ตัวบนต้องเป็นตัวเลข 3 หลัก");
      const twoBottom = digitsField(r.twoBottom, 2);
      if (twoBottom === null) return fail("เลข 2 ตัวล่างต้องเป็นตัวเลข 2 หลัก");
      return { ok: true, value: { kind: "simple", threeTop, twoBottom } };
    }
    default:
      return fail("ประเภทผลรางวัลต้องเป็น thai, stock หรือ simple");
  }
}

// Integer part and exactly two decimals of an index figure, sign dropped. Works on text so that
// "1234.5" means 50 hundredths without any floating-point rounding.
function figureParts(figure: string, pattern: RegExp): { integer: string; decimals: string } {
  const t = figure.trim().replace(/\u2212/g, "-");
  const m = pattern.exec(t);
  if (!m) throw new RangeError(`Not an index figure: ${JSON.stringify(figure)}`);
  return { integer: (m[1] ?? "").replace(/,/g, ""), decimals: (m[2] ?? "").padEnd(2, "0") };
}

export function winningNumbers(input: ResultInput): WinningNumbers {
  switch (input.kind) {
    case "thai":
      return {
        top3: input.firstPrize.slice(-3),
        bottom2: input.twoDigit,
        front3: [...input.front3],
        rear3: [...input.rear3],
      };
    case "stock": {
      const close = figureParts(input.close, CLOSE_PATTERN);
      const change = figureParts(input.change, CHANGE_PATTERN);
      return { top3: close.integer.slice(-1) + close.decimals, bottom2: change.decimals, front3: [], rear3: [] };
    }
    case "simple":
      return { top3: input.threeTop, bottom2: input.twoBottom, front3: [], rear3: [] };
  }
}

function distinctDigits(s: string): string[] {
  return [...new Set(s)].sort();
}

// The numbers each bet type pays on, in BET_TYPES order. A toad line carries the drawn order;
// lineWins accepts any permutation of it.
export function awardLines(w: WinningNumbers): Array<{ award_type: BetType; number: string }> {
  const numbersFor: Record<BetType, string[]> = {
    ThreeDigit: [w.top3],
    ThreeDigitToad: [w.top3],
    TwoDigitOn: [w.top3.slice(-2)],
    TwoDigit: [w.bottom2],
    OneDigitOn: distinctDigits(w.top3),
    OneDigit: distinctDigits(w.bottom2),
    LotteryThreeDigit_front: w.front3,
    LotteryThreeDigit_rear: w.rear3,
  };
  return BET_TYPES.flatMap((award_type) => numbersFor[award_type].map((number) => ({ award_type, number })));
}

const sortedDigits = (s: string) => [...s].sort().join("");

export function lineWins(betType: BetType, number: string, w: WinningNumbers): boolean {
  // A wrong-length number can never win, even where a substring test would say it does ("1" in
  // a top of "157" is a win for วิ่งบน, "15" is not).
  if (!new RegExp(`^\\d{${betTypeDigits(betType)}}$`).test(number)) return false;
  switch (betType) {
    case "ThreeDigit":
      return number === w.top3;
    case "ThreeDigitToad":
      return w.top3.length === 3 && sortedDigits(number) === sortedDigits(w.top3);
    case "TwoDigitOn":
      return w.top3.length === 3 && number === w.top3.slice(1);
    case "TwoDigit":
      return number === w.bottom2;
    case "OneDigitOn":
      return w.top3.includes(number);
    case "OneDigit":
      return w.bottom2.includes(number);
    case "LotteryThreeDigit_front":
      return w.front3.includes(number);
    case "LotteryThreeDigit_rear":
      return w.rear3.includes(number);
  }
}

const isDigits = (s: string, width: number) => new RegExp(`^\\d{${width}}$`).test(s);

// Every (bet type, number) that wins against this result, in BET_TYPES order with the numbers of
// each type ascending and never repeated, so that settlement can pay set-based with
// `(bet_type, number) in (...)`. Unlike awardLines, a toad result is spelled out as every distinct
// permutation of the top, because a toad line stores the number as the player typed it.
export function winningPairs(w: WinningNumbers): Array<{ betType: BetType; number: string }> {
  const top3 = isDigits(w.top3, 3) ? w.top3 : null;
  const numbersFor: Record<BetType, string[]> = {
    ThreeDigit: top3 === null ? [] : [top3],
    ThreeDigitToad: top3 === null ? [] : distinctPermutations(top3),
    TwoDigitOn: top3 === null ? [] : [top3.slice(-2)],
    TwoDigit: [w.bottom2],
    OneDigitOn: [...w.top3],
    OneDigit: [...w.bottom2],
    LotteryThreeDigit_front: w.front3,
    LotteryThreeDigit_rear: w.rear3,
  };
  return BET_TYPES.flatMap((betType) => {
    const width = betTypeDigits(betType);
    const numbers = [...new Set(numbersFor[betType])].filter((n) => isDigits(n, width)).sort();
    return numbers.map((number) => ({ betType, number }));
  });
}
