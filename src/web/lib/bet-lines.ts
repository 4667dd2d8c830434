import { z } from "zod";
import { BET_TYPES, betTypeDigits, type BetType } from "../../domain/bet-types";
import { bahtToSatang, formatFigure, isBahtAmount, satang, type Satang } from "../../domain/money";
import { exposureNumber, linePayout, linePrice, validateBetLine } from "../../domain/slip";
import { schema } from "../../contract/schema";

/** A line on the bet form before it is sent. The stake is whole baht ("" while the field is empty). */
export interface FormLine {
  key: string;
  betType: BetType;
  number: string;
  stake: number | "";
}

/** What the form needs of a bet type's config. */
export interface RateLike {
  rate: number;
  minStake: number;
  maxStake: number;
  discountPercent: number;
}

export type Rates = Partial<Record<BetType, RateLike>>;

/** The bet types a round offers, in the usual order. */
export function offeredTypes(rates: Rates): BetType[] {
  return BET_TYPES.filter((t) => rates[t] !== undefined);
}

/**
 * A line's identity: its type and the number it is counted and priced under (a tod number's digits
 * sorted, as the server keys exposure and restricted prices), so "321" tod is the same line as "123" tod.
 */
export const lineKey = (betType: BetType, number: string) => `${betType}_${exposureNumber(betType, number)}`;

export type NewLine = { betType: BetType; number: string; stake: number | "" };

/**
 * Adds lines, keeping the order; a line whose type and number is already on the form, or comes twice
 * in `add`, is merged into the first (which keeps its stake: a repeat never raises what is staked).
 * Returns the new list and the repeats that were merged.
 */
export function addLines(lines: readonly FormLine[], add: readonly NewLine[]): { lines: FormLine[]; skipped: number; merged: NewLine[] } {
  const out = [...lines];
  const seen = new Set(lines.map((l) => l.key));
  const merged: NewLine[] = [];
  for (const a of add) {
    const key = lineKey(a.betType, a.number);
    if (seen.has(key)) {
      merged.push(a);
      continue;
    }
    seen.add(key);
    out.push({ key, betType: a.betType, number: a.number, stake: a.stake });
  }
  return { lines: out, skipped: merged.length, merged };
}

/**
 * The lines for numbers bet on several types at once, each type with its own stake: type by type,
 * in the order given. A tod line is made once per set of digits (one tod bet already wins on every
 * ordering), so reversing a number with tod adds a single tod line.
 */
export function linesForNumbers(numbers: readonly string[], stakes: ReadonlyArray<{ betType: BetType; stake: number | "" }>): NewLine[] {
  const out: NewLine[] = [];
  for (const { betType, stake } of stakes) {
    const seen = new Set<string>();
    for (const number of numbers) {
      const key = lineKey(betType, number);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ betType, number, stake });
    }
  }
  return out;
}

/** How many lines and how much stake per bet type, in the usual order of the types (the confirm dialog's summary). */
export function totalsByType(lines: readonly FormLine[]): Array<{ betType: BetType; count: number; total: number }> {
  return BET_TYPES.flatMap((betType) => {
    const of = lines.filter((l) => l.betType === betType);
    return of.length === 0 ? [] : [{ betType, count: of.length, total: of.reduce((s, l) => s + (l.stake === "" ? 0 : l.stake), 0) }];
  });
}

/** A short Thai list of numbers for a notice: the first few, then how many more. */
export function numbersPreview(numbers: readonly string[], max = 6): string {
  const shown = numbers.slice(0, max).join(", ");
  return numbers.length > max ? `${shown} และอีก ${numbers.length - max} เลข` : shown;
}

export interface LineRate {
  /** The rate that would be fixed now: the config's, or a restricted number's price. */
  rate: number;
  configRate: number;
  /** A restricted price (other than 0) replaces the config rate. */
  changed: boolean;
  /** A restricted price of 0: the number takes no bets. */
  closed: boolean;
}

/** The rate of a line from the config and the round's restricted prices (`{betType}_{number}` → price). */
export function lineRate(rates: Rates, prices: ReadonlyMap<string, number> | undefined, betType: BetType, number: string): LineRate | null {
  const config = rates[betType];
  if (!config) return null;
  const price = prices?.get(lineKey(betType, number));
  if (price === undefined) return { rate: config.rate, configRate: config.rate, changed: false, closed: false };
  return { rate: price, configRate: config.rate, changed: price !== config.rate, closed: price === 0 };
}

/** A Thai message for the first problem with the line, or null. */
export function lineProblem(rates: Rates, prices: ReadonlyMap<string, number> | undefined, line: FormLine): string | null {
  const config = rates[line.betType];
  if (!config) return "งวดนี้ไม่รับแทงประเภทนี้";
  if (lineRate(rates, prices, line.betType, line.number)?.closed) return "เลขนี้ปิดรับแทง";
  if (line.stake === "") return "กรุณากรอกจำนวนเงินแทง";
  try {
    return validateBetLine(
      { betType: line.betType, number: line.number, stakeBaht: line.stake },
      { minStakeBaht: config.minStake, maxStakeBaht: config.maxStake },
    );
  } catch {
    // Limits the server sent that make no sense: the server decides.
    return null;
  }
}

// Money on the form is integer satang, computed by the same rules the server prices lines with
// (src/domain/slip.ts; the server's are its SQL functions, checked against these by tests/api/pricing.test.ts).

/** What a line would win, in satang: stake × rate (linePayout); 0 while the stake or rate is not a usable amount. */
export function potentialWin(stake: number | "", rate: number): Satang {
  if (stake === "" || !isBahtAmount(stake) || !isBahtAmount(rate)) return satang(0);
  return linePayout(bahtToSatang(stake), bahtToSatang(rate));
}

/** What the player pays for a line, in satang: the stake less the percent-lotto discount (linePrice). */
export function linePaid(stake: number | "", discountPercent: number): Satang {
  if (stake === "" || !isBahtAmount(stake)) return satang(0);
  try {
    return linePrice(bahtToSatang(stake), discountPercent);
  } catch {
    // A discount the server would not send (not a whole percent): the server decides.
    return bahtToSatang(stake);
  }
}

export function toNumberlist(lines: readonly FormLine[]) {
  return lines.map((l) => ({ award_type: l.betType, number: l.number, amount: l.stake === "" ? 0 : l.stake }));
}

const DraftList = schema(() =>
  z.array(
    z.object({
      award_type: z.enum(BET_TYPES),
      number: z.string().regex(/^\d{1,3}$/),
      amount: z.number().int().positive().optional(),
    }),
  ),
);

/**
 * The lines of a saved draft (`numberlist_str`, JSON of `{award_type, number, amount}`), keeping
 * only those the round offers and whose number has the type's digit count. Unreadable drafts give [].
 */
export function parseDraft(
  numberlistStr: string,
  rates: Rates,
  defaultStake: number | "",
): Array<{ betType: BetType; number: string; stake: number | "" }> {
  let json: unknown;
  try {
    json = JSON.parse(numberlistStr);
  } catch {
    return [];
  }
  const parsed = DraftList.safeParse(json);
  if (!parsed.success) return [];
  return parsed.data
    .filter((l) => rates[l.award_type] !== undefined && l.number.length === betTypeDigits(l.award_type))
    .map((l) => ({ betType: l.award_type, number: l.number, stake: l.amount ?? defaultStake }));
}

/** Rates such as 3.2 keep their decimals; whole rates get thousands grouping. */
export const formatRate = (r: number) => (Number.isInteger(r) ? formatFigure(r) : String(r));
