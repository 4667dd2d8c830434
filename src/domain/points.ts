// Privilege points (docs/decisions/015). Points are kept in hundredths ("centipoints") as
// integers, so a 50 ฿ stake earns exactly 0.50 point and nothing is rounded twice. The server settles
// with these rules; the page shows them; the tests use them as the oracle.

export const POINTS_SCALE = 100;

export const MEMBER_LEVELS = ["Bronze", "Silver", "Gold", "Platinum", "Diamond"] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];

export const MEMBER_LEVEL_LABELS: Readonly<Record<MemberLevel, string>> = {
  Bronze: "บรอนซ์",
  Silver: "ซิลเวอร์",
  Gold: "โกลด์",
  Platinum: "แพลทินัม",
  Diamond: "ไดมอนด์",
};

export interface LevelRule {
  name: MemberLevel;
  /** Stake over the last 90 days (baht) from which the level applies. */
  threshold: number;
  /** Points multiplier ×100: 100 is 1.0, 200 is 2.0. */
  multiplier_x100: number;
}

/** Points a settled slip earns: `perHundred` points per 100 ฿ paid, times the level's multiplier, rounded down. */
export function betPointsCenti(paidSatang: number, multiplierX100: number, perHundred: number): number {
  return Math.floor((paidSatang * multiplierX100 * perHundred) / 10_000);
}

/** Points an approved deposit earns, within what is left of the day's cap (`todayCenti` already earned today). */
export function depositPointsCenti(amountSatang: number, perHundred: number, todayCenti: number, dailyMaxPoints: number): number {
  const earned = Math.floor((amountSatang * perHundred) / 100);
  return Math.max(0, Math.min(earned, dailyMaxPoints * POINTS_SCALE - todayCenti));
}

/** The level a 90-day stake (satang) reaches: the highest whose threshold it meets (the first level always). */
export function levelFor(stakeSatang: number, levels: readonly LevelRule[]): LevelRule {
  if (levels.length === 0) throw new RangeError("No member levels");
  let reached = levels[0]!;
  for (const l of levels) if (stakeSatang >= l.threshold * 100) reached = l;
  return reached;
}

/** The level after `current`, or null at the top. */
export function nextLevel(current: MemberLevel, levels: readonly LevelRule[]): LevelRule | null {
  const i = levels.findIndex((l) => l.name === current);
  return i >= 0 && i + 1 < levels.length ? levels[i + 1]! : null;
}

export interface PointLot {
  id: number;
  remaining: number;
  /** Epoch milliseconds; lots expiring sooner are spent first (then the older lot). */
  expiresAt?: number;
}

/**
 * Spends `amount` centipoints from usable lots, those expiring soonest first (then the oldest), so no
 * point expires while a newer one is spent; null when they do not hold enough. Returns what each lot gives.
 */
export function spendOldestFirst(lots: readonly PointLot[], amount: number): Array<{ id: number; take: number }> | null {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Points to spend must be whole centipoints: ${amount}`);
  if (lots.some((l) => !Number.isSafeInteger(l.remaining) || l.remaining < 0)) throw new RangeError("A lot cannot hold less than nothing");
  const takes: Array<{ id: number; take: number }> = [];
  let left = amount;
  for (const lot of [...lots].sort((a, b) => (a.expiresAt ?? 0) - (b.expiresAt ?? 0) || a.id - b.id)) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    if (take > 0) takes.push({ id: lot.id, take });
    left -= take;
  }
  return left === 0 ? takes : null;
}

/** Centipoints as points with two decimals ("1,234.50"). */
export function formatPoints(centi: number): string {
  return (centi / POINTS_SCALE || 0).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export const POINTS_LOG_KINDS = {
  bet: "แต้มจากการแทง",
  deposit: "แต้มจากการฝาก (รอยอดแทง)",
  vest: "แต้มฝากใช้ได้แล้ว",
  lapse: "แต้มฝากไม่ครบยอดแทง",
  redeem: "แลกแต้ม",
  expire: "แต้มหมดอายุ",
  adjust: "ปรับแต้มโดยเจ้าหน้าที่",
  reversal: "เรียกคืนแต้ม (ยกเลิกงวด)",
} as const satisfies Record<string, string>;
export type PointsLogKind = keyof typeof POINTS_LOG_KINDS;

export const pointsLogLabel = (kind: string): string =>
  Object.hasOwn(POINTS_LOG_KINDS, kind) ? POINTS_LOG_KINDS[kind as PointsLogKind] : kind;
