import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  bangkokBusinessDate,
  bangkokTime,
  bangkokWeekday,
  nextOpening,
  parseHourMinute,
  plannedRounds,
  validateSchedule,
  type PlannedRound,
  type Schedule,
} from "./schedule";

const YEEKEE: Schedule = {
  type: "interval",
  firstClose: "06:00",
  everyMinutes: 15,
  count: 88,
  resultAfterMinutes: 2,
};
const YEEKEE_5: Schedule = {
  type: "interval",
  firstClose: "06:05",
  everyMinutes: 5,
  count: 264,
  resultAfterMinutes: 1,
};
const STATE_LOTTERY: Schedule = {
  type: "monthly",
  days: [1, 16],
  close: "15:20",
  result: "16:00",
  openBeforeMinutes: 60 * 24 * 14,
};
const WEEKDAYS_ONLY: Schedule = {
  type: "weekly",
  close: "15:00",
  result: "15:30",
  weekdays: [1, 2, 3, 4, 5],
  openBeforeMinutes: 60 * 20,
};

const iso = (d: Date) => d.toISOString();
const closes = (rounds: PlannedRound[]) => rounds.map((r) => iso(r.closeAt));

describe("parseHourMinute", () => {
  it("reads 24-hour HH:mm as minutes after midnight", () => {
    expect(parseHourMinute("00:00")).toBe(0);
    expect(parseHourMinute("06:05")).toBe(365);
    expect(parseHourMinute("23:59")).toBe(1439);
  });

  it.each(["24:00", "6:00", "06:60", "06:5", " 06:00", "06:00:00", "", 360, null])("refuses %j", (bad) => {
    expect(parseHourMinute(bad)).toBeNull();
  });
});

describe("Bangkok calendar helpers", () => {
  it("puts a Saturday-morning Bangkok instant on Saturday even though UTC is still Friday", () => {
    const at = new Date("2026-03-06T20:00:00Z"); // Saturday 7 March 2026, 03:00 in Bangkok
    expect(at.getUTCDay()).toBe(5);
    expect(bangkokWeekday(at)).toBe(6);
    expect(bangkokBusinessDate(at)).toBe("2026-03-07");
  });

  it("turns a Bangkok wall-clock time into the UTC instant seven hours earlier", () => {
    expect(iso(bangkokTime("2026-03-06", "06:00"))).toBe("2026-03-05T23:00:00.000Z");
    expect(iso(bangkokTime("2027-01-01", "15:20"))).toBe("2027-01-01T08:20:00.000Z");
    expect(iso(bangkokTime("0050-06-01", "12:00"))).toBe("0050-06-01T05:00:00.000Z");
  });

  it("refuses dates that do not exist instead of rolling them over", () => {
    expect(() => bangkokTime("2027-02-29", "12:00")).toThrow(RangeError);
    expect(() => bangkokTime("2027-13-01", "12:00")).toThrow(RangeError);
    expect(() => bangkokTime("2027-01-01", "25:00")).toThrow(RangeError);
    expect(iso(bangkokTime("2028-02-29", "12:00"))).toBe("2028-02-29T05:00:00.000Z");
  });

  it("refuses an invalid instant", () => {
    expect(() => bangkokBusinessDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("interval schedules (yeekee)", () => {
  const businessDay = (schedule: Schedule, date: string, next: string) =>
    plannedRounds(schedule, bangkokTime(date, "00:00"), bangkokTime(next, "06:00")).filter((r) => r.drawDate === date);

  it("has 88 fifteen-minute rounds from 06:00 to 03:45 the next day", () => {
    const rounds = businessDay(YEEKEE, "2026-03-06", "2026-03-07");
    expect(rounds).toHaveLength(88);
    expect(rounds.map((r) => r.roundNo)).toEqual(Array.from({ length: 88 }, (_, i) => i + 1));
    expect(rounds[0]).toEqual({
      roundNo: 1,
      drawDate: "2026-03-06",
      openAt: new Date("2026-03-05T22:45:00Z"),
      closeAt: new Date("2026-03-05T23:00:00Z"), // 06:00 in Bangkok
      resultAt: new Date("2026-03-05T23:02:00Z"),
    });
    expect(rounds[87]).toEqual({
      roundNo: 88,
      drawDate: "2026-03-06",
      openAt: new Date("2026-03-06T20:30:00Z"),
      closeAt: new Date("2026-03-06T20:45:00Z"), // 03:45 on 7 March in Bangkok
      resultAt: new Date("2026-03-06T20:47:00Z"),
    });
    for (let i = 1; i < rounds.length; i++) {
      expect(rounds[i]!.closeAt.getTime() - rounds[i - 1]!.closeAt.getTime()).toBe(15 * 60 * 1000);
    }
  });

  it("has 264 five-minute rounds from 06:05 to 04:00 the next day", () => {
    const rounds = businessDay(YEEKEE_5, "2026-03-06", "2026-03-07");
    expect(rounds).toHaveLength(264);
    expect(iso(rounds[0]!.closeAt)).toBe("2026-03-05T23:05:00.000Z");
    expect(iso(rounds[263]!.closeAt)).toBe("2026-03-06T21:00:00.000Z"); // 04:00 on 7 March
    expect(rounds[263]!.roundNo).toBe(264);
  });

  it("finds the previous business date's after-midnight rounds at the start of a span", () => {
    const rounds = plannedRounds(YEEKEE, bangkokTime("2026-03-07", "00:00"), bangkokTime("2026-03-07", "06:01"));
    // 00:00 … 03:45 belong to 6 March (rounds 73–88), 06:00 is round 1 of 7 March.
    expect(rounds).toHaveLength(17);
    expect(rounds.slice(0, 16).every((r) => r.drawDate === "2026-03-06")).toBe(true);
    expect(rounds[0]!.roundNo).toBe(73);
    expect(rounds[15]!.roundNo).toBe(88);
    expect(rounds[16]).toMatchObject({ roundNo: 1, drawDate: "2026-03-07" });
  });

  it("gives 88 rounds for every business date in a week", () => {
    const rounds = plannedRounds(YEEKEE, bangkokTime("2026-03-01", "06:00"), bangkokTime("2026-03-08", "06:00"));
    expect(rounds).toHaveLength(7 * 88);
    const perDate = new Map<string, number>();
    for (const r of rounds) perDate.set(r.drawDate, (perDate.get(r.drawDate) ?? 0) + 1);
    expect([...perDate]).toEqual([
      ["2026-03-01", 88],
      ["2026-03-02", 88],
      ["2026-03-03", 88],
      ["2026-03-04", 88],
      ["2026-03-05", 88],
      ["2026-03-06", 88],
      ["2026-03-07", 88],
    ]);
  });

  it("lets an interval that ends exactly a day later stop one slot short of the next first round", () => {
    const hourly: Schedule = { type: "interval", firstClose: "00:00", everyMinutes: 60, count: 24, resultAfterMinutes: 0 };
    const rounds = plannedRounds(hourly, bangkokTime("2026-03-06", "00:00"), bangkokTime("2026-03-07", "00:00"));
    expect(rounds).toHaveLength(24);
    expect(rounds.every((r) => r.drawDate === "2026-03-06")).toBe(true);
    expect(rounds[0]!.resultAt).toEqual(rounds[0]!.closeAt);
  });
});

describe("monthly schedules (state lottery)", () => {
  it("draws on exactly the 1st and 16th of every month of 2027", () => {
    const rounds = plannedRounds(STATE_LOTTERY, bangkokTime("2027-01-01", "00:00"), bangkokTime("2028-01-01", "00:00"));
    expect(rounds).toHaveLength(24);
    const months = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"];
    expect(rounds.map((r) => r.drawDate)).toEqual(months.flatMap((m) => [`2027-${m}-01`, `2027-${m}-16`]));
    expect(rounds[0]).toEqual({
      roundNo: 1,
      drawDate: "2027-01-01",
      openAt: new Date("2026-12-18T08:20:00Z"),
      closeAt: new Date("2027-01-01T08:20:00Z"), // 15:20 in Bangkok
      resultAt: new Date("2027-01-01T09:00:00Z"), // 16:00 in Bangkok
    });
  });

  it("skips day numbers a month does not have", () => {
    const on = (days: number[], year: number) =>
      plannedRounds({ ...STATE_LOTTERY, days }, bangkokTime(`${year}-01-01`, "00:00"), bangkokTime(`${year + 1}-01-01`, "00:00")).map(
        (r) => r.drawDate,
      );
    expect(on([31], 2027)).toEqual(["2027-01-31", "2027-03-31", "2027-05-31", "2027-07-31", "2027-08-31", "2027-10-31", "2027-12-31"]);
    expect(on([29], 2027)).toHaveLength(11);
    expect(on([29], 2028)).toContain("2028-02-29");
    expect(on([29], 2028)).toHaveLength(12);
  });
});

describe("weekly schedules", () => {
  it("runs Monday to Friday and skips the weekend", () => {
    const rounds = plannedRounds(
      WEEKDAYS_ONLY,
      bangkokTime("2026-03-02", "00:00"), // a Monday
      bangkokTime("2026-03-09", "00:00"),
    );
    expect(rounds.map((r) => r.drawDate)).toEqual(["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"]);
    expect(rounds[4]).toEqual({
      roundNo: 1,
      drawDate: "2026-03-06",
      openAt: new Date("2026-03-05T12:00:00Z"),
      closeAt: new Date("2026-03-06T08:00:00Z"),
      resultAt: new Date("2026-03-06T08:30:00Z"),
    });
  });

  it("uses the Bangkok weekday, not the UTC one", () => {
    // 20:30Z on Friday 6 March is 03:30 on Saturday 7 March in Bangkok.
    const early = { ...WEEKDAYS_ONLY, close: "03:30", result: "04:00" };
    const from = new Date("2026-03-06T20:00:00Z");
    const to = new Date("2026-03-06T21:00:00Z");
    expect(plannedRounds(early, from, to)).toEqual([]);
    expect(plannedRounds({ ...early, weekdays: [5] }, from, to)).toEqual([]);
    expect(plannedRounds({ ...early, weekdays: [6] }, from, to)).toEqual([
      {
        roundNo: 1,
        drawDate: "2026-03-07",
        openAt: new Date("2026-03-06T00:30:00Z"),
        closeAt: new Date("2026-03-06T20:30:00Z"),
        resultAt: new Date("2026-03-06T21:00:00Z"),
      },
    ]);
  });

  it("puts a result at or before the close time on the next day", () => {
    const late: Schedule = { ...WEEKDAYS_ONLY, close: "23:50", result: "00:30", weekdays: [5] };
    const [round] = plannedRounds(late, bangkokTime("2026-03-06", "00:00"), bangkokTime("2026-03-07", "00:00"));
    expect(round?.closeAt).toEqual(new Date("2026-03-06T16:50:00Z"));
    expect(round?.resultAt).toEqual(new Date("2026-03-06T17:30:00Z")); // 00:30 on 7 March
    const same: Schedule = { ...late, result: "23:50" };
    const [sameRound] = plannedRounds(same, bangkokTime("2026-03-06", "00:00"), bangkokTime("2026-03-07", "00:00"));
    expect(sameRound?.resultAt).toEqual(new Date("2026-03-07T16:50:00Z"));
  });
});

describe("plannedRounds arguments", () => {
  it("returns nothing for an empty or reversed span", () => {
    const at = bangkokTime("2026-03-06", "06:00");
    expect(plannedRounds(YEEKEE, at, at)).toEqual([]);
    expect(plannedRounds(YEEKEE, at, new Date(at.getTime() - 1))).toEqual([]);
  });

  it("includes a round closing exactly at from and excludes one closing exactly at to", () => {
    const six = bangkokTime("2026-03-06", "06:00");
    const quarterPast = bangkokTime("2026-03-06", "06:15");
    expect(closes(plannedRounds(YEEKEE, six, quarterPast))).toEqual(["2026-03-05T23:00:00.000Z"]);
  });

  it("refuses an invalid schedule or date rather than looping or returning garbage", () => {
    const bad = { ...YEEKEE, everyMinutes: 0 } as Schedule;
    const at = bangkokTime("2026-03-06", "06:00");
    expect(() => plannedRounds(bad, at, new Date(at.getTime() + 1000))).toThrow(RangeError);
    expect(() => plannedRounds(YEEKEE, new Date(Number.NaN), at)).toThrow(RangeError);
  });
});

describe("validateSchedule", () => {
  it("accepts the catalogue schedules", () => {
    for (const s of [YEEKEE, YEEKEE_5, STATE_LOTTERY, WEEKDAYS_ONLY]) expect(validateSchedule(s)).toBeNull();
    expect(validateSchedule({ ...YEEKEE, everyMinutes: 1440, count: 1, resultAfterMinutes: 1440 })).toBeNull();
    expect(validateSchedule({ ...STATE_LOTTERY, openBeforeMinutes: 57600 })).toBeNull();
  });

  it.each<[string, unknown, string]>([
    ["not an object", "interval", "รูปแบบตารางงวดไม่ถูกต้อง"],
    ["null", null, "รูปแบบตารางงวดไม่ถูกต้อง"],
    ["an unknown type", { ...YEEKEE, type: "daily" }, "ประเภทตารางงวดต้องเป็น interval, weekly หรือ monthly"],
    ["a bad first close", { ...YEEKEE, firstClose: "6:00" }, "เวลาปิดรับงวดแรกต้องอยู่ในรูปแบบ ชช:นน (00:00–23:59)"],
    ["zero minutes apart", { ...YEEKEE, everyMinutes: 0 }, "ระยะห่างระหว่างงวดต้องเป็นจำนวนเต็ม 1–1440 นาที"],
    ["fractional minutes apart", { ...YEEKEE, everyMinutes: 7.5 }, "ระยะห่างระหว่างงวดต้องเป็นจำนวนเต็ม 1–1440 นาที"],
    ["over a day apart", { ...YEEKEE, everyMinutes: 1441, count: 1 }, "ระยะห่างระหว่างงวดต้องเป็นจำนวนเต็ม 1–1440 นาที"],
    ["no rounds", { ...YEEKEE, count: 0 }, "จำนวนงวดต่อวันต้องเป็นจำนวนเต็มอย่างน้อย 1"],
    ["more than a day of rounds", { ...YEEKEE, count: 97 }, "จำนวนงวดคูณระยะห่างระหว่างงวดต้องไม่เกิน 1440 นาที (หนึ่งวัน)"],
    ["a negative result delay", { ...YEEKEE, resultAfterMinutes: -1 }, "เวลาออกผลหลังปิดรับต้องเป็นจำนวนเต็ม 0–1440 นาที"],
    ["a missing result delay", { ...YEEKEE, resultAfterMinutes: undefined }, "เวลาออกผลหลังปิดรับต้องเป็นจำนวนเต็ม 0–1440 นาที"],
    ["a bad close", { ...WEEKDAYS_ONLY, close: "24:00" }, "เวลาปิดรับต้องอยู่ในรูปแบบ ชช:นน (00:00–23:59)"],
    ["a bad result", { ...WEEKDAYS_ONLY, result: "15.30" }, "เวลาออกผลต้องอยู่ในรูปแบบ ชช:นน (00:00–23:59)"],
    ["no weekdays", { ...WEEKDAYS_ONLY, weekdays: [] }, "ต้องเลือกวันในสัปดาห์อย่างน้อยหนึ่งวัน"],
    ["weekday 7", { ...WEEKDAYS_ONLY, weekdays: [1, 7] }, "วันในสัปดาห์ต้องเป็นเลข 0–6 (อาทิตย์–เสาร์)"],
    ["a repeated weekday", { ...WEEKDAYS_ONLY, weekdays: [1, 1] }, "วันในสัปดาห์ต้องไม่ซ้ำกัน"],
    ["zero open-before", { ...WEEKDAYS_ONLY, openBeforeMinutes: 0 }, "เวลาเปิดรับก่อนปิดรับต้องเป็นจำนวนเต็ม 1–57600 นาที"],
    ["no days", { ...STATE_LOTTERY, days: [] }, "ต้องระบุวันที่ของเดือนอย่างน้อยหนึ่งวัน"],
    ["days as text", { ...STATE_LOTTERY, days: "1,16" }, "ต้องระบุวันที่ของเดือนอย่างน้อยหนึ่งวัน"],
    ["day 32", { ...STATE_LOTTERY, days: [1, 32] }, "วันที่ของเดือนต้องเป็นเลข 1–31"],
    ["day 0", { ...STATE_LOTTERY, days: [0] }, "วันที่ของเดือนต้องเป็นเลข 1–31"],
    ["a repeated day", { ...STATE_LOTTERY, days: [16, 16] }, "วันที่ของเดือนต้องไม่ซ้ำกัน"],
    ["over 40 days open", { ...STATE_LOTTERY, openBeforeMinutes: 57601 }, "เวลาเปิดรับก่อนปิดรับต้องเป็นจำนวนเต็ม 1–57600 นาที"],
  ])("refuses %s", (_name, schedule, message) => {
    expect(validateSchedule(schedule)).toBe(message);
  });
});

describe("properties", () => {
  const hourMinute = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
  const interval: fc.Arbitrary<Schedule> = fc.integer({ min: 1, max: 1440 }).chain((everyMinutes) =>
    fc.record({
      type: fc.constant("interval" as const),
      firstClose: hourMinute,
      everyMinutes: fc.constant(everyMinutes),
      count: fc.integer({ min: 1, max: Math.floor(1440 / everyMinutes) }),
      resultAfterMinutes: fc.integer({ min: 0, max: 1440 }),
    }),
  );
  const weekly: fc.Arbitrary<Schedule> = fc.record({
    type: fc.constant("weekly" as const),
    close: hourMinute,
    result: hourMinute,
    weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    openBeforeMinutes: fc.integer({ min: 1, max: 57600 }),
  });
  const monthly: fc.Arbitrary<Schedule> = fc.record({
    type: fc.constant("monthly" as const),
    days: fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 31 }),
    close: hourMinute,
    result: hourMinute,
    openBeforeMinutes: fc.integer({ min: 1, max: 57600 }),
  });
  const schedule = fc.oneof(interval, weekly, monthly);
  // Whole minutes and odd milliseconds both, so boundaries land on and between close times.
  const start = fc.integer({ min: Date.parse("2020-01-01T00:00:00Z"), max: Date.parse("2030-01-01T00:00:00Z") });
  const span = fc.integer({ min: 0, max: 4 * 24 * 60 * 60 * 1000 });

  it("every generated schedule is valid", () => {
    fc.assert(fc.property(schedule, (s) => validateSchedule(s) === null));
  });

  it("returns sorted rounds closing inside [from, to), with open < close <= result", () => {
    fc.assert(
      fc.property(schedule, start, span, (s, f, len) => {
        const from = new Date(f);
        const to = new Date(f + len);
        const rounds = plannedRounds(s, from, to);
        const keys = new Set<string>();
        rounds.forEach((r, i) => {
          expect(r.closeAt.getTime()).toBeGreaterThanOrEqual(from.getTime());
          expect(r.closeAt.getTime()).toBeLessThan(to.getTime());
          expect(r.openAt.getTime()).toBeLessThan(r.closeAt.getTime());
          expect(r.closeAt.getTime()).toBeLessThanOrEqual(r.resultAt.getTime());
          expect(r.drawDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          if (i > 0) expect(rounds[i - 1]!.closeAt.getTime()).toBeLessThan(r.closeAt.getTime());
          keys.add(`${r.drawDate}#${r.roundNo}`);
        });
        expect(keys.size).toBe(rounds.length);
      }),
      { numRuns: 200 },
    );
  });

  it("splitting [from, to) at any point gives the concatenation", () => {
    fc.assert(
      fc.property(schedule, start, span, fc.double({ min: 0, max: 1, noNaN: true }), (s, f, len, cut) => {
        const from = new Date(f);
        const to = new Date(f + len);
        const mid = new Date(f + Math.floor(len * cut));
        expect([...plannedRounds(s, from, mid), ...plannedRounds(s, mid, to)]).toEqual(plannedRounds(s, from, to));
      }),
      { numRuns: 200 },
    );
  });

  it("gives every interval business date exactly count rounds, closing on or after that date", () => {
    fc.assert(
      fc.property(interval, fc.integer({ min: 0, max: 3650 }), (s, offset) => {
        if (s.type !== "interval") return;
        const date = new Date(Date.parse("2020-01-01T00:00:00Z") + offset * 86_400_000).toISOString().slice(0, 10);
        const dayStart = bangkokTime(date, "00:00");
        const rounds = plannedRounds(s, dayStart, new Date(dayStart.getTime() + 2 * 86_400_000)).filter((r) => r.drawDate === date);
        expect(rounds.map((r) => r.roundNo)).toEqual(Array.from({ length: s.count }, (_, i) => i + 1));
        expect(bangkokBusinessDate(rounds[0]!.closeAt)).toBe(date);
      }),
      { numRuns: 100 },
    );
  });
});

describe("nextOpening", () => {
  // A stock lottery as the catalogue seeds it: Monday to Friday, each round opening a day before its close.
  const STOCK: Schedule = { type: "weekly", close: "09:25", result: "09:35", weekdays: [1, 2, 3, 4, 5], openBeforeMinutes: 24 * 60 };

  it("after Friday's close, the Monday round opens on Sunday at the close time", () => {
    // Friday 2026-11-27 12:00 Bangkok.
    expect(nextOpening(STOCK, new Date("2026-11-27T12:00:00+07:00"))?.toISOString()).toBe(
      new Date("2026-11-29T09:25:00+07:00").toISOString(),
    );
    // Saturday morning: the same.
    expect(nextOpening(STOCK, new Date("2026-11-28T08:00:00+07:00"))?.toISOString()).toBe(
      new Date("2026-11-29T09:25:00+07:00").toISOString(),
    );
  });

  it("is the next opening after now, never one already past", () => {
    // Monday 08:00: Monday's round opened on Sunday; Tuesday's opens on Monday at 09:25.
    expect(nextOpening(STOCK, new Date("2026-11-30T08:00:00+07:00"))?.toISOString()).toBe(
      new Date("2026-11-30T09:25:00+07:00").toISOString(),
    );
  });
});
