import { Alert, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { BET_TYPE_LABELS, BET_TYPES } from "../../../domain/bet-types";
import { baht, formatFigure, formatMoney } from "../../../domain/money";
import { PageTitle } from "../../components/page-title";
import { useLottoList } from "../../lib/calls/lotto-list";
import { payRatesQuery } from "./api/pay-rates";
import { LotterySelect } from "./lottery-select";

/**
 * /payRatePage: what each bet type of a lottery pays for the player's tier, with the stake limits. The
 * rates come from the one authority the bet form reads (`/api/get-lotto-config-ByActivityID`, for the
 * lottery's next round or its latest); a restricted number (เลขอั้น) of a round may pay less.
 */
export function PayRatePage() {
  const list = useLottoList();
  const [params] = useSearchParams();
  const items = list.data ?? [];
  const chosen = items.find((i) => i.configID === params.get("lotto")) ?? items[0] ?? null;
  const roundId = chosen?.nextRound?.activityid ?? chosen?.latestResult?.activityid ?? null;
  const rates = useQuery({
    ...payRatesQuery(roundId),
    enabled: roundId !== null,
    meta: { blocking: true },
  });
  const rows = Object.values(rates.data?.configLotto ?? {}).sort((a, b) => BET_TYPES.indexOf(a.betType) - BET_TYPES.indexOf(b.betType));
  return (
    <Stack gap="sm">
      <PageTitle>อัตราจ่าย</PageTitle>
      <LotterySelect items={items} value={chosen?.configID ?? null} testId="rates-lottery" />
      <Text size="sm" c="gray.7">
        บาทละ: แทง 1 บาท ถูกได้เท่านี้ (ตามระดับสมาชิกของคุณ) · เลขอั้นของแต่ละงวดอาจจ่ายน้อยกว่านี้หรือปิดรับ
      </Text>
      {list.isPending && <Skeleton h={200} radius="md" />}
      {chosen && roundId === null && <Alert color="gray">หวยนี้ยังไม่มีงวด จึงยังไม่มีอัตราจ่ายให้ดู</Alert>}
      {rates.error && <Alert color="red">{rates.error.message}</Alert>}
      {rows.length > 0 && (
        <Table striped withTableBorder data-testid="rates-table" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ประเภท</Table.Th>
              <Table.Th ta="right">บาทละ</Table.Th>
              <Table.Th ta="right">แทงต่ำสุด-สูงสุด</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.betType} data-testid="rate-row" data-bet-type={r.betType}>
                <Table.Td>
                  {BET_TYPE_LABELS[r.betType]}
                  {r.discountPercent > 0 && (
                    <Text span size="xs" c="teal.9">
                      {" "}
                      (ลด {r.discountPercent}%)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" fw={600} data-testid="rate-value">
                  {formatFigure(r.rate)}
                </Table.Td>
                <Table.Td ta="right">
                  {formatMoney(baht(r.minStake))}-{formatMoney(baht(r.maxStake))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
