/**
 * What the hot paths (slips, yeekee shots) count, as plain numbers bumped with an addition: prom-client
 * reads them only when /metrics is scraped (registry.ts), so a bet or a shot pays for no label hashing
 * and no allocation. Process-wide, as prom-client's own default registry is (one app per process in
 * production; tests read differences).
 */
export const hotCounts = {
  slipsPlaced: 0,
  /** Slips refused, by refusal kind (src/server/http/refusals.ts), `invalid_line`, `not_own` or `error`. */
  slipsRefused: new Map<string, number>(),
  shotsAccepted: 0,
  /** Yeekee shots refused, by refusal kind. */
  shotsRefused: new Map<string, number>(),
};

export function countReason(counts: Map<string, number>, reason: string, n = 1): void {
  counts.set(reason, (counts.get(reason) ?? 0) + n);
}
