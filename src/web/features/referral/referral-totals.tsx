import { Card, Table, Text } from "@mantine/core";
import { baht, formatMoney } from "../../../domain/money";

interface Totals {
  today: number;
  month: number;
  all: number;
}

const TABULAR = { fontVariantNumeric: "tabular-nums" } as const;

const PERIODS: Array<[keyof Totals, string]> = [
  ["today", "วันนี้"],
  ["month", "เดือนนี้"],
  ["all", "ทั้งหมด"],
];

/** Friends' eligible stake and the commission earned on it, today, this month and since the start. */
export function ReferralTotals({ stake, commission }: { stake: Totals; commission: Totals }) {
  return (
    <Card withBorder radius="lg" padding="sm">
      <Table verticalSpacing={4} horizontalSpacing={6} fz="sm" data-testid="referral-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">ยอดแทงของเพื่อน</Table.Th>
            <Table.Th ta="right">ค่าคอมที่ได้</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PERIODS.map(([key, label]) => (
            <Table.Tr key={key} data-testid={`referral-total-${key}`}>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={TABULAR}>
                {formatMoney(baht(stake[key]))}
              </Table.Td>
              <Table.Td ta="right" style={TABULAR} fw={600} c="teal.8">
                {formatMoney(baht(commission[key]))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={4}>
        หน่วย: บาท · นับเฉพาะงวดที่ออกผลแล้ว
      </Text>
    </Card>
  );
}
