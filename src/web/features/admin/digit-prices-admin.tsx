import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { BodyOf } from "../../../contract/route";
import type { betting } from "../../../contract";
import { BET_TYPE_LABELS, BET_TYPES, betTypeDigits, type BetType } from "../../../domain/bet-types";
import { formatFigure } from "../../../domain/money";
import { restrictedList } from "../../../domain/restricted-numbers";
import { bangkokDateKey, formatTime } from "../../../domain/thai-date";
import { numbersPreview } from "../../lib/bet-lines";
import { roundTitle } from "./results-entry";
import { adminCopyDigitPrices } from "./api/admin-copy-digit-prices";
import { adminSaveDigitPriceList, afterDigitPricesChanged } from "./api/admin-digit-price-list";
import { adminLotteriesQuery } from "./api/admin-lotteries";
import { priceHistoryQuery } from "./api/admin-read-new-digit-price";
import { adminRoundsQuery } from "./api/admin-rounds";
import { latestPricesQuery } from "./api/read-new-digit-price-add-last-time";
import { ThaiDateField } from "../../components/thai-date-field";

type ListMode = BodyOf<typeof betting.adminSaveDigitPriceList>["mode"];

const MODES: Array<{ value: ListMode; label: string }> = [
  { value: "closed", label: "ปิดรับ" },
  { value: "price", label: "ลดราคา" },
  { value: "reopen", label: "เปิดรับคืน" },
];

const MODE_VERB: Record<ListMode, string> = { closed: "ปิดรับ", price: "ตั้งราคา", reopen: "เปิดรับคืน" };

/**
 * The restricted numbers of one round (docs/decisions/050): a pasted list of one bet type closed, given one
 * lower price or reopened, with a preview of what will be saved; the previous draw's list copied; what is in
 * force, each number reopenable or repriced.
 */
function RoundPrices({ activityId }: { activityId: number }) {
  const queryClient = useQueryClient();
  const [betType, setBetType] = useState<BetType>("TwoDigit");
  const [mode, setMode] = useState<ListMode>("closed");
  const [text, setText] = useState("");
  const [price, setPrice] = useState<number | string>("");
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const current = useQuery(latestPricesQuery(activityId));
  const history = useQuery(priceHistoryQuery(activityId));
  const done = (message: string) => {
    setNotice({ ok: true, text: message });
    void afterDigitPricesChanged(queryClient, activityId);
  };
  const failed = (e: Error) => setNotice({ ok: false, text: e.message });
  const save = useMutation({
    mutationFn: (body: BodyOf<typeof betting.adminSaveDigitPriceList>) => adminSaveDigitPriceList(body),
    onMutate: () => setNotice(null),
    onSuccess: (r, body) => {
      if (body.numbers === text) setText("");
      done(r.message);
    },
    onError: failed,
  });
  const copy = useMutation({
    mutationFn: () => adminCopyDigitPrices({ activity_id: activityId }),
    onMutate: () => setNotice(null),
    onSuccess: (r) => done(`คัดลอกจากงวดก่อน: ${r.message}`),
    onError: failed,
  });
  const list = restrictedList(text, betType);
  const n = list.numbers.length;
  const canSave = n > 0 && list.invalid.length === 0 && (mode !== "price" || price !== "");
  const inForce = current.data?.new_digit_price ?? [];
  const busy = save.isPending || copy.isPending;
  return (
    <Stack gap="xs">
      <Card withBorder radius="md" padding="xs">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            ตั้งเลขอั้น (วางได้ทีละหลายเลข)
          </Text>
          <Select
            label="ประเภท"
            data={BET_TYPES.map((t) => ({ value: t, label: BET_TYPE_LABELS[t] }))}
            value={betType}
            onChange={(v) => v && setBetType(v as BetType)}
            allowDeselect={false}
            name="digit-bet-type"
          />
          <SegmentedControl
            data={MODES}
            value={mode}
            onChange={(v) => setMode(v as ListMode)}
            fullWidth
            aria-label="ทำอะไรกับเลขเหล่านี้"
            data-testid="digit-mode"
          />
          {mode === "price" && (
            <NumberInput
              label="อัตราจ่ายเลขอั้น (เท่า)"
              description="ต่ำกว่าอัตราจ่ายปกติ ใช้ราคาเดียวกันทุกเลขในรายการ"
              value={price}
              onChange={setPrice}
              decimalScale={2}
              hideControls
              name="digit-price"
            />
          )}
          <Textarea
            label="รายการเลข"
            description={`เลข ${betTypeDigits(betType)} หลัก คั่นด้วยเว้นวรรค จุลภาค หรือขึ้นบรรทัดใหม่`}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={8}
            name="digit-numbers"
            data-testid="digit-numbers"
          />
          <Stack gap={2} data-testid="digit-preview" data-count={n} data-invalid={list.invalid.length} data-merged={list.merged.length}>
            <Text size="sm" fw={600}>
              {n > 0 ? `จะ${MODE_VERB[mode]} ${n} เลข: ${numbersPreview(list.numbers, 12)}` : "ยังไม่พบเลข"}
            </Text>
            {list.merged.length > 0 && (
              <Text size="xs" c="gray.7">
                เลขซ้ำรวมเป็นเลขเดียว: {numbersPreview(list.merged, 8)}
              </Text>
            )}
            {list.invalid.length > 0 && (
              <Text size="sm" c="red.8" data-testid="digit-invalid">
                ใช้ไม่ได้ (ไม่ใช่เลข {betTypeDigits(betType)} หลัก) {list.invalid.length} รายการ: {numbersPreview(list.invalid, 8)} — แก้ก่อนบันทึก
              </Text>
            )}
          </Stack>
          {notice && (
            <Alert color={notice.ok ? "teal" : "red"} data-testid={notice.ok ? "digit-price-saved" : "digit-price-error"}>
              {notice.text}
            </Alert>
          )}
          <Button
            onClick={() =>
              save.mutate({
                activity_id: activityId,
                award_type: betType,
                numbers: text,
                mode,
                ...(mode === "price" ? { new_price: Number(price) } : {}),
              })
            }
            disabled={!canSave || busy}
            loading={save.isPending}
            data-testid="digit-price-save"
          >
            {n > 0 ? `บันทึก ${n} เลข` : "บันทึกเลขอั้น"}
          </Button>
          <Button variant="light" onClick={() => copy.mutate()} disabled={busy} loading={copy.isPending} data-testid="digit-copy">
            คัดลอกเลขอั้นจากงวดก่อน
          </Button>
          <Text size="xs" c="dimmed">
            เลขอั้นมีผลกับโพยที่ส่งหลังบันทึกเท่านั้น โพยที่ส่งแล้วใช้อัตราเดิม
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
              <Table.Tr key={p.id} data-testid="digit-price-row" data-bet-type={p.award_type} data-number={p.number}>
                <Table.Td>{BET_TYPE_LABELS[p.award_type]}</Table.Td>
                <Table.Td fw={700}>{p.number}</Table.Td>
                <Table.Td ta="right">{p.new_price === 0 ? <Badge color="red">ปิดรับ</Badge> : `จ่าย ×${formatFigure(p.new_price)}`}</Table.Td>
                <Table.Td ta="right">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-label={`แก้ราคาเลข ${p.number}`}
                      onClick={() => {
                        setBetType(p.award_type);
                        setMode("price");
                        setText(p.number);
                      }}
                      data-testid="digit-edit"
                    >
                      แก้ราคา
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="teal"
                      aria-label={`เปิดรับเลข ${p.number}`}
                      disabled={busy}
                      onClick={() => save.mutate({ activity_id: activityId, award_type: p.award_type, numbers: p.number, mode: "reopen" })}
                      data-testid="digit-reopen"
                    >
                      เปิดรับ
                    </Button>
                  </Group>
                </Table.Td>
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

/** Restricted numbers (เลขอั้น) per round: closed or lower-priced numbers, as lists (`/api/admin/digit-price-list`). */
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
      {/* One column on a phone: beside the lottery the three date selects had no room for the month's name. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ alignItems: "end" }}>
        <ThaiDateField label="วันที่งวด" value={date} onChange={setDate} name="digit-date" />
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
      </SimpleGrid>
      {configID !== null && rounds.data && open.length === 0 && <Text c="dimmed">ไม่มีงวดที่เปิดรับแทงในวันที่นี้</Text>}
      {open.length > 0 && (
        <Select
          label="งวด"
          placeholder="เลือกงวด"
          // The lottery and the date are chosen above: the option names what tells the day's rounds apart, so it
          // fits a phone; the whole round is named under it.
          data={open.map((r) => ({ value: String(r.activityid), label: `รอบที่ ${r.round_no} · ปิดรับ ${formatTime(r.timestop)}` }))}
          value={activityId}
          onChange={setActivityId}
          name="digit-round"
        />
      )}
      {picked && (
        <Text size="sm" fw={600} data-testid="digit-round-title">
          {roundTitle(picked)}
        </Text>
      )}
      {picked && <RoundPrices key={picked.activityid} activityId={picked.activityid} />}
    </Stack>
  );
}
