import { Alert, Badge, Button, Card, Checkbox, Group, NumberInput, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BET_TYPE_LABELS, BET_TYPES, type BetType } from "../../../domain/bet-types";
import { formatFigure } from "../../../domain/money";
import { bangkokDateKey, formatTime } from "../../../domain/thai-date";
import { roundTitle } from "./results-entry";
import { adminAddDigitPrice, afterAddDigitPrice } from "./api/admin-add-digit-price";
import { adminLotteriesQuery } from "./api/admin-lotteries";
import { priceHistoryQuery } from "./api/admin-read-new-digit-price";
import { adminRoundsQuery } from "./api/admin-rounds";
import { latestPricesQuery } from "./api/read-new-digit-price-add-last-time";

/** The restricted numbers of one round: what is in force, the history, and a form to add one. */
function RoundPrices({ activityId }: { activityId: number }) {
  const queryClient = useQueryClient();
  const [betType, setBetType] = useState<BetType>("TwoDigit");
  const [number, setNumber] = useState("");
  const [price, setPrice] = useState<number | string>("");
  const [closed, setClosed] = useState(false);
  const current = useQuery(latestPricesQuery(activityId));
  const history = useQuery(priceHistoryQuery(activityId));
  const add = useMutation({
    mutationFn: () =>
      adminAddDigitPrice({
        activity_id: activityId,
        award_type: betType,
        number,
        // An empty price is sent as it is, so the server's Thai message says what is missing.
        new_price: closed ? 0 : price === "" ? (undefined as unknown as number) : Number(price),
      }),
    onSuccess: () => {
      setNumber("");
      setPrice("");
      setClosed(false);
      void afterAddDigitPrice(queryClient, activityId);
    },
  });
  const inForce = current.data?.new_digit_price ?? [];
  return (
    <Stack gap="xs">
      <Card withBorder radius="md" padding="xs">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            เพิ่มเลขอั้น
          </Text>
          <Select
            label="ประเภท"
            data={BET_TYPES.map((t) => ({ value: t, label: BET_TYPE_LABELS[t] }))}
            value={betType}
            onChange={(v) => v && setBetType(v as BetType)}
            allowDeselect={false}
            name="digit-bet-type"
          />
          <Group grow align="flex-end">
            <TextInput
              label="เลข"
              inputMode="numeric"
              value={number}
              onChange={(e) => setNumber(e.currentTarget.value)}
              name="digit-number"
            />
            <NumberInput
              label="อัตราจ่ายใหม่ (เท่า)"
              value={closed ? "" : price}
              onChange={setPrice}
              disabled={closed}
              decimalScale={2}
              hideControls
              name="digit-price"
            />
          </Group>
          <Checkbox label="ปิดรับเลขนี้ (ไม่รับแทง)" checked={closed} onChange={(e) => setClosed(e.currentTarget.checked)} name="digit-closed" />
          {add.error && (
            <Alert color="red" data-testid="digit-price-error">
              {add.error.message}
            </Alert>
          )}
          {add.isSuccess && (
            <Alert color="teal" data-testid="digit-price-saved">
              {add.data.message}
            </Alert>
          )}
          <Button onClick={() => add.mutate()} loading={add.isPending} data-testid="digit-price-save">
            บันทึกเลขอั้น
          </Button>
          <Text size="xs" c="dimmed">
            เลขอั้นมีผลกับโพยที่ส่งหลังบันทึกเท่านั้น ยกเลิกเลขอั้นไม่ได้ ให้ตั้งอัตราจ่ายใหม่แทน (โพยที่ส่งแล้วใช้อัตราเดิม)
          </Text>
        </Stack>
      </Card>
      <Text fw={600} size="sm">
        เลขอั้นที่ใช้อยู่ ({inForce.length})
      </Text>
      {inForce.length === 0 && (
        <Text size="sm" c="dimmed">
          งวดนี้ยังไม่มีเลขอั้น
        </Text>
      )}
      {inForce.length > 0 && (
        <Table fz="sm" data-testid="digit-prices">
          <Table.Tbody>
            {inForce.map((p) => (
              <Table.Tr key={p.id} data-testid="digit-price-row">
                <Table.Td>{BET_TYPE_LABELS[p.award_type]}</Table.Td>
                <Table.Td fw={700}>{p.number}</Table.Td>
                <Table.Td ta="right">{p.new_price === 0 ? <Badge color="red">ปิดรับ</Badge> : `จ่าย ×${formatFigure(p.new_price)}`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {(history.data?.new_digit_price.length ?? 0) > inForce.length && (
        <Text size="xs" c="dimmed">
          ประวัติการตั้งทั้งหมด {history.data!.new_digit_price.length} ครั้ง
        </Text>
      )}
    </Stack>
  );
}

/** Restricted numbers (เลขอั้น) per round: a lower price or a closed number (`/api/admin/add-digit-price`). */
export function DigitPricesAdmin() {
  const [date, setDate] = useState(() => bangkokDateKey(Date.now()));
  const [configID, setConfigID] = useState<string | null>(null);
  const [activityId, setActivityId] = useState<string | null>(null);
  const catalogue = useQuery(adminLotteriesQuery);
  const rounds = useQuery({
    ...adminRoundsQuery(date, configID),
    enabled: configID !== null,
  });
  const open = (rounds.data?.activitylist ?? []).filter((r) => r.status === "open");
  const picked = open.find((r) => String(r.activityid) === activityId) ?? null;
  return (
    <Stack gap="xs">
      <Group grow align="flex-end">
        <TextInput type="date" label="วันที่งวด" value={date} onChange={(e) => setDate(e.currentTarget.value)} name="digit-date" />
        <Select
          label="หวย"
          placeholder="เลือกหวย"
          searchable
          data={(catalogue.data?.lotteries ?? []).map((l) => ({ value: l.id, label: l.name }))}
          value={configID}
          onChange={(v) => {
            setConfigID(v);
            setActivityId(null);
          }}
          name="digit-lottery"
        />
      </Group>
      {configID !== null && rounds.data && open.length === 0 && <Text c="dimmed">ไม่มีงวดที่เปิดรับแทงในวันที่นี้</Text>}
      {open.length > 0 && (
        <Select
          label="งวด"
          placeholder="เลือกงวด"
          data={open.map((r) => ({ value: String(r.activityid), label: `${roundTitle(r)} · ปิดรับ ${formatTime(r.timestop)}` }))}
          value={activityId}
          onChange={setActivityId}
          name="digit-round"
        />
      )}
      {picked && <RoundPrices key={picked.activityid} activityId={picked.activityid} />}
    </Stack>
  );
}
