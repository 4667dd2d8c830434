export type DateInput = Date | number | string;

// Asia/Bangkok has been a fixed UTC+7 with no daylight saving since 1920, so a constant offset
// gives the same answer on every machine, whatever its own time zone or Intl data.
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
const BUDDHIST_ERA_OFFSET = 543;

export const THAI_MONTHS = [
  "มกราคม",
  "กุมภาพันธ์",
  "มีนาคม",
  "เมษายน",
  "พฤษภาคม",
  "มิถุนายน",
  "กรกฎาคม",
  "สิงหาคม",
  "กันยายน",
  "ตุลาคม",
  "พฤศจิกายน",
  "ธันวาคม",
] as const;

/** The months as Thai writes them short ("พ.ย."), where the full name does not fit (a phone's select). */
export const THAI_MONTHS_SHORT = ["ม.ค.", "ก.พ.", "มี.ค.", "เม.ย.", "พ.ค.", "มิ.ย.", "ก.ค.", "ส.ค.", "ก.ย.", "ต.ค.", "พ.ย.", "ธ.ค."] as const;

export function toBuddhistYear(gregorianYear: number): number {
  return gregorianYear + BUDDHIST_ERA_OFFSET;
}

interface BangkokParts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

function bangkokParts(d: DateInput): BangkokParts {
  const ms = d instanceof Date ? d.getTime() : typeof d === "number" ? d : Date.parse(d);
  if (!Number.isFinite(ms)) {
    throw new RangeError(`Invalid date: ${String(d)}`);
  }
  // Shifting the instant by the offset lets the UTC getters read Bangkok wall-clock fields.
  const shifted = new Date(ms + BANGKOK_OFFSET_MS);
  if (Number.isNaN(shifted.getTime())) {
    throw new RangeError(`Date out of range: ${String(d)}`);
  }
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
    seconds: shifted.getUTCSeconds(),
  };
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

export function formatThaiDate(d: DateInput): string {
  const { year, month, day } = bangkokParts(d);
  return `${day} ${THAI_MONTHS[month - 1]} ${toBuddhistYear(year)}`;
}

/** A date in few characters, for a narrow card: "30 พ.ย. 69". */
export function formatThaiShortDate(d: DateInput): string {
  const { year, month, day } = bangkokParts(d);
  return `${day} ${THAI_MONTHS_SHORT[month - 1]} ${pad(toBuddhistYear(year) % 100)}`;
}

export function formatTime(d: DateInput): string {
  const { hours, minutes, seconds } = bangkokParts(d);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

export function formatThaiDateTime(d: DateInput): string {
  const { year, month, day } = bangkokParts(d);
  return `${pad(day)}/${pad(month)}/${toBuddhistYear(year)} ${formatTime(d)}`;
}

export function bangkokDateKey(d: DateInput): string {
  const { year, month, day } = bangkokParts(d);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** A draw date ("YYYY-MM-DD", a Bangkok calendar day) in Thai; noon keeps it on that day in any zone. */
export function formatThaiDrawDate(dateKey: string): string {
  return formatThaiDate(`${dateKey}T12:00:00+07:00`);
}

/**
 * How long ago something happened, in Thai ("3 นาทีที่แล้ว"), counted to `now` (the server's time, passed
 * in): whole minutes, then hours, then days; a time in the future reads as just now.
 */
export function formatThaiAge(from: DateInput, now: DateInput): string {
  const ms = (d: DateInput) => (d instanceof Date ? d.getTime() : typeof d === "number" ? d : Date.parse(d));
  const elapsed = ms(now) - ms(from);
  if (!Number.isFinite(elapsed)) throw new RangeError(`Invalid dates: ${String(from)}, ${String(now)}`);
  const minutes = Math.floor(Math.max(0, elapsed) / 60_000);
  if (minutes < 1) return "เมื่อสักครู่";
  if (minutes < 60) return `${minutes} นาทีที่แล้ว`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ชั่วโมงที่แล้ว`;
  return `${Math.floor(hours / 24)} วันที่แล้ว`;
}

const CLIENT_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A date and time as a client writes it: `YYYY-MM-DD HH:mm`, with or without seconds (and a fraction),
 * `T` or a space between, and an optional offset (`Z`, `+07`, `+0700`, `+07:00`). Without an offset it is
 * Bangkok's wall clock, the only one a Thai player's bank slip shows. Null for anything else, an impossible
 * day (31 April) or time (24:00) included.
 */
export function parseClientDateTime(text: string): Date | null {
  const m = CLIENT_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hours, minutes, seconds] = m.slice(1, 7).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = Number((m[7] ?? "0").padEnd(3, "0").slice(0, 3));
  if (month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hours, minutes, seconds, millis);
  if (new Date(wall).getUTCDate() !== day) return null;
  const offset = m[8];
  let offsetMs = BANGKOK_OFFSET_MS;
  if (offset) {
    if (offset.toUpperCase() === "Z") offsetMs = 0;
    else {
      const digits = offset.slice(1).replace(":", "");
      const offsetHours = Number(digits.slice(0, 2));
      const offsetMinutes = Number(digits.slice(2) || 0);
      if (offsetHours > 14 || offsetMinutes > 59) return null;
      offsetMs = (offset[0] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
    }
  }
  return new Date(wall - offsetMs);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const THAI_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** The first Buddhist-era year read from dd/mm/yyyy (1857 CE): a smaller year there is a Gregorian one, refused. */
const FIRST_BUDDHIST_YEAR = 2400;

/**
 * A calendar day as a client writes it, as "YYYY-MM-DD": ISO (`2026-11-16`) or Thai `dd/mm/yyyy` in the
 * Buddhist era (`16/11/2569`), the form the specification's pages show. Null for anything else, an impossible
 * day (31/02) or a Gregorian year written the Thai way (16/11/2026) included.
 */
export function parseClientDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  const thai = iso ? null : THAI_DATE.exec(trimmed);
  let year: number, month: number, day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (thai && Number(thai[3]) >= FIRST_BUDDHIST_YEAR)
    [day, month, year] = [Number(thai[1]), Number(thai[2]), Number(thai[3]) - BUDDHIST_ERA_OFFSET];
  else return null;
  if (month < 1 || month > 12 || day < 1) return null;
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCDate() !== day || at.getUTCMonth() !== month - 1) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}
