import { Alert, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ReportFigures } from "../../../contract/back-office";
import { type CsvColumns, toCsv } from "../../../domain/csv";
import { baht, formatMoney } from "../../../domain/money";
import { bangkokDateKey, formatThaiDrawDate } from "../../../domain/thai-date";
import { downloadCsv } from "../../lib/download-csv";
import { adminReportQuery } from "./api/admin-report";
import { ThaiDateField } from "../../components/thai-date-field";

/** The report's figures with their Thai headings, in the order the table and the CSV show them. */
const FIGURES: ReadonlyArray<readonly [keyof ReportFigures, string]> = [
  ["stakes", "ยอดแทง"],
  ["payouts", "จ่ายรางวัล"],
  ["commission", "ค่าคอม"],
  ["bonuses", "โบนัส"],
  ["house", "ได้เสียเว็บ"],
  ["deposits", "ฝาก"],
  ["withdrawals", "ถอน"],
  ["adjustments", "ปรับเครดิต"],
  ["gameFees", "ค่าธรรมเนียมเกม"],
];

type CsvRow = ReportFigures & { day: string; lottery: string };
const CSV_COLUMNS: CsvColumns<CsvRow> = [["day", "วันที่"], ["lottery", "หวย"], ...FIGURES.map(([k, h]) => [k, `${h} (บาท)`] as const)];

const PRESETS = [
  { value: "1", label: "วันนี้" },
  { value: "7", label: "7 วัน" },
  { value: "30", label: "30 วัน" },
] as const;

function periodOf(days: number): { from: string; to: string } {
  const now = Date.now();
  return { from: bangkokDateKey(now - (days - 1) * 86_400_000), to: bangkokDateKey(now) };
}

/**
 * The back office's รายงาน tab: per Bangkok day and per lottery, what was staked, paid, earned in
 * commission and bonuses, deposited and withdrawn, and the house's result, summed on the server from the
 * ledger (so it agrees with ตรวจบัญชี); a CSV of the same rows.
 */
export function ReportsAdmin() {
  const [preset, setPreset] = useState<string>("7");
  const [period, setPeriod] = useState(() => periodOf(7));
  const [asked, setAsked] = useState(period);
  const report = useQuery(adminReportQuery(asked));

  const choosePreset = (value: string) => {
    setPreset(value);
    const next = periodOf(Number(value));
    setPeriod(next);
    setAsked(next);
  };

  const download = () => {
    if (!report.data) return;
    const rows: CsvRow[] = [
      ...report.data.days.map((d) => ({ ...d, lottery: "รวมทั้งวัน" })),
      ...report.data.lotteries.map((l) => ({ ...l, lottery: l.lotteryName })),
      { ...report.data.totals, day: `${report.data.from} ถึง ${report.data.to}`, lottery: "รวมทั้งช่วง" },
    ];
    downloadCsv(`report-${report.data.from}-${report.data.to}.csv`, toCsv(CSV_COLUMNS, rows));
  };

  return (
    <Stack>
      <Card withBorder radius="md">
        <Stack gap="xs">
          <SegmentedControl value={preset} onChange={choosePreset} data={[...PRESETS, { value: "custom", label: "กำหนดเอง" }]} />
          <Stack gap="xs">
            <ThaiDateField
              label="ตั้งแต่"
              name="report-from"
              value={period.from}
              onChange={(from) => (setPreset("custom"), setPeriod({ ...period, from }))}
            />
            <ThaiDateField
              label="ถึง"
              name="report-to"
              value={period.to}
              onChange={(to) => (setPreset("custom"), setPeriod({ ...period, to }))}
            />
          </Stack>
          <Group grow>
            <Button onClick={() => setAsked(period)} loading={report.isFetching} data-testid="report-show">
              แสดงรายงาน
            </Button>
            <Button variant="light" onClick={download} disabled={!report.data} data-testid="report-csv">
              ดาวน์โหลด CSV
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            ตามเวลาประเทศไทย คิดจากสมุดบัญชี: ยอดแทงหักโพยที่คืนแล้ว, รางวัลหักที่เรียกคืนจากการแก้ผล, ได้เสียเว็บ = ยอดแทง − รางวัล − ค่าคอม − โบนัส +
            ค่าธรรมเนียมเกม
          </Text>
        </Stack>
      </Card>
      {report.error && <Alert color="red">{report.error.message}</Alert>}
      {report.data && (
        <>
          <Card withBorder radius="md" data-testid="report-totals">
            <Text fw={600} mb="xs">
              รวม {formatThaiDrawDate(report.data.from)} – {formatThaiDrawDate(report.data.to)}
            </Text>
            <SimpleGrid cols={3} spacing={6}>
              {FIGURES.map(([k, h]) => (
                <Stack key={k} gap={0}>
                  <Text size="xs" c="dimmed">
                    {h}
                  </Text>
                  <Text
                    size="sm"
                    fw={600}
                    c={k === "house" ? (report.data.totals.house < 0 ? "red" : "teal") : undefined}
                    data-testid={`total-${k}`}
                  >
                    {formatMoney(baht(report.data.totals[k]))}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Card>
          <FigureTable
            title="รายวัน"
            testId="report-days"
            rows={report.data.days.map((d) => ({ key: d.day, label: formatThaiDrawDate(d.day), figures: d }))}
          />
          <FigureTable
            title="รายหวย"
            testId="report-lotteries"
            rows={report.data.lotteries.map((l) => ({
              key: `${l.day}-${l.lotteryId}`,
              label: `${formatThaiDrawDate(l.day)} ${l.lotteryName}`,
              figures: l,
            }))}
          />
        </>
      )}
    </Stack>
  );
}

function FigureTable({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: Array<{ key: string; label: string; figures: ReportFigures }>;
  testId: string;
}) {
  return (
    <Card withBorder radius="md">
      <Text fw={600} mb="xs">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed">ไม่มีรายการในช่วงนี้</Text>
      ) : (
        // Wide on a phone: it scrolls sideways, and a keyboard can scroll it too (it takes the focus).
        <div style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={title}>
          <Table striped fz="xs" data-testid={testId} style={{ whiteSpace: "nowrap" }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>วันที่</Table.Th>
                {FIGURES.map(([k, h]) => (
                  <Table.Th key={k} ta="right">
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>{r.label}</Table.Td>
                  {FIGURES.map(([k]) => (
                    <Table.Td key={k} ta="right" c={k === "house" && r.figures.house < 0 ? "red" : undefined}>
                      {formatMoney(baht(r.figures[k]))}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}
