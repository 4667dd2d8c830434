import { describe, expect, it, vi } from "vitest";
import type { Activity, AwardLine, LottoListItem } from "../../contract/lottery";
import {
  awardKey,
  cachedAwards,
  cachedYeekeeActivities,
  LOTTO_LIST_KEY,
  readAwards,
  readLottoList,
  readYeekeeActivities,
  type StorageLike,
  writeAwards,
  writeLottoList,
  writeYeekeeActivities,
  yeekeeKey,
} from "./local-cache";

/** A Map-backed stand-in for localStorage that records every call. */
function fakeStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  const storage: StorageLike & { map: Map<string, string> } = {
    map,
    getItem: vi.fn((k: string) => map.get(k) ?? null),
    setItem: vi.fn((k: string, v: string) => void map.set(k, v)),
    removeItem: vi.fn((k: string) => void map.delete(k)),
  };
  return storage;
}

const line = (activity_id: number, award_type: AwardLine["award_type"], number: string): AwardLine => ({
  activity_id,
  award_type,
  number,
  date_time: "16/03/2569 15:30:00",
});

const round = (over: Partial<Activity> = {}): Activity => ({
  activityid: 7,
  configID: "yeekee",
  name: "หวยยี่กี",
  group: "yeekee",
  icon: null,
  round_no: 1,
  draw_date: "2026-03-16",
  date_th: "16 มีนาคม 2569",
  open_at: "2026-03-15T20:45:00.000Z",
  timestop: "2026-03-15T23:00:00.000Z",
  result_at: "2026-03-15T23:02:00.000Z",
  status: "open",
  isOpen: true,
  seed_commitment: null,
  ...over,
});

const item = (configID: string, over: Partial<LottoListItem> = {}): LottoListItem => ({
  configID,
  name: "หวยลาว",
  group: "stockLottery",
  category: "foreign",
  icon: "/images/lotto/laos.svg",
  nextRound: null,
  latestResult: null,
  ...over,
});

describe("award cache (per activity, only when non-empty)", () => {
  it("writes under award_<activityid> and reads it back", () => {
    const s = fakeStorage();
    const lines = [line(42, "ThreeDigit", "123"), line(42, "TwoDigit", "45")];
    expect(writeAwards(s, 42, lines)).toBe(true);
    expect(s.map.has("award_42")).toBe(true);
    expect(awardKey(42)).toBe("award_42");
    expect(readAwards(s, 42)).toEqual(lines);
    expect(readAwards(s, 43)).toBeNull();
  });

  it("never writes an empty list", () => {
    const s = fakeStorage();
    expect(writeAwards(s, 42, [])).toBe(false);
    expect(s.setItem).not.toHaveBeenCalled();
  });

  it("uses the cache when present and does not call the server", async () => {
    const s = fakeStorage();
    writeAwards(s, 5, [line(5, "ThreeDigit", "999")]);
    const fetch = vi.fn(async () => [line(5, "ThreeDigit", "000")]);
    expect(await cachedAwards(s, 5, fetch)).toEqual([line(5, "ThreeDigit", "999")]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("calls the server on a miss and caches a non-empty answer", async () => {
    const s = fakeStorage();
    const fetch = vi.fn(async () => [line(5, "TwoDigit", "07")]);
    expect(await cachedAwards(s, 5, fetch)).toEqual([line(5, "TwoDigit", "07")]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(readAwards(s, 5)).toEqual([line(5, "TwoDigit", "07")]);
  });

  it("does not cache an empty answer, so the next read asks the server again", async () => {
    const s = fakeStorage();
    const fetch = vi.fn(async (): Promise<AwardLine[]> => []);
    expect(await cachedAwards(s, 9, fetch)).toEqual([]);
    expect(await cachedAwards(s, 9, fetch)).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(s.map.has("award_9")).toBe(false);
  });

  it("treats an empty or malformed cached value as a miss and removes it", () => {
    for (const bad of ["[]", "{", '"x"', '[{"activity_id":1}]', "null"]) {
      const s = fakeStorage({ award_3: bad });
      expect(readAwards(s, 3)).toBeNull();
      expect(s.map.has("award_3")).toBe(false);
    }
  });

  it("survives a storage that refuses writes", async () => {
    const s = fakeStorage();
    s.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await cachedAwards(s, 1, async () => [line(1, "ThreeDigit", "111")])).toHaveLength(1);
    spy.mockRestore();
  });
});

describe("yeekee activity cache (per lottery id and business date)", () => {
  const value = {
    activitylist: [round({ round_no: 1 }), round({ activityid: 8, round_no: 2, timestop: "2026-03-15T23:15:00.000Z" })],
    date: "16 มีนาคม 2569",
    timenow: "2026-03-15T22:00:00.000Z",
    timeminutes: 15,
  };
  const before = Date.parse("2026-03-15T22:00:00.000Z");

  it("reads back what was written for the same lottery and date", () => {
    const s = fakeStorage();
    expect(writeYeekeeActivities(s, "yeekee", "2026-03-16", value)).toBe(true);
    expect(s.map.has(yeekeeKey("yeekee"))).toBe(true);
    expect(readYeekeeActivities(s, "yeekee", "2026-03-16", before)).toEqual(value);
  });

  it("is a miss for another lottery or another business date", () => {
    const s = fakeStorage();
    writeYeekeeActivities(s, "yeekee", "2026-03-16", value);
    expect(readYeekeeActivities(s, "yeekee5", "2026-03-16", before)).toBeNull();
    expect(readYeekeeActivities(s, "yeekee", "2026-03-17", before)).toBeNull();
  });

  it("is a miss once every cached round has closed", () => {
    const s = fakeStorage();
    writeYeekeeActivities(s, "yeekee", "2026-03-16", value);
    expect(readYeekeeActivities(s, "yeekee", "2026-03-16", Date.parse("2026-03-15T23:14:59.000Z"))).not.toBeNull();
    expect(readYeekeeActivities(s, "yeekee", "2026-03-16", Date.parse("2026-03-15T23:15:00.000Z"))).toBeNull();
  });

  it("uses the cache when present, otherwise fetches and caches", async () => {
    const s = fakeStorage();
    const fetch = vi.fn(async () => ({ ...value, status: "Success" as const }));
    await cachedYeekeeActivities(s, "yeekee", "2026-03-16", before, fetch);
    await cachedYeekeeActivities(s, "yeekee", "2026-03-16", before, fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Only the list's own fields are stored, not the response status.
    expect(JSON.parse(s.map.get(yeekeeKey("yeekee"))!).value.status).toBeUndefined();
  });

  it("does not cache a day without rounds, and drops a malformed entry", () => {
    const s = fakeStorage({ [yeekeeKey("yeekee")]: '{"businessDate":"2026-03-16","value":{"activitylist":"nope"}}' });
    expect(readYeekeeActivities(s, "yeekee", "2026-03-16", before)).toBeNull();
    expect(s.map.has(yeekeeKey("yeekee"))).toBe(false);
    expect(writeYeekeeActivities(s, "yeekee", "2026-03-16", { ...value, activitylist: [] })).toBe(false);
  });
});

describe("lotto list cache (readLosttoList)", () => {
  it("uses a non-empty list of lotteries", () => {
    const list = [item("laos"), item("yeekee", { name: "หวยยี่กี", group: "yeekee", category: "yeekee", icon: null, nextRound: round() })];
    const s = fakeStorage();
    expect(writeLottoList(s, list)).toBe(true);
    expect(s.map.has(LOTTO_LIST_KEY)).toBe(true);
    expect(LOTTO_LIST_KEY).toBe("readLosttoList");
    expect(readLottoList(s)).toEqual(list);
  });

  it("does not write an empty list", () => {
    const s = fakeStorage();
    expect(writeLottoList(s, [])).toBe(false);
    expect(s.map.has(LOTTO_LIST_KEY)).toBe(false);
  });

  it("counts an empty or malformed cached list as a miss and removes it", () => {
    const cases = [
      "[]",
      "not json",
      "{}",
      '{"lottoList":[]}',
      "[1,2]",
      "[null]",
      '[{"name":"หวยลาว"}]',
      '[{"configID":12}]',
      JSON.stringify([item("laos"), { configID: null }]),
    ];
    for (const bad of cases) {
      const s = fakeStorage({ [LOTTO_LIST_KEY]: bad });
      expect(readLottoList(s), bad).toBeNull();
      expect(s.map.has(LOTTO_LIST_KEY), bad).toBe(false);
    }
  });

  it("a miss leaves other keys alone", () => {
    const s = fakeStorage({ [LOTTO_LIST_KEY]: "[]", award_1: JSON.stringify([line(1, "ThreeDigit", "123")]) });
    expect(readLottoList(s)).toBeNull();
    expect(readAwards(s, 1)).toHaveLength(1);
  });
});
