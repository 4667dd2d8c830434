import { z } from "zod";
import { Activity, AwardLine, LottoListItem } from "../../contract/lottery";
import { schema } from "../../contract/schema";
import { loadZod, zodReady } from "./zod-on-demand";

/**
 * The browser caches of spec §4, written against the three calls of the Web Storage API they need
 * so they can be tested in node with a fake storage. Rules:
 * - awards are cached per activity (`award_<activityid>`) and written only when the list is non-empty;
 * - yeekee activities are cached per lottery id and business date;
 * - the lotto list (`readLosttoList`) is used only when it is a non-empty list of lotteries; a malformed
 *   cached value counts as a miss and is removed.
 * A value that does not parse as what it should be is a miss (and removed), never an exception: the
 * server is asked instead. Storage that refuses to write (quota, private mode) only loses the cache.
 */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const LOTTO_LIST_KEY = "readLosttoList";
export const awardKey = (activityid: number) => `award_${activityid}`;
export const yeekeeKey = (lotteryId: string) => `yeekee_${lotteryId}`;

const AwardList = schema(() => z.array(AwardLine).min(1));
const LottoList = schema(() => z.array(LottoListItem).min(1));
export const YeekeeActivities = schema(() =>
  z.object({
    activitylist: z.array(Activity),
    date: z.string(),
    timenow: z.string(),
    timeminutes: z.number(),
  }),
);
export type YeekeeActivities = z.infer<typeof YeekeeActivities>;
const YeekeeEntry = schema(() => z.object({ businessDate: z.string(), value: YeekeeActivities }));

/** The memory-only storage used when the browser's own is missing or refuses access. */
export function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

let fallback: StorageLike | null = null;
/** `localStorage`, or a memory stand-in where it cannot be used. */
export function browserStorage(): StorageLike {
  try {
    if (typeof localStorage !== "undefined") return localStorage;
  } catch {
    // Access itself can throw (storage disabled); fall through.
  }
  fallback ??= memoryStorage();
  return fallback;
}

function readParsed<T>(storage: StorageLike, key: string, schema: z.ZodType<T>): T | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  // Before zod has come (a load's first moments: docs/decisions/059) the value is a miss, and kept: a read that can
  // wait fetches zod first (`zodFor`); a first render's read is not held up by it (docs/decisions/065).
  if (!zodReady()) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  // Malformed or empty: a miss, and not worth keeping.
  safeRemove(storage, key);
  return null;
}

/**
 * For a read that can wait (a query's function): zod fetched first when `key` holds a value, so a cached value is
 * used when present (spec §4) even before zod has come on its own (docs/decisions/065).
 */
async function zodFor(storage: StorageLike, key: string): Promise<void> {
  if (zodReady()) return;
  let raw: string | null = null;
  try {
    raw = storage.getItem(key);
  } catch {
    return;
  }
  if (raw !== null) await loadZod().catch(() => undefined);
}

function safeWrite(storage: StorageLike, key: string, value: unknown): boolean {
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch (e) {
    console.error(`cache write ${key} failed`, e);
    return false;
  }
}

function safeRemove(storage: StorageLike, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to do: the value stays unreadable and keeps counting as a miss.
  }
}

// ---- awards per activity ----

/** The cached award lines of a round, or null (absent, empty or malformed). */
export function readAwards(storage: StorageLike, activityid: number): AwardLine[] | null {
  return readParsed(storage, awardKey(activityid), AwardList);
}

/** Caches a round's award lines; an empty list (no result yet) is never written. */
export function writeAwards(storage: StorageLike, activityid: number, lines: readonly AwardLine[]): boolean {
  if (lines.length === 0) return false;
  return safeWrite(storage, awardKey(activityid), lines);
}

/** Award lines from the cache when present, otherwise from `fetch` (and cached when non-empty). */
export async function cachedAwards(storage: StorageLike, activityid: number, fetch: () => Promise<AwardLine[]>): Promise<AwardLine[]> {
  await zodFor(storage, awardKey(activityid));
  const hit = readAwards(storage, activityid);
  if (hit) return hit;
  const lines = await fetch();
  writeAwards(storage, activityid, lines);
  return lines;
}

// ---- yeekee activities per lottery and business date ----

/**
 * The cached rounds of a yeekee lottery for a business date. One entry per lottery (a new date
 * replaces the old one). An entry for another date, or whose every round has already closed at
 * `nowMs`, is a miss: the day has moved on and the server knows the next rounds.
 */
export function readYeekeeActivities(
  storage: StorageLike,
  lotteryId: string,
  businessDate: string,
  nowMs: number,
): YeekeeActivities | null {
  const entry = readParsed(storage, yeekeeKey(lotteryId), YeekeeEntry);
  if (!entry || entry.businessDate !== businessDate) return null;
  const lastClose = Math.max(...entry.value.activitylist.map((a) => Date.parse(a.timestop)).filter(Number.isFinite));
  if (!(lastClose > nowMs)) return null;
  return entry.value;
}

export function writeYeekeeActivities(storage: StorageLike, lotteryId: string, businessDate: string, value: YeekeeActivities): boolean {
  if (value.activitylist.length === 0) return false;
  const { activitylist, date, timenow, timeminutes } = value;
  return safeWrite(storage, yeekeeKey(lotteryId), { businessDate, value: { activitylist, date, timenow, timeminutes } });
}

export async function cachedYeekeeActivities(
  storage: StorageLike,
  lotteryId: string,
  businessDate: string,
  nowMs: number,
  fetch: () => Promise<YeekeeActivities>,
): Promise<YeekeeActivities> {
  await zodFor(storage, yeekeeKey(lotteryId));
  const hit = readYeekeeActivities(storage, lotteryId, businessDate, nowMs);
  if (hit) return hit;
  const value = await fetch();
  writeYeekeeActivities(storage, lotteryId, businessDate, value);
  return value;
}

// ---- the lotto list ----

/**
 * The cached lotto list when it is a non-empty array of objects, each with a string configID and
 * the rest of the list item's shape; anything else is a miss and is removed.
 */
export function readLottoList(storage: StorageLike): LottoListItem[] | null {
  return readParsed(storage, LOTTO_LIST_KEY, LottoList);
}

/** Caches the list when it is non-empty (an empty list, e.g. the fallback of a failure, is not kept). */
export function writeLottoList(storage: StorageLike, list: readonly LottoListItem[]): boolean {
  if (list.length === 0) return false;
  return safeWrite(storage, LOTTO_LIST_KEY, list);
}
