import { distinctPermutations } from "./permutations";
import { reverseNumbers } from "./slip";

// The number shortcuts Thai lottery players pick numbers with every draw. Each gives the numbers in the
// order a player reads them off a slip; the bet form puts one line per number and chosen bet type.

const DIGITS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;
const EVEN = ["0", "2", "4", "6", "8"] as const;
const ODD = ["1", "3", "5", "7", "9"] as const;

function assertDigit(digit: string): void {
  if (!/^[0-9]$/.test(digit)) throw new RangeError(`A shortcut needs one digit 0-9: ${JSON.stringify(digit)}`);
}

const twoDigits = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, "0"));

/** รูดหน้า: the ten two-digit numbers starting with the digit (d0 … d9). */
export function frontRun(digit: string): string[] {
  assertDigit(digit);
  return DIGITS.map((d) => digit + d);
}

/** รูดหลัง: the ten two-digit numbers ending with the digit (0d … 9d). */
export function backRun(digit: string): string[] {
  assertDigit(digit);
  return DIGITS.map((d) => d + digit);
}

/** 19 ประตู: every two-digit number containing the digit, ascending (the double dd once). */
export function nineteenDoors(digit: string): string[] {
  return [...new Set([...frontRun(digit), ...backRun(digit)])].sort();
}

/** เลขเบิ้ล: 00, 11 … 99. */
export const doubles = (): string[] => DIGITS.map((d) => d + d);

/** เลขตอง: 000, 111 … 999. */
export const triples = (): string[] => DIGITS.map((d) => d + d + d);

/** เลขพี่น้อง: neighbouring digits, 01, 12 … 89, 90, then the same reversed, 10, 21 … 98, 09. */
export function siblings(): string[] {
  const up = DIGITS.map((d, i) => d + DIGITS[(i + 1) % 10]);
  return [...up, ...up.map((n) => n[1]! + n[0]!)];
}

/** เลขคู่: the 25 two-digit numbers whose both digits are even, ascending. */
export const evenPairs = (): string[] => EVEN.flatMap((a) => EVEN.map((b) => a + b));

/** เลขคี่: the 25 two-digit numbers whose both digits are odd, ascending. */
export const oddPairs = (): string[] => ODD.flatMap((a) => ODD.map((b) => a + b));

/** สองตัวต่ำ: 00–49. */
export const lowTwo = (): string[] => twoDigits(0, 49);

/** สองตัวสูง: 50–99. */
export const highTwo = (): string[] => twoDigits(50, 99);

function assertThreeDigits(number: string): void {
  if (!/^[0-9]{3}$/.test(number)) throw new RangeError(`A reverse shortcut needs a 3-digit number: ${JSON.stringify(number)}`);
}

/** How many distinct orderings a three-digit number has: 6 (all digits differ), 3 (one pair) or 1 (a triple). */
export function orderingCount(number: string): 1 | 3 | 6 {
  assertThreeDigits(number);
  const n = distinctPermutations(number).length;
  return n === 6 ? 6 : n === 3 ? 3 : 1;
}

/** 6 กลับ: the six orderings of a three-digit number whose digits all differ, as กลับเลข orders them. */
export function sixReverse(number: string): string[] {
  if (orderingCount(number) !== 6) throw new RangeError(`6 กลับ needs three different digits: ${number}`);
  return reverseNumbers(number);
}

/** 3 กลับ: the three orderings of a three-digit number with exactly one repeated digit, as กลับเลข orders them. */
export function threeReverse(number: string): string[] {
  if (orderingCount(number) !== 3) throw new RangeError(`3 กลับ needs exactly two equal digits: ${number}`);
  return reverseNumbers(number);
}

export type ShortcutId =
  | "nineteenDoors"
  | "frontRun"
  | "backRun"
  | "doubles"
  | "siblings"
  | "evenPairs"
  | "oddPairs"
  | "lowTwo"
  | "highTwo"
  | "triples"
  | "sixReverse"
  | "threeReverse";

export interface Shortcut {
  id: ShortcutId;
  label: string;
  /** The digit count of the numbers it gives. */
  width: 2 | 3;
  /** What the player chooses first: one digit, the typed three-digit number, or nothing. */
  input: "digit" | "number" | null;
}

/** The shortcuts in the order the bet form shows them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: "nineteenDoors", label: "19 ประตู", width: 2, input: "digit" },
  { id: "frontRun", label: "รูดหน้า", width: 2, input: "digit" },
  { id: "backRun", label: "รูดหลัง", width: 2, input: "digit" },
  { id: "doubles", label: "เลขเบิ้ล", width: 2, input: null },
  { id: "siblings", label: "เลขพี่น้อง", width: 2, input: null },
  { id: "evenPairs", label: "เลขคู่", width: 2, input: null },
  { id: "oddPairs", label: "เลขคี่", width: 2, input: null },
  { id: "lowTwo", label: "สองตัวต่ำ", width: 2, input: null },
  { id: "highTwo", label: "สองตัวสูง", width: 2, input: null },
  { id: "triples", label: "เลขตอง", width: 3, input: null },
  { id: "sixReverse", label: "6 กลับ", width: 3, input: "number" },
  { id: "threeReverse", label: "3 กลับ", width: 3, input: "number" },
];

/**
 * The numbers of a shortcut. `input` is the chosen digit or the typed number for the shortcuts that
 * need one (ignored by the others). Throws RangeError when the input does not fit the shortcut.
 */
export function shortcutNumbers(id: ShortcutId, input = ""): string[] {
  switch (id) {
    case "nineteenDoors":
      return nineteenDoors(input);
    case "frontRun":
      return frontRun(input);
    case "backRun":
      return backRun(input);
    case "doubles":
      return doubles();
    case "siblings":
      return siblings();
    case "evenPairs":
      return evenPairs();
    case "oddPairs":
      return oddPairs();
    case "lowTwo":
      return lowTwo();
    case "highTwo":
      return highTwo();
    case "triples":
      return triples();
    case "sixReverse":
      return sixReverse(input);
    case "threeReverse":
      return threeReverse(input);
  }
}

// Thai digits (๐–๙) count as the digits they are: numbers copied from a Thai chat often use them.
const THAI_ZERO = 0x0e50;
const toArabicDigits = (s: string) => s.replace(/[\u0E50-\u0E59]/g, (c) => String(c.charCodeAt(0) - THAI_ZERO));

export interface NumberListParse {
  /** The numbers of the right width, once each, in the order first seen. */
  numbers: string[];
  /** Numbers that came again after their first appearance (once each). */
  repeated: string[];
  /** Pieces that are not a number of the right width, as written. */
  invalid: string[];
}

/**
 * A pasted list of numbers, separated by spaces, commas or new lines (tabs and Thai digits too), for
 * bet types of `width` digits. Leading zeros count ("07" is a two-digit number, "7" is not).
 */
export function parseNumberList(text: string, width: 1 | 2 | 3): NumberListParse {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const invalid: string[] = [];
  for (const piece of text.split(/[\s,，、]+/u)) {
    if (piece === "") continue;
    const number = toArabicDigits(piece);
    if (number.length !== width || !/^[0-9]+$/.test(number)) invalid.push(piece);
    else if (seen.has(number)) repeated.add(number);
    else seen.add(number);
  }
  return { numbers: [...seen], repeated: [...repeated], invalid };
}
