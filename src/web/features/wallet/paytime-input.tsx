import { Button, Group, Input, NativeSelect, Stack, Text } from "@mantine/core";
import {
  bangkokDateKey,
  formatThaiDate,
  formatTime,
  parseClientDateTime,
  THAI_MONTHS_SHORT,
  toBuddhistYear,
} from "../../../domain/thai-date";

/**
 * A transfer time as Bangkok's wall clock, "YYYY-MM-DDTHH:mm" (the shape of a datetime-local value; the
 * time a Thai bank slip shows).
 */
export type BangkokWallClock = string;

/** The wall clock in Bangkok at `instant` (the page passes the server's time). */
export function bangkokWallClock(instant: number): BangkokWallClock {
  return `${bangkokDateKey(instant)}T${formatTime(instant).slice(0, 5)}`;
}

/** The instant a wall-clock value names, as the ISO text the deposit report sends (null if impossible). */
export function wallClockToIso(value: BangkokWallClock): string | null {
  return parseClientDateTime(value)?.toISOString() ?? null;
}

/** Each control is a tap target of at least 44 px ("small but visible", docs/decisions/030). */
const TAP = { size: "md", styles: { input: { minHeight: 44 } } } as const;

const pad = (n: number) => String(n).padStart(2, "0");
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The transfer time in Thai (docs/decisions/029): day, Thai month and Buddhist-era year, and a 24-hour time, as
 * the slip shows them, instead of the browser's datetime-local, which a phone set to English shows in
 * US format (month first, AM/PM). Native selects: on a phone each opens the system's wheel.
 */
export function PaytimeInput({ value, onChange, now }: { value: BangkokWallClock; onChange: (v: BangkokWallClock) => void; now: number }) {
  const [date, time] = value.split("T") as [string, string];
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const thisYear = Number(bangkokDateKey(now).slice(0, 4));

  const set = (parts: Partial<{ year: number; month: number; day: number; hours: number; minutes: number }>) => {
    const next = { year, month, day, hours, minutes, ...parts };
    next.day = Math.min(next.day, daysIn(next.year, next.month));
    onChange(`${next.year}-${pad(next.month)}-${pad(next.day)}T${pad(next.hours)}:${pad(next.minutes)}`);
  };
  const instant = parseClientDateTime(value);

  return (
    <Input.Wrapper label="เวลาที่โอน (ตามสลิป)" description="วัน เดือน ปี พ.ศ. และเวลาแบบ 24 ชั่วโมง">
      <Stack gap={6} mt={4} data-testid="paytime-input">
        <Group gap={6} wrap="nowrap" grow>
          <NativeSelect
            {...TAP}
            aria-label="วันที่"
            data-testid="paytime-day"
            value={String(day)}
            onChange={(e) => set({ day: Number(e.currentTarget.value) })}
            data={range(1, daysIn(year, month)).map((d) => String(d))}
            style={{ flex: "0 0 78px" }}
          />
          <NativeSelect
            {...TAP}
            aria-label="เดือน"
            data-testid="paytime-month"
            value={String(month)}
            onChange={(e) => set({ month: Number(e.currentTarget.value) })}
            data={THAI_MONTHS_SHORT.map((name, i) => ({ value: String(i + 1), label: name }))}
            style={{ flex: "1 1 auto" }}
          />
          <NativeSelect
            {...TAP}
            aria-label="ปี พ.ศ."
            data-testid="paytime-year"
            value={String(year)}
            onChange={(e) => set({ year: Number(e.currentTarget.value) })}
            data={[thisYear - 1, thisYear].map((y) => ({ value: String(y), label: String(toBuddhistYear(y)) }))}
            style={{ flex: "0 0 98px" }}
          />
        </Group>
        <Group gap={6} wrap="nowrap" align="center">
          <NativeSelect
            {...TAP}
            aria-label="ชั่วโมง"
            data-testid="paytime-hours"
            value={String(hours)}
            onChange={(e) => set({ hours: Number(e.currentTarget.value) })}
            data={range(0, 23).map((h) => ({ value: String(h), label: pad(h) }))}
            w={82}
          />
          <Text fw={600}>:</Text>
          <NativeSelect
            {...TAP}
            aria-label="นาที"
            data-testid="paytime-minutes"
            value={String(minutes)}
            onChange={(e) => set({ minutes: Number(e.currentTarget.value) })}
            data={range(0, 59).map((m) => ({ value: String(m), label: pad(m) }))}
            w={82}
          />
          <Text size="sm">น.</Text>
          <Button variant="subtle" size="sm" mih={44} ml="auto" onClick={() => onChange(bangkokWallClock(now))}>
            ตอนนี้
          </Button>
        </Group>
        <Text size="sm" c="dimmed" data-testid="paytime-text">
          {instant ? `${formatThaiDate(instant)} เวลา ${formatTime(instant).slice(0, 5)} น.` : "วันที่ไม่ถูกต้อง"}
        </Text>
      </Stack>
    </Input.Wrapper>
  );
}
