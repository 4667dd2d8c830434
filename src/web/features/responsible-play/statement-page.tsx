import { Accordion, Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import type { StatementRow } from "../../../domain/rg";
import { STATEMENT_COLUMNS, statementCsv } from "../../../domain/rg";
import { bangkokDateKey } from "../../../domain/thai-date";
import { EmptyState } from "../../components/empty-state";
import { PageTitle } from "../../components/page-title";
import { useServerNow } from "../../lib/server-clock";
import { useStatement } from "./api/statement";
import { baht, formatMoneyExact } from "../../../domain/money";
import { downloadCsv } from "../../lib/download-csv";
import { showPeriod } from "./show";

/** The money columns (all but the period) with their Thai headings, as the CSV has them. */
const VALUES = STATEMENT_COLUMNS.filter(([key]) => key !== "period") as ReadonlyArray<[Exclude<keyof StatementRow, "period">, string]>;
// Every column but points is baht (the API's figures).
const show = (key: keyof StatementRow, v: number) =>
  key === "points" ? v.toLocaleString("en-US", { maximumFractionDigits: 2 }) : formatMoneyExact(baht(v));

/** /statementPage: twelve months of the player's deposits, withdrawals, stakes, wins, commission and points, by month and day. */
export function StatementPage() {
  const statement = useStatement();
  const now = useServerNow(60_000);
  const [month, setMonth] = useState<string | null>(null);
  const months = [...(statement.data?.months ?? [])].sort((a, b) => b.period.localeCompare(a.period));
  const days = statement.data?.days ?? [];
  const download = () => {
    if (!statement.data) return;
    // Months first, then days: the period column ("YYYY-MM" or "YYYY-MM-DD") tells them apart.
    downloadCsv(`statement-${bangkokDateKey(now)}.csv`, statementCsv([...statement.data.months, ...statement.data.days]));
  };
  return (
    <Stack gap="sm">
      <PageTitle
        action={
          <Button size="xs" radius="xl" variant="light" onClick={download} disabled={!statement.data} data-testid="statement-csv">
            ดาวน์โหลด CSV
          </Button>
        }
      >
        รายการเดินบัญชี
      </PageTitle>
      <Text size="sm" c="dimmed">
        12 เดือนล่าสุด แตะเดือนเพื่อดูรายวัน (เวลาประเทศไทย)
      </Text>
      {statement.isError && <Alert color="red">{statement.error.message}</Alert>}
      {statement.isPending && <Skeleton h={200} radius="lg" />}
      {statement.data && months.length === 0 && <EmptyState title="ยังไม่มีรายการในช่วง 12 เดือน" />}
      <Accordion value={month} onChange={setMonth} variant="separated" radius="lg" chevronPosition="right">
        {months.map((m) => (
          <Accordion.Item key={m.period} value={m.period} data-testid="statement-month" data-period={m.period}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600}>{showPeriod(m.period)}</Text>
                <Text size="sm" c="dimmed">
                  แทง {show("stakes", m.stakes)} ฿
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <MonthTotals row={m} />
              {month === m.period && <MonthDays days={days.filter((d) => d.period.startsWith(`${m.period}-`))} />}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

function MonthTotals({ row }: { row: StatementRow }) {
  return (
    <SimpleGrid cols={3} spacing={6} verticalSpacing={6} data-testid="statement-totals">
      {VALUES.map(([key, heading]) => (
        <Paper key={key} withBorder radius="md" p={6}>
          <Text size="xs" c="dimmed" lh={1.2}>
            {heading}
          </Text>
          <Text size="sm" fw={600} style={{ fontVariantNumeric: "tabular-nums" }} data-testid={`statement-${key}`}>
            {show(key, row[key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The month's days with any movement, newest first; the table scrolls sideways on a phone. */
function MonthDays({ days }: { days: StatementRow[] }) {
  if (days.length === 0)
    return (
      <Text size="sm" c="dimmed" mt="xs">
        ไม่มีรายการรายวันในเดือนนี้
      </Text>
    );
  const sorted = [...days].sort((a, b) => b.period.localeCompare(a.period));
  return (
    <Table.ScrollContainer minWidth={520} mt="sm" type="native" tabIndex={0} role="region" aria-label="รายการเดินบัญชี">
      <Table fz="xs" striped horizontalSpacing={6} verticalSpacing={4} data-testid="statement-days">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>วันที่</Table.Th>
            {VALUES.map(([key, heading]) => (
              <Table.Th key={key} ta="right">
                {heading.replace(" (บาท)", "")}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((d) => (
            <Table.Tr key={d.period} data-testid="statement-day" data-period={d.period}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{Number(d.period.slice(8))}</Table.Td>
              {VALUES.map(([key]) => (
                <Table.Td key={key} ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                  {show(key, d[key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
