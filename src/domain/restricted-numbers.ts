import { BET_TYPE_LABELS, betTypeDigits, type BetType } from "./bet-types";
import { parseNumberList } from "./shortcuts";
import { exposureNumber } from "./slip";

/** At most this many numbers in one pasted list: every 3-digit number once (docs/decisions/050). */
export const RESTRICTED_LIST_MAX = 1000;

/** What a pasted list of restricted numbers (เลขอั้น) of one bet type would save. */
export interface RestrictedList {
  /** The numbers to save, once each in the order first seen, under the key they are priced by (a tod number's digits sorted). */
  numbers: string[];
  /** Numbers written more than once (for tod: another order of the same digits), merged into one. */
  merged: string[];
  /** Pieces that are not a number of this bet type's width, as written. */
  invalid: string[];
}

/**
 * A pasted list of restricted numbers for one bet type: separated by spaces, commas or new lines (as the
 * bet form's pasted list, parseNumberList), of exactly the bet type's digit count; repeats are merged,
 * and for สามตัวโต๊ด every order of the same digits is one number (exposureNumber, as the bet path prices it).
 */
export function restrictedList(text: string, betType: BetType): RestrictedList {
  const parsed = parseNumberList(text, betTypeDigits(betType));
  const numbers = new Set<string>();
  const merged = new Set(parsed.repeated);
  for (const n of parsed.numbers) {
    const key = exposureNumber(betType, n);
    if (numbers.has(key)) merged.add(n);
    else numbers.add(key);
  }
  return { numbers: [...numbers], merged: [...merged], invalid: parsed.invalid };
}

/** Why a pasted list cannot be saved as it is (Thai), or null: nothing in it, pieces of the wrong form, or too many. */
export function restrictedListProblem(list: RestrictedList, betType: BetType): string | null {
  const width = betTypeDigits(betType);
  if (list.invalid.length > 0) {
    const shown = list.invalid.slice(0, 10).join(", ");
    const more = list.invalid.length > 10 ? ` และอีก ${list.invalid.length - 10} รายการ` : "";
    return `เลข${BET_TYPE_LABELS[betType]}ต้องเป็นตัวเลข ${width} หลัก: ${shown}${more}`;
  }
  if (list.numbers.length === 0) return "กรุณาใส่เลขอย่างน้อย 1 ตัว (คั่นด้วยช่องว่าง จุลภาค หรือขึ้นบรรทัดใหม่)";
  if (list.numbers.length > RESTRICTED_LIST_MAX) return `ใส่เลขได้ไม่เกิน ${RESTRICTED_LIST_MAX} ตัวต่อครั้ง`;
  return null;
}
