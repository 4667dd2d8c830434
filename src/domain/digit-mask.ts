export const DIGIT_MASK_GROUPS = [3, 1, 1, 4, 1] as const;
export const MAX_MASK_DIGITS = 11;

export function maskDigits(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, MAX_MASK_DIGITS);
  const groups: string[] = [];
  let start = 0;
  // The last group takes whatever is left, so an 11-digit entry ends with two digits.
  for (const size of DIGIT_MASK_GROUPS.slice(0, -1)) {
    if (start >= digits.length) break;
    groups.push(digits.slice(start, start + size));
    start += size;
  }
  if (start < digits.length) groups.push(digits.slice(start));
  return groups.join("-");
}
