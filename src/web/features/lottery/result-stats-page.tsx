import { Alert, Badge, Card, Group, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { RESULT_HISTORY_DRAWS } from "../../../contract/account";
import { missingTwoDigits, twoDigitFrequency } from "../../../domain/result-stats";
import { EmptyState } from "../../components/empty-state";
import { PageTitle } from "../../components/page-title";
import { useLottoList } from "../../lib/calls/lotto-list";
import { resultHistoryQuery } from "./api/result-history";

const DRAW_CHOICES = RESULT_HISTORY_DRAWS.map((n) => ({ value: String(n), label: `${n} งวด` }));
const TOP_SHOWN = 20;

/** /resultStatsPage: a lottery's last 10/30/100 results and how often each two-digit number came out. */
export function ResultStatsPage() {
  const list = useLottoList();
  const [params, setParams] = useSearchParams();
  const items = list.data ?? [];
  const chosen = items.find((i) => i.configID === params.get("lotto")) ?? items[0] ?? null;
  const draws = DRAW_CHOICES.some((c) => c.value === params.get("draws")) ? params.get("draws")! : "10";
  const history = useQuery({
    ...resultHistoryQuery(chosen?.configID, draws),
    enabled: chosen !== null,
    meta: { blocking: true },
  });
  const counts = useMemo(() => twoDigitFrequency(history.data?.draws ?? []), [history.data]);
  const missing = missingTwoDigits(counts);
  const shownDraws = history.data?.draws ?? [];
  const set = (next: { lotto?: string; draws?: string }) =>
    setParams({ lotto: next.lotto ?? chosen?.configID ?? "", draws: next.draws ?? draws }, { replace: true });
  return (
    <Stack gap="sm">
      <PageTitle>สถิติผลรางวัล</PageTitle>
      <Select
        label="หวย"
        data={items.map((i) => ({ value: i.configID, label: i.name }))}
        value={chosen?.configID ?? null}
        onChange={(v) => v && set({ lotto: v })}
        allowDeselect={false}
        searchable
        data-testid="stats-lottery"
      />
      <SegmentedControl value={draws} onChange={(v) => set({ draws: v })} data={DRAW_CHOICES} fullWidth data-testid="stats-draws" />
      {list.isPending && <Skeleton h={200} radius="md" />}
      {history.error && <Alert color="red">{history.error.message}</Alert>}
      {history.data && shownDraws.length === 0 && <EmptyState title="ยังไม่มีผลรางวัลของหวยนี้" />}
      {shownDraws.length > 0 && (
        <>
          <Title order={4} size="h5">
            เลขสองตัวที่ออกบ่อย ({shownDraws.length} งวดล่าสุด)
          </Title>
          <Text size="sm" c="gray.7">
            นับทั้งสองตัวบน (สองหลักท้ายของสามตัวบน) และสองตัวล่าง · ผลที่ผ่านมาไม่ได้บอกผลงวดหน้า ทุกเลขมีโอกาสออกเท่ากันทุกงวด
          </Text>
          <SimpleGrid cols={4} spacing={6} data-testid="stats-frequency">
            {counts.slice(0, TOP_SHOWN).map((c) => (
              <Card
                key={c.number}
                withBorder
                radius="md"
                padding={6}
                ta="center"
                data-testid="stats-number"
                data-number={c.number}
                data-total={c.total}
              >
                <Text fw={700} fz="lg" className="award-number">
                  {c.number}
                </Text>
                <Text size="xs" c="gray.7">
                  {c.total} ครั้ง
                </Text>
                <Text size="xs" c="gray.7">
                  บน {c.top} · ล่าง {c.bottom}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Text size="sm" data-testid="stats-missing">
            ยังไม่ออกเลย {missing.length} เลข{missing.length > 0 && missing.length <= 30 ? `: ${missing.join(" ")}` : ""}
          </Text>
          <Title order={4} size="h5">
            ผลย้อนหลัง
          </Title>
          <Table striped withTableBorder fz="sm" data-testid="stats-draw-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>งวด</Table.Th>
                <Table.Th ta="center">สามตัวบน</Table.Th>
                <Table.Th ta="center">สองตัวล่าง</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shownDraws.map((d) => (
                <Table.Tr key={d.activityid} data-testid="stats-draw">
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {d.date_th}
                      {chosen?.category === "yeekee" && (
                        <Badge size="xs" variant="light">
                          รอบ {d.round_no}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="center" className="award-number" fw={600}>
                    {d.top3}
                  </Table.Td>
                  <Table.Td ta="center" className="award-number" fw={600}>
                    {d.bottom2}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
