function assertBetNumber(number: string): void {
  if (!/^\d{2,3}$/.test(number)) {
    throw new RangeError(`Permutations need a 2- or 3-digit number: ${JSON.stringify(number)}`);
  }
}

function orderings(chars: readonly string[]): string[] {
  if (chars.length <= 1) return [chars.join("")];
  const result: string[] = [];
  chars.forEach((first, i) => {
    const rest = [...chars.slice(0, i), ...chars.slice(i + 1)];
    for (const tail of orderings(rest)) result.push(first + tail);
  });
  return result;
}

export function permutations(number: string): string[] {
  assertBetNumber(number);
  return orderings([...number]);
}

// Reverse bets use this so that "112" puts three lines on the slip, not six with repeats.
export function distinctPermutations(number: string): string[] {
  return [...new Set(permutations(number))].sort();
}
