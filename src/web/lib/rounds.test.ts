import { describe, expect, it } from "vitest";
import type { Activity, LottoListItem } from "../../contract/lottery";
import { addDays, chosenLottery, formatCountdown, groupAwardLines, roundLabel, roundListOf, roundPhase, validDateKey } from "./rounds";

const round = { status: "open" as const, open_at: "2026-03-16T01:00:00.000Z", timestop: "2026-03-16T08:30:00.000Z" };
const at = (iso: string) => Date.parse(iso);

describe("roundPhase", () => {
  it("follows the clock while the round is open", () => {
    expect(roundPhase(round, at("2026-03-16T00:59:59.000Z"))).toBe("waiting");
    expect(roundPhase(round, at("2026-03-16T01:00:00.000Z"))).toBe("open");
    expect(roundPhase(round, at("2026-03-16T08:29:59.999Z"))).toBe("open");
    expect(roundPhase(round, at("2026-03-16T08:30:00.000Z"))).toBe("closed");
  });

  it("keeps the server's later states whatever the clock says", () => {
    const early = at("2026-03-16T02:00:00.000Z");
    expect(roundPhase({ ...round, status: "closed" }, early)).toBe("closed");
    expect(roundPhase({ ...round, status: "add award" }, early)).toBe("awarded");
    expect(roundPhase({ ...round, status: "cancel activity" }, early)).toBe("cancelled");
    expect(roundPhase(null, early)).toBe("none");
  });
});

describe("formatCountdown", () => {
  it("shows hh:mm:ss and never goes negative", () => {
    expect(formatCountdown(0)).toBe("00:00:00");
    expect(formatCountdown(-5000)).toBe("00:00:00");
    expect(formatCountdown(999)).toBe("00:00:00");
    expect(formatCountdown(61_000)).toBe("00:01:01");
    expect(formatCountdown((23 * 3600 + 59 * 60 + 59) * 1000)).toBe("23:59:59");
  });
  it("counts whole days separately", () => {
    expect(formatCountdown((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toBe("2 วัน 03:04:05");
  });
});

describe("roundLabel", () => {
  it("names yeekee rounds by number and others by date", () => {
    expect(roundLabel({ group: "yeekee", round_no: 15, date_th: "16 มีนาคม 2569" })).toBe("รอบที่ 15");
    expect(roundLabel({ group: "yeekee5minute", round_no: 200, date_th: "16 มีนาคม 2569" })).toBe("รอบที่ 200");
    expect(roundLabel({ group: "stateLottery", round_no: 1, date_th: "16 มีนาคม 2569" })).toBe("งวด 16 มีนาคม 2569");
  });
});

describe("groupAwardLines", () => {
  it("groups by bet type in a fixed order with the Thai labels", () => {
    const lines = [
      { award_type: "TwoDigit" as const, number: "45" },
      { award_type: "ThreeDigitToad" as const, number: "123" },
      { award_type: "ThreeDigit" as const, number: "123" },
      { award_type: "ThreeDigitToad" as const, number: "132" },
      { award_type: "ThreeDigitToad" as const, number: "132" },
      { award_type: "Predicttotal" as const, number: "1234567" },
    ];
    expect(groupAwardLines(lines)).toEqual([
      { type: "ThreeDigit", label: "สามตัวบน", numbers: ["123"], main: true },
      { type: "ThreeDigitToad", label: "สามตัวโต๊ด", numbers: ["123", "132"], main: false },
      { type: "TwoDigit", label: "สองตัวล่าง", numbers: ["45"], main: true },
      { type: "Predicttotal", label: "ผลรวม", numbers: ["1234567"], main: false },
    ]);
    expect(groupAwardLines([])).toEqual([]);
  });
});

describe("date keys", () => {
  it("accepts only real days", () => {
    expect(validDateKey("2026-02-28")).toBe("2026-02-28");
    expect(validDateKey("2026-02-30")).toBeNull();
    expect(validDateKey("2026-2-3")).toBeNull();
    expect(validDateKey(null)).toBeNull();
  });
  it("steps across months and years", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
  });
});

describe("chosenLottery and roundListOf", () => {
  const roundOf = (activityid: number, configID: string, group: Activity["group"]): Activity => ({
    activityid,
    configID,
    name: configID,
    group,
    icon: null,
    round_no: 1,
    draw_date: "2026-03-16",
    date_th: "16 มี.ค. 69",
    open_at: "2026-03-16T01:00:00.000Z",
    timestop: "2026-03-16T08:30:00.000Z",
    result_at: "2026-03-16T09:00:00.000Z",
    status: "open",
    isOpen: true,
    seed_commitment: null,
  });
  const item = (configID: string, group: Activity["group"], next: number | null): LottoListItem => ({
    configID,
    name: configID,
    group,
    category: "foreign",
    icon: null,
    nextRound: next === null ? null : roundOf(next, configID, group),
    latestResult: null,
  });
  const hanoi = item("hanoi", "stateLottery", 10);
  const yeekee = item("yeekee", "yeekee", 20);
  const items = [hanoi, yeekee];

  it("takes the lottery the query string names, else the one whose next round is chosen", () => {
    expect(chosenLottery(items, 99, "yeekee")).toBe(yeekee);
    expect(chosenLottery(items, 10, null)).toBe(hanoi);
    expect(chosenLottery(items, 10, "nosuch")).toBe(hanoi);
    expect(chosenLottery(items, 99, null)).toBeUndefined();
    expect(chosenLottery(items, null, null)).toBeUndefined();
  });

  it("asks for a round list only when the chosen round is not the lottery's next one", () => {
    expect(roundListOf(hanoi, 10)).toBeNull();
    expect(roundListOf(hanoi, 11)).toEqual({ configID: "hanoi", yeekee: false });
    expect(roundListOf(yeekee, 21)).toEqual({ configID: "yeekee", yeekee: true });
    expect(roundListOf(item("lao", "stockLottery", null), 5)).toEqual({ configID: "lao", yeekee: false });
    expect(roundListOf(undefined, 11)).toBeNull();
    expect(roundListOf(hanoi, null)).toBeNull();
  });
});
