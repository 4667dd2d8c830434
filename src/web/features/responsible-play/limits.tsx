import { Alert, Badge, Button, Card, Group, NumberInput, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { LimitView } from "../../../contract/rg";
import {
  CONFIRM_WINDOW_MS,
  LIMIT_KIND_LABELS,
  LIMIT_KINDS,
  LIMIT_PERIOD_LABELS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  RAISE_COOLING_MS,
} from "../../../domain/rg";
import { useConfirmLimit } from "./api/confirm-limit";
import { useSetLimit } from "./api/set-limit";
import { showBaht, showWhen } from "./show";

const COOLING_HOURS = RAISE_COOLING_MS / 3600_000;
const CONFIRM_DAYS = CONFIRM_WINDOW_MS / 86_400_000;
const PERIOD_SHORT: Readonly<Record<LimitPeriod, string>> = { day: "วัน", week: "สัปดาห์", month: "เดือน" };

interface Choice {
  kind: LimitKind;
  period: LimitPeriod;
}

/**
 * The player's limits: for each kind (deposits, stakes, net loss) and period, the limit in force, what is
 * used and the room left, with any raise that waits; and the form that sets, lowers, raises or removes one.
 */
export function Limits({ limits }: { limits: LimitView[] }) {
  const [choice, setChoice] = useState<Choice>({ kind: "stake", period: "day" });
  const [amount, setAmount] = useState<number | string>("");
  const find = (c: Choice) => limits.find((l) => l.kind === c.kind && l.period === c.period);
  const choose = (c: Choice) => {
    setChoice(c);
    setAmount(find(c)?.amount ?? "");
  };
  // A tap on a row brings that limit into the form below.
  const edit = (c: Choice) => {
    choose(c);
    document.getElementById("limit-form")?.scrollIntoView({ behavior: "smooth", block: "center" });
  };
  return (
    <Stack gap="sm">
      {LIMIT_KINDS.map((kind) => (
        <KindCard key={kind} kind={kind} limits={limits.filter((l) => l.kind === kind)} onEdit={edit} />
      ))}
      <LimitForm choice={choice} onChoice={choose} amount={amount} onAmount={setAmount} current={find(choice)} />
    </Stack>
  );
}

function KindCard({ kind, limits, onEdit }: { kind: LimitKind; limits: LimitView[]; onEdit: (c: Choice) => void }) {
  const confirm = useConfirmLimit();
  const byPeriod = LIMIT_PERIODS.map((period) => ({ period, limit: limits.find((l) => l.period === period) }));
  return (
    <Card withBorder radius="lg" padding="sm" data-testid="limit-kind" data-kind={kind}>
      <Title order={4} size="h5" mb={4}>
        วงเงิน{LIMIT_KIND_LABELS[kind]}
      </Title>
      <Table fz="sm" horizontalSpacing={4} verticalSpacing={4} layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="22%">ช่วง</Table.Th>
            <Table.Th ta="right">วงเงิน</Table.Th>
            <Table.Th ta="right">{kind === "loss" ? "เสียไป" : "ใช้ไป"}</Table.Th>
            <Table.Th ta="right">เหลือ</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {byPeriod.map(({ period, limit }) => (
            <LimitRows
              key={period}
              kind={kind}
              period={period}
              limit={limit}
              onEdit={onEdit}
              onConfirm={() => confirm.mutate({ kind, period })}
              confirming={confirm.isPending && confirm.variables?.period === period}
            />
          ))}
        </Table.Tbody>
      </Table>
      {confirm.error && (
        <Alert color="red" mt="xs">
          {confirm.error.message}
        </Alert>
      )}
      {confirm.isSuccess && (
        <Alert color="teal" mt="xs" data-testid="confirm-limit-message">
          {confirm.data.message ?? "ยืนยันวงเงินใหม่แล้ว"}
        </Alert>
      )}
    </Card>
  );
}

function LimitRows(props: {
  kind: LimitKind;
  period: LimitPeriod;
  limit: LimitView | undefined;
  onEdit: (c: Choice) => void;
  onConfirm: () => void;
  confirming: boolean;
}) {
  const { kind, period, limit } = props;
  const pending = limit?.pending ?? null;
  return (
    <>
      <Table.Tr
        data-testid="limit-row"
        data-kind={kind}
        data-period={period}
        onClick={() => props.onEdit({ kind, period })}
        style={{ cursor: "pointer" }}
      >
        <Table.Td>
          <Text size="sm" c="red.8" td="underline">
            {PERIOD_SHORT[period]}
          </Text>
        </Table.Td>
        <Table.Td ta="right" fw={600} data-testid="limit-amount">
          {limit?.amount == null ? (
            <Text span c="dimmed" size="sm">
              ไม่จำกัด
            </Text>
          ) : (
            showBaht(limit.amount)
          )}
        </Table.Td>
        <Table.Td ta="right" data-testid="limit-used">
          {showBaht(limit?.used ?? 0)}
        </Table.Td>
        <Table.Td ta="right" c={limit?.left === 0 ? "red.7" : undefined} data-testid="limit-left">
          {limit?.left == null ? "-" : showBaht(limit.left)}
        </Table.Td>
      </Table.Tr>
      {pending && (
        <Table.Tr data-testid="limit-pending" data-kind={kind} data-period={period} data-state={pending.state}>
          <Table.Td colSpan={4}>
            <Stack gap={4} py={2}>
              <Group gap={6} wrap="nowrap">
                <Badge size="sm" variant="light" color={pending.state === "confirmable" ? "teal" : "yellow"}>
                  {pending.state === "confirmable" ? "ยืนยันได้" : "รอ 24 ชม."}
                </Badge>
                <Text size="xs">{pending.amount === null ? "ขอยกเลิกวงเงินนี้" : `ขอเพิ่มเป็น ${showBaht(pending.amount)}`}</Text>
              </Group>
              {pending.state === "cooling" ? (
                <Text size="xs" c="dimmed">
                  ยืนยันได้ตั้งแต่ {showWhen(pending.confirmable_at)}
                </Text>
              ) : (
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="xs" c="dimmed">
                    ยืนยันภายใน {showWhen(pending.lapses_at)}
                  </Text>
                  <Button
                    size="compact-sm"
                    onClick={(e) => {
                      e.stopPropagation();
                      props.onConfirm();
                    }}
                    loading={props.confirming}
                    data-testid="confirm-limit"
                  >
                    ยืนยัน
                  </Button>
                </Group>
              )}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function LimitForm(props: {
  choice: Choice;
  onChoice: (c: Choice) => void;
  amount: number | string;
  onAmount: (a: number | string) => void;
  current: LimitView | undefined;
}) {
  const { choice, amount, current } = props;
  const save = useSetLimit();
  const send = (value: number | null) => save.mutate({ ...choice, amount: value });
  const choose = (c: Choice) => {
    save.reset();
    props.onChoice(c);
  };
  const label = `วงเงิน${LIMIT_KIND_LABELS[choice.kind]}${LIMIT_PERIOD_LABELS[choice.period]}`;
  return (
    <Card withBorder radius="lg" padding="sm" id="limit-form" data-testid="limit-form">
      <Stack gap="xs">
        <Title order={4} size="h5">
          ตั้งหรือเปลี่ยนวงเงิน
        </Title>
        <SegmentedControl
          fullWidth
          aria-label="ประเภทวงเงิน"
          data={LIMIT_KINDS.map((k) => ({ value: k, label: LIMIT_KIND_LABELS[k] }))}
          value={choice.kind}
          onChange={(k) => choose({ ...choice, kind: k as LimitKind })}
          data-testid="limit-form-kind"
        />
        <SegmentedControl
          fullWidth
          aria-label="ช่วงเวลา"
          data={LIMIT_PERIODS.map((p) => ({ value: p, label: LIMIT_PERIOD_LABELS[p] }))}
          value={choice.period}
          onChange={(p) => choose({ ...choice, period: p as LimitPeriod })}
          data-testid="limit-form-period"
        />
        <NumberInput
          label={`${label} (บาท)`}
          name="limit-amount"
          value={amount}
          onChange={props.onAmount}
          min={0}
          allowNegative={false}
          decimalScale={2}
          thousandSeparator=","
          inputMode="decimal"
          placeholder={current?.amount == null ? "ยังไม่ได้ตั้ง" : undefined}
        />
        <Text size="xs" c="dimmed">
          ตั้งใหม่หรือลดวงเงินมีผลทันที เพิ่มหรือยกเลิกวงเงินต้องรอ {COOLING_HOURS} ชั่วโมง แล้วกดยืนยันภายใน {CONFIRM_DAYS} วัน วงเงินต่อวันต้องไม่เกินต่อสัปดาห์
          และต่อสัปดาห์ต้องไม่เกินต่อเดือน
        </Text>
        {save.error && (
          <Alert color="red" data-testid="limit-error">
            {save.error.message}
          </Alert>
        )}
        {save.isSuccess && (
          <Alert color="teal" data-testid="limit-message">
            {save.data.message ?? "บันทึกวงเงินแล้ว"}
          </Alert>
        )}
        <Group grow>
          {current?.amount != null && (
            <Button
              variant="default"
              onClick={() => send(null)}
              loading={save.isPending && save.variables?.amount === null}
              disabled={save.isPending}
              data-testid="limit-remove"
            >
              ยกเลิกวงเงิน
            </Button>
          )}
          <Button
            onClick={() => send(amount === "" ? Number.NaN : Number(amount))}
            loading={save.isPending && save.variables?.amount !== null}
            disabled={save.isPending}
            data-testid="limit-save"
          >
            บันทึกวงเงิน
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
