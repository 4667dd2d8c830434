import { Card, Group, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { baht, formatCredit, formatMoney } from "../../../domain/money";
import { movementLabel } from "../../../domain/movements";
import { type PickedPlayer, PlayerPicker } from "./player-picker";
import { playerLogQuery } from "./api/admin-get-log";

export function PlayerLog() {
  const [player, setPlayer] = useState<PickedPlayer | null>(null);
  const [days, setDays] = useState("7");
  const log = useQuery({
    ...playerLogQuery(player?.uuid, days),
    enabled: !!player,
  });
  return (
    <Stack>
      <PlayerPicker onPick={setPlayer} />
      {player && (
        <Card withBorder radius="md">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>
              {log.data?.username ?? player.username} · {formatCredit(baht(log.data?.credit ?? player.credit))}
            </Text>
            <SegmentedControl
              size="xs"
              value={days}
              onChange={setDays}
              data={["1", "7", "30", "90"].map((d) => ({ value: d, label: `${d} วัน` }))}
            />
          </Group>
          <Table striped fz="xs" data-testid="money-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>เวลา</Table.Th>
                <Table.Th>รายการ</Table.Th>
                <Table.Th ta="right">จำนวน</Table.Th>
                <Table.Th ta="right">คงเหลือ</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data?.logArr.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.date_time}</Table.Td>
                  <Table.Td>
                    {movementLabel(l.kind)}
                    {l.note ? ` · ${l.note}` : ""}
                  </Table.Td>
                  <Table.Td ta="right" c={l.amount < 0 ? "red" : "green"}>
                    {formatMoney(baht(l.amount))}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(baht(l.balance_after))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}
