const SATANG_PER_BAHT = 100;

declare const unit: unique symbol;
/**
 * An amount in baht, as the API speaks it and a page prints it. Money is passed around labelled with its
 * unit so that printing satang as baht (a potential win shown 100 times too large) is a type error, not a
 * figure on a player's screen (decision 037). The label costs nothing at run time: a Baht is a number.
 */
export type Baht = number & { readonly [unit]: "baht" };
/** An amount in satang, as the ledger and the database keep it. */
export type Satang = number & { readonly [unit]: "satang" };
/** A number whose unit no one has said yet: an API figure, a sum, a field's value. */
type Unlabelled = number & { readonly [unit]?: undefined };

/** Says that `amount` is in baht: an API figure (the API speaks baht) or a player's typed stake. */
export function baht(amount: Unlabelled | Baht): Baht {
  return amount as number as Baht;
}

/** Says that `amount` is in satang: a ledger or database figure. */
export function satang(amount: Unlabelled | Satang): Satang {
  return amount as number as Satang;
}
// The wire may carry binary noise such as 0.1 + 0.2 = 0.30000000000000004; treat it as 0.30.
const DECIMAL_NOISE = 1e-6;
// Beyond this toFixed switches to exponent notation.
const MAX_FORMATTABLE = 1e21;

function satangOf(baht: number): number | null {
  if (!Number.isFinite(baht)) return null;
  const rounded = Math.round(baht * SATANG_PER_BAHT);
  // Dividing back exactly is the real test; above about a billion baht, baht * 100 drifts from
  // the integer by more than the noise tolerance even for amounts satangToBaht produced.
  if (rounded / SATANG_PER_BAHT === baht) return checkSafe(rounded);
  if (Math.abs(baht * SATANG_PER_BAHT - rounded) < DECIMAL_NOISE) return checkSafe(rounded);
  return null;
}

function checkSafe(satang: number): number | null {
  if (!Number.isSafeInteger(satang)) return null;
  // Normalise -0 so that callers comparing with Object.is or serialising see 0.
  return satang === 0 ? 0 : satang;
}

export function bahtToSatang(amount: Unlabelled | Baht): Satang {
  const inSatang = satangOf(amount);
  if (inSatang === null) {
    throw new RangeError(`Not a baht amount with at most two decimals: ${amount}`);
  }
  return inSatang as Satang;
}

export function isBahtAmount(baht: number): boolean {
  return baht >= 0 && satangOf(baht) !== null;
}

export function satangToBaht(amount: Unlabelled | Satang | bigint): Baht {
  const inBaht = Number(amount) / SATANG_PER_BAHT;
  return (inBaht === 0 ? 0 : inBaht) as Baht;
}

function groupThousands(digits: string): string {
  let grouped = "";
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = digits.slice(start, end) + (grouped === "" ? "" : "," + grouped);
  }
  return grouped;
}

/** Baht as a page prints it: thousands grouped, satang only when there are any ("1,234", "0.50"). */
export function formatMoney(amount: Baht): string {
  if (!Number.isFinite(amount) || Math.abs(amount) >= MAX_FORMATTABLE) {
    throw new RangeError(`Cannot format money: ${amount}`);
  }
  return formatDecimal(amount);
}

/** Baht with its satang always shown ("1,000.47", "1,000.00"): a transfer's exact amount, a statement's column. */
export function formatMoneyExact(amount: Baht): string {
  const shown = formatMoney(amount);
  return shown.includes(".") ? shown : shown + ".00";
}

/** A figure that is not money (a payout rate such as 900 or 3.2), printed as money is: "1,000", "3.20". */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= MAX_FORMATTABLE) {
    throw new RangeError(`Cannot format figure: ${value}`);
  }
  return formatDecimal(value);
}

function formatDecimal(amount: number): string {
  const fixed = Math.abs(amount).toFixed(2);
  const [whole = "0", fraction = "00"] = fixed.split(".");
  const sign = amount < 0 && fixed !== "0.00" ? "-" : "";
  const decimals = fraction === "00" ? "" : "." + fraction;
  return sign + groupThousands(whole) + decimals;
}

export function formatCredit(credit: Baht | null | undefined): string {
  // The header must always show a number: a missing or broken credit reads as zero.
  const shown = typeof credit === "number" && Number.isFinite(credit) ? credit : baht(0);
  return formatMoney(shown) + " ฿";
}
