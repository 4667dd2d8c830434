import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  THAI_MONTHS,
  bangkokDateKey,
  formatThaiDate,
  formatThaiShortDate,
  formatThaiAge,
  formatThaiDateTime,
  formatTime,
  parseClientDate,
  parseClientDateTime,
  toBuddhistYear,
} from "./thai-date";

describe("toBuddhistYear", () => {
  it("adds 543 years", () => {
    expect(toBuddhistYear(2026)).toBe(2569);
    expect(toBuddhistYear(1957)).toBe(2500);
  });
});

describe("THAI_MONTHS", () => {
  it("lists the twelve months from January", () => {
    expect(THAI_MONTHS).toHaveLength(12);
    expect(THAI_MONTHS[0]).toBe("มกราคม");
    expect(THAI_MONTHS[2]).toBe("มีนาคม");
    expect(THAI_MONTHS[11]).toBe("ธันวาคม");
  });
});

describe("formatThaiDate", () => {
  it("shows day without a leading zero, the full Thai month and the Buddhist-era year", () => {
    expect(formatThaiDate("2026-03-06T12:00:00+07:00")).toBe("6 มีนาคม 2569");
  });

  it("uses the Bangkok date when UTC is still on 31 December", () => {
    const instant = "2025-12-31T20:30:00Z"; // 03:30 on 1 January 2026 in Bangkok
    expect(formatThaiDate(instant)).toBe("1 มกราคม 2569");
    expect(bangkokDateKey(instant)).toBe("2026-01-01");
    expect(formatThaiDateTime(instant)).toBe("01/01/2569 03:30:00");
  });

  it("accepts a Date, epoch milliseconds and an ISO string for the same instant", () => {
    const iso = "2026-03-06T01:02:03Z";
    const ms = Date.parse(iso);
    expect(formatThaiDate(new Date(ms))).toBe("6 มีนาคม 2569");
    expect(formatThaiDate(ms)).toBe("6 มีนาคม 2569");
    expect(formatThaiDate(iso)).toBe("6 มีนาคม 2569");
  });

  it("rejects an invalid date instead of printing NaN", () => {
    expect(() => formatThaiDate("not a date")).toThrow(RangeError);
    expect(() => formatThaiDate(Number.NaN)).toThrow(RangeError);
    expect(() => formatThaiDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("formatTime", () => {
  it("shows 24-hour Bangkok time, zero-padded", () => {
    expect(formatTime("2026-03-06T01:02:03Z")).toBe("08:02:03");
    expect(formatTime("2026-03-06T13:59:59Z")).toBe("20:59:59");
  });
});

describe("formatThaiDateTime", () => {
  it("shows dd/mm/yyyy hh:mm:ss with the Buddhist-era year", () => {
    expect(formatThaiDateTime("2026-03-06T01:02:03Z")).toBe("06/03/2569 08:02:03");
  });
});

describe("Bangkok midnight boundaries", () => {
  it("changes day at 17:00 UTC", () => {
    expect(bangkokDateKey("2026-03-05T16:59:59.999Z")).toBe("2026-03-05");
    expect(formatTime("2026-03-05T16:59:59.999Z")).toBe("23:59:59");
    expect(bangkokDateKey("2026-03-05T17:00:00Z")).toBe("2026-03-06");
    expect(formatTime("2026-03-05T17:00:00Z")).toBe("00:00:00");
    expect(formatThaiDateTime("2026-03-05T17:00:00Z")).toBe("06/03/2569 00:00:00");
  });

  it("handles 29 February in a leap year", () => {
    expect(formatThaiDate("2028-02-28T17:00:00Z")).toBe("29 กุมภาพันธ์ 2571");
  });
});

describe("properties", () => {
  const instants = fc.date({
    min: new Date("1970-01-01T00:00:00Z"),
    max: new Date("2100-12-31T23:59:59Z"),
    noInvalidDate: true,
  });

  it("the Buddhist-era year is always the Bangkok Gregorian year + 543", () => {
    fc.assert(
      fc.property(instants, (d) => {
        const gregorian = Number(bangkokDateKey(d).slice(0, 4));
        const thaiYear = Number(formatThaiDate(d).split(" ")[2]);
        const dateTimeYear = Number(formatThaiDateTime(d).slice(6, 10));
        expect(thaiYear).toBe(gregorian + 543);
        expect(dateTimeYear).toBe(gregorian + 543);
      }),
    );
  });

  it("agrees with the Asia/Bangkok time-zone database", () => {
    const dateFmt = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Bangkok",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    const timeFmt = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Bangkok",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    fc.assert(
      fc.property(instants, (d) => {
        expect(bangkokDateKey(d)).toBe(dateFmt.format(d));
        expect(formatTime(d)).toBe(timeFmt.format(d));
      }),
    );
  });
});

describe("formatThaiAge", () => {
  const now = "2026-03-06T12:00:00+07:00";
  it("counts whole minutes, then hours, then days", () => {
    expect(formatThaiAge("2026-03-06T11:59:30+07:00", now)).toBe("เมื่อสักครู่");
    expect(formatThaiAge("2026-03-06T11:57:00+07:00", now)).toBe("3 นาทีที่แล้ว");
    expect(formatThaiAge("2026-03-06T11:00:01+07:00", now)).toBe("59 นาทีที่แล้ว");
    expect(formatThaiAge("2026-03-06T09:00:00+07:00", now)).toBe("3 ชั่วโมงที่แล้ว");
    expect(formatThaiAge("2026-03-04T11:00:00+07:00", now)).toBe("2 วันที่แล้ว");
  });
  it("reads a time ahead of the clock as just now, and refuses a broken date", () => {
    expect(formatThaiAge("2026-03-06T12:05:00+07:00", now)).toBe("เมื่อสักครู่");
    expect(() => formatThaiAge("not a date", now)).toThrow(RangeError);
  });
});

describe("parseClientDateTime", () => {
  const iso = (text: string) => parseClientDateTime(text)?.toISOString() ?? null;

  it("reads YYYY-MM-DD HH:mm with or without seconds as Bangkok time when there is no offset", () => {
    expect(iso("2026-11-23 10:05")).toBe("2026-11-23T03:05:00.000Z");
    expect(iso("2026-11-23 10:05:09")).toBe("2026-11-23T03:05:09.000Z");
    expect(iso("2026-11-23T10:05")).toBe("2026-11-23T03:05:00.000Z");
    expect(iso("2026-11-23T10:05:09.5")).toBe("2026-11-23T03:05:09.500Z");
    expect(iso(" 2026-11-24 00:30 ")).toBe("2026-11-23T17:30:00.000Z");
  });

  it("keeps an offset when one is given", () => {
    expect(iso("2026-11-23T03:05:00Z")).toBe("2026-11-23T03:05:00.000Z");
    expect(iso("2026-11-23T03:05:00.123456Z")).toBe("2026-11-23T03:05:00.123Z");
    expect(iso("2026-11-23T10:05:00+07:00")).toBe("2026-11-23T03:05:00.000Z");
    expect(iso("2026-11-23 10:05+0700")).toBe("2026-11-23T03:05:00.000Z");
    expect(iso("2026-11-23 10:05 +07")).toBe("2026-11-23T03:05:00.000Z");
    expect(iso("2026-11-22T22:05:00-05:00")).toBe("2026-11-23T03:05:00.000Z");
  });

  it("refuses other shapes and impossible days or times", () => {
    for (const bad of [
      "",
      "2026-11-23",
      "23/11/2026 10:05",
      "2026-11-23 10",
      "2026-02-30 10:00",
      "2026-04-31 10:00",
      "2026-13-01 10:00",
      "2026-11-23 24:00",
      "2026-11-23 10:60",
      "2026-11-23 10:05:60",
      "2026-11-23 10:05+15:00",
      "tomorrow",
    ]) {
      expect(parseClientDateTime(bad), bad).toBeNull();
    }
  });

  it("agrees with Date.parse on every ISO string with an offset", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true }), (d) => {
        expect(parseClientDateTime(d.toISOString())?.getTime()).toBe(d.getTime());
      }),
    );
  });
});

describe("parseClientDate", () => {
  it("reads ISO and dd/mm/yyyy in the Buddhist era as the same day", () => {
    expect(parseClientDate("2026-11-16")).toBe("2026-11-16");
    expect(parseClientDate("16/11/2569")).toBe("2026-11-16");
    expect(parseClientDate(" 1/2/2570 ")).toBe("2027-02-01");
    expect(parseClientDate("29/02/2567")).toBe("2024-02-29");
  });

  it("refuses impossible days, Gregorian years written the Thai way and other forms", () => {
    for (const text of [
      "31/02/2569",
      "29/02/2569",
      "16/11/2026",
      "16/13/2569",
      "00/11/2569",
      "2026-02-30",
      "16-11-2569",
      "2026/11/16",
      "",
      "abc",
    ]) {
      expect(parseClientDate(text), text).toBeNull();
    }
  });
});

describe("formatThaiShortDate", () => {
  it("writes the Bangkok date with the short month and the era's last two digits", () => {
    expect(formatThaiShortDate("2026-11-29T09:25:00+07:00")).toBe("29 พ.ย. 69");
    // 23:30 UTC on the 31st is already 1 January in Bangkok.
    expect(formatThaiShortDate("2026-12-31T23:30:00Z")).toBe("1 ม.ค. 70");
  });
});
