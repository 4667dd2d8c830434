const SATANG_PER_BAHT = 100;
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

export function bahtToSatang(baht: number): number {
  const satang = satangOf(baht);
  if (satang === null) {
    throw new RangeError(`Not a baht amount with at most two decimals: ${baht}`);
  }
  return satang;
}

export function isBahtAmount(baht: number): boolean {
  return baht >= 0 && satangOf(baht) !== null;
}

export function satangToBaht(satang: number | bigint): number {
  const baht = Number(satang) / SATANG_PER_BAHT;
  return baht === 0 ? 0 : baht;
}

function groupThousands(digits: string): string {
  let grouped = "";
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = digits.slice(start, end) + (grouped === "" ? "" : "," + grouped);
  }
  return grouped;
}

export function formatMoney(baht: number): string {
  if (!Number.isFinite(baht) || Math.abs(baht) >= MAX_FORMATTABLE) {
    throw new RangeError(`Cannot format money: ${baht}`);
  }
  const fixed = Math.abs(baht).toFixed(2);
  const [whole = "0", fraction = "00"] = fixed.split(".");
  const sign = baht < 0 && fixed !== "0.00" ? "-" : "";
  const decimals = fraction === "00" ? "" : "." + fraction;
  return sign + groupThousands(whole) + decimals;
}

export function formatCredit(credit: number | null | undefined): string {
  // The header must always show a number: a missing or broken credit reads as zero.
  const shown = typeof credit === "number" && Number.isFinite(credit) ? credit : 0;
  return formatMoney(shown) + " ฿";
}
