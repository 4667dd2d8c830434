import { Alert, Anchor, Badge, Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { BET_TYPE_LABELS, BET_TYPES } from "../../../domain/bet-types";
import { formatFigure } from "../../../domain/money";
import { formatThaiDateTime } from "../../../domain/thai-date";
import { PageTitle } from "../../components/page-title";
import { useLottoList } from "../../lib/calls/lotto-list";
import { betPagePath, roundIdParam } from "../../lib/paths";
import { closedNumbersQuery } from "./api/closed-numbers";
import { LotterySelect } from "./lottery-select";

/**
 * /closedNumbersPage (docs/decisions/050): the restricted numbers (เลขอั้น) of a lottery's round, by bet
 * type: the closed ones and the lower-priced ones with their rate. The round is the one in the address
 * (`activity`, from the bet page), else the lottery's next round.
 */
export function ClosedNumbersPage() {
  const list = useLottoList();
  const [params] = useSearchParams();
  const items = list.data ?? [];
  const chosen = items.find((i) => i.configID === params.get("lotto")) ?? items[0] ?? null;
  const roundId = roundIdParam(params.get("activity")) ?? chosen?.nextRound?.activityid ?? null;
  const prices = useQuery({ ...closedNumbersQuery(roundId), enabled: roundId !== null });
  const entries = prices.data?.new_digit_price ?? [];
  const byType = BET_TYPES.map((t) => ({
    betType: t,
    closed: entries.filter((p) => p.award_type === t && p.new_price === 0),
    priced: entries.filter((p) => p.award_type === t && p.new_price > 0),
  })).filter((g) => g.closed.length + g.priced.length > 0);
  const round = chosen?.nextRound?.activityid === roundId ? chosen?.nextRound : null;
  return (
    <Stack gap="sm">
      <PageTitle>เลขอั้น</PageTitle>
      <LotterySelect items={items} value={chosen?.configID ?? null} testId="closed-lottery" />
      <Text size="sm" c="gray.7">
        เลขปิดรับแทงไม่ได้ · เลขจ่ายลดจ่ายตามอัตราที่แสดง (อัตราถูกกำหนดตอนส่งโพย)
        {round ? ` · งวดปิดรับ ${formatThaiDateTime(round.timestop)}` : ""}
      </Text>
      {list.isPending && <Skeleton h={120} radius="md" />}
      {chosen && roundId === null && <Alert color="gray">หวยนี้ยังไม่มีงวดที่เปิดรับแทง</Alert>}
      {prices.error && <Alert color="red">{prices.error.message}</Alert>}
      {prices.isSuccess && entries.length === 0 && (
        <Alert color="teal" data-testid="closed-none">
          งวดนี้ไม่มีเลขอั้น
        </Alert>
      )}
      {byType.map((g) => (
        <Card key={g.betType} withBorder radius="md" padding="sm" data-testid="closed-group" data-bet-type={g.betType}>
          <Text fw={600} mb={6}>
            {BET_TYPE_LABELS[g.betType]}
          </Text>
          {g.closed.length > 0 && (
            <Stack gap={4} mb={g.priced.length > 0 ? 8 : 0}>
              <Text size="sm" c="red.8">
                ปิดรับ {g.closed.length} เลข
              </Text>
              <Group gap={4} data-testid="closed-list">
                {g.closed.map((p) => (
                  <Badge key={p.id} color="red" variant="light" radius="sm" size="lg" data-testid="closed-number">
                    {p.number}
                  </Badge>
                ))}
              </Group>
            </Stack>
          )}
          {g.priced.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" c="orange.9">
                จ่ายลด {g.priced.length} เลข
              </Text>
              <Group gap={4} data-testid="priced-list">
                {g.priced.map((p) => (
                  <Badge key={p.id} color="orange" variant="light" radius="sm" size="lg" data-testid="priced-number">
                    {p.number} ×{formatFigure(p.new_price)}
                  </Badge>
                ))}
              </Group>
            </Stack>
          )}
        </Card>
      ))}
      {chosen && roundId !== null && (
        <Anchor component={Link} to={betPagePath(chosen.configID, roundId)} data-testid="closed-to-bet">
          ไปแทงงวดนี้
        </Anchor>
      )}
    </Stack>
  );
}
