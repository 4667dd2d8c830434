// Round schedules in Asia/Bangkok. Bangkok has been a fixed UTC+7 with no daylight saving since
// 1920, so a constant offset is exact and independent of the machine's time zone or Intl data.
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const MINUTES_PER_DAY = 24 * 60;
const MAX_OPEN_BEFORE_MINUTES = MINUTES_PER_DAY * 40;

export type HourMinute = string; // "HH:mm", 24-hour

export type Schedule =
  | {
      type: "interval";
      firstClose: HourMinute;
      everyMinutes: number;
      count: number;
      resultAfterMinutes: number;
    }
  | {
      type: "weekly";
      close: HourMinute;
      result: HourMinute;
      weekdays: readonly number[];
      openBeforeMinutes: number;
    }
  | {
      type: "monthly";
      days: readonly number[];
      close: HourMinute;
      result: HourMinute;
      openBeforeMinutes: number;
    };

export interface PlannedRound {
  roundNo: number;
  drawDate: string; // "YYYY-MM-DD", the Bangkok business date the round belongs to
  openAt: Date;
  closeAt: Date;
  resultAt: Date;
}

const HOUR_MINUTE = /^([01]\d|2[0-3]):([0-5]\d)$/;

// Minutes after midnight, or null when the text is not a valid 24-hour "HH:mm".
export function parseHourMinute(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const m = HOUR_MINUTE.exec(text);
  if (!m) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

// Days since 1970-01-01 counted on the Bangkok calendar; working in whole day numbers avoids any
// reliance on the host's local time zone.
function bangkokDayNumber(at: Date): number {
  return Math.floor((at.getTime() + BANGKOK_OFFSET_MS) / DAY_MS);
}

function dayStartMs(dayNumber: number): number {
  return dayNumber * DAY_MS - BANGKOK_OFFSET_MS;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function dayKey(dayNumber: number): string {
  const d = new Date(dayNumber * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function assertValidDate(d: Date, name: string): void {
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) {
    throw new RangeError(`${name} is not a valid date`);
  }
}

// The Bangkok calendar date ("YYYY-MM-DD") of an instant. Interval rounds that close after
// midnight still carry the previous date as drawDate; that comes from plannedRounds, not here.
export function bangkokBusinessDate(at: Date): string {
  assertValidDate(at, "at");
  return dayKey(bangkokDayNumber(at));
}

// 0 = Sunday … 6 = Saturday, on the Bangkok calendar (1970-01-01 was a Thursday).
export function bangkokWeekday(at: Date): number {
  assertValidDate(at, "at");
  return (((bangkokDayNumber(at) + 4) % 7) + 7) % 7;
}

// The instant at which a Bangkok wall-clock time occurs on a "YYYY-MM-DD" date.
export function bangkokTime(date: string, time: HourMinute): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const minutes = parseHourMinute(time);
  if (!m || minutes === null) {
    throw new RangeError(`Invalid Bangkok date or time: ${JSON.stringify(date)} ${JSON.stringify(time)}`);
  }
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 onto 1900–1999.
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  const dayNumber = Math.floor(utc.getTime() / DAY_MS);
  // 2027-02-30 would roll over into March; refuse it rather than silently moving the round.
  if (dayKey(dayNumber) !== date) throw new RangeError(`Invalid Bangkok date: ${date}`);
  return new Date(dayStartMs(dayNumber) + minutes * MINUTE_MS);
}

function isIntegerIn(x: unknown, min: number, max: number): x is number {
  return typeof x === "number" && Number.isInteger(x) && x >= min && x <= max;
}

function checkTime(x: unknown, label: string): string | null {
  return parseHourMinute(x) === null ? `เวลา${label}ต้องอยู่ในรูปแบบ ชช:นน (00:00–23:59)` : null;
}

function checkOpenBefore(x: unknown): string | null {
  return isIntegerIn(x, 1, MAX_OPEN_BEFORE_MINUTES) ? null : `เวลาเปิดรับก่อนปิดรับต้องเป็นจำนวนเต็ม 1–${MAX_OPEN_BEFORE_MINUTES} นาที`;
}

function checkDayList(x: unknown, min: number, max: number, messages: { empty: string; range: string; duplicate: string }): string | null {
  if (!Array.isArray(x) || x.length === 0) return messages.empty;
  if (!x.every((v) => isIntegerIn(v, min, max))) return messages.range;
  if (new Set(x).size !== x.length) return messages.duplicate;
  return null;
}

// Admins edit schedules, so everything is checked here before plannedRounds relies on it
// (an everyMinutes of 0 would otherwise never finish).
export function validateSchedule(schedule: unknown): string | null {
  if (typeof schedule !== "object" || schedule === null || Array.isArray(schedule)) {
    return "รูปแบบตารางงวดไม่ถูกต้อง";
  }
  const s = schedule as Record<string, unknown>;
  switch (s.type) {
    case "interval": {
      const timeError = checkTime(s.firstClose, "ปิดรับงวดแรก");
      if (timeError) return timeError;
      if (!isIntegerIn(s.everyMinutes, 1, MINUTES_PER_DAY)) {
        return "ระยะห่างระหว่างงวดต้องเป็นจำนวนเต็ม 1–1440 นาที";
      }
      if (!isIntegerIn(s.count, 1, Number.MAX_SAFE_INTEGER)) {
        return "จำนวนงวดต่อวันต้องเป็นจำนวนเต็มอย่างน้อย 1";
      }
      // More than a day's worth would make one business date's rounds overlap the next one's.
      if (s.count * s.everyMinutes > MINUTES_PER_DAY) {
        return "จำนวนงวดคูณระยะห่างระหว่างงวดต้องไม่เกิน 1440 นาที (หนึ่งวัน)";
      }
      if (!isIntegerIn(s.resultAfterMinutes, 0, MINUTES_PER_DAY)) {
        return "เวลาออกผลหลังปิดรับต้องเป็นจำนวนเต็ม 0–1440 นาที";
      }
      return null;
    }
    case "weekly":
      return (
        checkTime(s.close, "ปิดรับ") ??
        checkTime(s.result, "ออกผล") ??
        checkDayList(s.weekdays, 0, 6, {
          empty: "ต้องเลือกวันในสัปดาห์อย่างน้อยหนึ่งวัน",
          range: "วันในสัปดาห์ต้องเป็นเลข 0–6 (อาทิตย์–เสาร์)",
          duplicate: "วันในสัปดาห์ต้องไม่ซ้ำกัน",
        }) ??
        checkOpenBefore(s.openBeforeMinutes)
      );
    case "monthly":
      return (
        checkDayList(s.days, 1, 31, {
          empty: "ต้องระบุวันที่ของเดือนอย่างน้อยหนึ่งวัน",
          range: "วันที่ของเดือนต้องเป็นเลข 1–31",
          duplicate: "วันที่ของเดือนต้องไม่ซ้ำกัน",
        }) ??
        checkTime(s.close, "ปิดรับ") ??
        checkTime(s.result, "ออกผล") ??
        checkOpenBefore(s.openBeforeMinutes)
      );
    default:
      return "ประเภทตารางงวดต้องเป็น interval, weekly หรือ monthly";
  }
}

// Rounds of one business date, in closing order.
function roundsOfDay(schedule: Schedule, dayNumber: number): PlannedRound[] {
  const start = dayStartMs(dayNumber);
  const drawDate = dayKey(dayNumber);
  if (schedule.type === "interval") {
    const first = start + (parseHourMinute(schedule.firstClose) ?? 0) * MINUTE_MS;
    const every = schedule.everyMinutes * MINUTE_MS;
    const rounds: PlannedRound[] = [];
    for (let i = 1; i <= schedule.count; i++) {
      const close = first + (i - 1) * every;
      rounds.push({
        roundNo: i,
        drawDate,
        openAt: new Date(close - every),
        closeAt: new Date(close),
        resultAt: new Date(close + schedule.resultAfterMinutes * MINUTE_MS),
      });
    }
    return rounds;
  }
  const calendarDay = new Date(dayNumber * DAY_MS);
  const runs =
    schedule.type === "weekly"
      ? schedule.weekdays.includes(calendarDay.getUTCDay())
      : // Listing only days that exist this month follows from walking real dates: a 31 never
        // matches in a 30-day month. Real draws moved for holidays are adjusted by admins.
        schedule.days.includes(calendarDay.getUTCDate());
  if (!runs) return [];
  const closeMin = parseHourMinute(schedule.close) ?? 0;
  const resultMin = parseHourMinute(schedule.result) ?? 0;
  const close = start + closeMin * MINUTE_MS;
  // A result time at or before the close time (close 23:50, result 00:30) is on the next day.
  const result = start + (resultMin <= closeMin ? resultMin + MINUTES_PER_DAY : resultMin) * MINUTE_MS;
  return [
    {
      roundNo: 1,
      drawDate,
      openAt: new Date(close - schedule.openBeforeMinutes * MINUTE_MS),
      closeAt: new Date(close),
      resultAt: new Date(result),
    },
  ];
}

// Every round whose closeAt lies in [from, to), sorted by closeAt.
export function plannedRounds(schedule: Schedule, from: Date, to: Date): PlannedRound[] {
  assertValidDate(from, "from");
  assertValidDate(to, "to");
  const problem = validateSchedule(schedule);
  if (problem !== null) throw new RangeError(problem);
  const fromMs = from.getTime();
  const toMs = to.getTime();
  if (toMs <= fromMs) return [];
  const rounds: PlannedRound[] = [];
  // An interval business date's rounds can close up to (but not including) two days after its
  // midnight, so the date before `from` may still own rounds inside the span.
  const lastDay = bangkokDayNumber(new Date(toMs));
  for (let day = bangkokDayNumber(from) - 1; day <= lastDay; day++) {
    for (const round of roundsOfDay(schedule, day)) {
      const close = round.closeAt.getTime();
      if (close >= fromMs && close < toMs) rounds.push(round);
    }
  }
  // Business dates are walked in order and each day's rounds fall inside one day-long window, so
  // this sort only guards the invariant; it is stable for equal instants.
  return rounds.sort((a, b) => a.closeAt.getTime() - b.closeAt.getTime());
}

/** How far ahead nextOpening looks: past the longest gap between draws (a monthly lottery's). */
const NEXT_OPENING_HORIZON_MS = 62 * MINUTES_PER_DAY * MINUTE_MS;

/**
 * When the schedule's next round opens after `now`, or null if none does within two months: what a page shows
 * for a lottery with no round yet (a stock lottery from Friday's close until its Monday round is planned).
 */
export function nextOpening(schedule: Schedule, now: Date): Date | null {
  const later = plannedRounds(schedule, now, new Date(now.getTime() + NEXT_OPENING_HORIZON_MS)).find(
    (r) => r.openAt.getTime() > now.getTime(),
  );
  return later?.openAt ?? null;
}
