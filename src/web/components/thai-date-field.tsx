import { Group, NativeSelect, Text } from "@mantine/core";
import { THAI_MONTHS, toBuddhistYear } from "../../domain/thai-date";

const pad = (n: number) => String(n).padStart(2, "0");
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A date as an operator reads it in Thai: day, month by name and the Buddhist-era year (2569), in three
 * selects a phone shows as its own wheels. The value is the ISO date key the API takes ("2026-11-28"); the
 * years offered run from `yearsBack` before to one after the value's (or today's) year.
 */
export function ThaiDateField({
  label,
  value,
  onChange,
  name,
  yearsBack = 5,
}: {
  label: string;
  value: string;
  onChange: (isoDate: string) => void;
  name?: string;
  yearsBack?: number;
}) {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const thisYear = new Date().getUTCFullYear();
  const years = Array.from({ length: yearsBack + 2 }, (_, i) => Math.max(y, thisYear) + 1 - i);
  const set = (year: number, month: number, day: number) => onChange(`${year}-${pad(month)}-${pad(Math.min(day, daysIn(year, month)))}`);
  return (
    <div role="group" aria-label={label} data-testid={name ? `date-${name}` : undefined} data-date={value}>
      <Text size="sm" fw={500} mb={4} aria-hidden="true">
        {label}
      </Text>
      <Group gap={6} wrap="nowrap">
        <NativeSelect
          aria-label={`${label}: วันที่`}
          name={name ? `${name}-day` : undefined}
          value={String(d)}
          onChange={(e) => set(y, m, Number(e.currentTarget.value))}
          data={Array.from({ length: daysIn(y, m) }, (_, i) => String(i + 1))}
          w={72}
        />
        <NativeSelect
          aria-label={`${label}: เดือน`}
          name={name ? `${name}-month` : undefined}
          value={String(m)}
          onChange={(e) => set(y, Number(e.currentTarget.value), d)}
          data={THAI_MONTHS.map((month, i) => ({ value: String(i + 1), label: month }))}
          style={{ flex: 1 }}
        />
        <NativeSelect
          aria-label={`${label}: ปี พ.ศ.`}
          name={name ? `${name}-year` : undefined}
          value={String(y)}
          onChange={(e) => set(Number(e.currentTarget.value), m, d)}
          data={years.map((year) => ({ value: String(year), label: String(toBuddhistYear(year)) }))}
          w={88}
        />
      </Group>
    </div>
  );
}
