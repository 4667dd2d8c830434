import { baht, formatMoney } from "../../../domain/money";

/**
 * The stake fields' text: whole baht with thousands separators ("1,250"), typed digit by digit. Pure, so the
 * caret's place can be tested without a browser.
 */

/** The most digits a stake field takes: far above any limit, well inside a safe integer. */
export const STAKE_MAX_DIGITS = 9;

/**
 * What a stake field shows for a value: "" for none, else the baht with thousands separators. Written by the
 * site's own money formatter, not `toLocaleString`: the first number a page formats through the browser's
 * Intl makes its number format (ICU's data for the locale): on the bet form that was 0.11 s of one task at 4×
 * CPU slowdown as the form first appeared, its longest piece of work (docs/decisions/025).
 */
export function stakeText(value: number | ""): string {
  return value === "" ? "" : formatMoney(baht(value));
}

/**
 * The stake a field's text stands for: its digits (separators, spaces, a currency sign or a minus typed or
 * pasted are dropped), at most `STAKE_MAX_DIGITS` of them; "" when there is none.
 */
export function parseStakeText(text: string): number | "" {
  const digits = text
    .replace(/\D/g, "")
    .replace(/^0+(?=\d)/, "")
    .slice(0, STAKE_MAX_DIGITS);
  return digits === "" ? "" : Number(digits);
}

/**
 * Where the caret goes in `shown` (the field's text once formatted) so that as many digits stand to its
 * right as stood to its right in the text the player typed: typing or deleting inside "1,250" keeps the
 * caret beside the digit it was beside, though separators come and go.
 */
export function caretFor(shown: string, digitsToTheRight: number): number {
  let seen = 0;
  for (let i = shown.length; i > 0; i--) {
    if (seen === digitsToTheRight) return i;
    if (/\d/.test(shown[i - 1]!)) seen++;
  }
  return 0;
}

/** How many digits of `typed` stand to the right of `caret`. */
export function digitsRightOf(typed: string, caret: number): number {
  return typed.slice(caret).replace(/\D/g, "").length;
}
