import { Badge, Card, Divider, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { z } from "zod";
import type { LuckyPerson } from "../../../contract/yeekee";
import { baht, formatMoney } from "../../../domain/money";
import type { PublishedResult } from "./verify";

/** 1234567 → "1,234,567" for a decimal string of any length. */
export const groupDigits = (s: string) => s.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={testId}>
      <Text size="sm" c="dimmed" miw={0}>
        {label}
      </Text>
      <Text size="sm" fw={600} className="award-number" style={{ flexShrink: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/** The result of the round with its derivation from the shots, the #1/#16 shots and their rewards. */
export function ResultPanel({
  result,
  shots,
  lucky,
  offset,
}: {
  result: PublishedResult;
  shots: number;
  lucky: readonly z.infer<typeof LuckyPerson>[];
  /** The sealed seed's offset the result was decided with (null: not known yet, or a round from before seeds). */
  offset: number | null;
}) {
  const sixteenth = result.sixteenRecord ?? "00000";
  const plus = offset === null ? "" : ` + ${String(offset).padStart(5, "0")}`;
  return (
    <Card
      withBorder
      radius="lg"
      padding="sm"
      component="section"
      aria-label="ผลยี่กี"
      data-testid="yeekee-result"
      data-result={result.result}
      data-top3={result.top3}
      data-bottom2={result.bottom2}
    >
      <Stack gap="xs">
        <Text fw={600}>ผลยี่กีรอบนี้ · เลขผล {result.result}</Text>
        <Text size="xs" c="dimmed" data-testid="result-explained">
          เลขผล 5 หลัก (เรียกว่า R) คิดจากเลขที่ผู้เล่นทุกคนยิงรวมกัน ไม่มีใครเลือกได้เอง: สามตัวบนคือ 3 หลักท้าย สองตัวล่างคือ 2 หลักแรก
        </Text>
        <SimpleGrid cols={2} spacing={6}>
          <Stack gap={0} align="center" className="award-cell" data-award-type="ThreeDigit">
            <Text size="xs" c="dimmed">
              สามตัวบน
            </Text>
            <Text fw={700} fz={32} c="red.8" lh={1.2} className="award-number">
              {result.top3}
            </Text>
          </Stack>
          <Stack gap={0} align="center" className="award-cell" data-award-type="TwoDigit">
            <Text size="xs" c="dimmed">
              สองตัวล่าง
            </Text>
            <Text fw={700} fz={32} c="red.8" lh={1.2} className="award-number">
              {result.bottom2}
            </Text>
          </Stack>
        </SimpleGrid>

        <Divider label="ที่มาของผล" labelPosition="center" />
        <Row label={`ผลรวมเลขที่ยิงทั้งหมด (${shots} เลข)`} testId="derivation-sum">
          {result.sum !== null ? groupDigits(result.sum) : "-"}
        </Row>
        <Row label="เลขลำดับที่ 16 (นับจากเลขสุดท้าย)" testId="derivation-sixteenth">
          {sixteenth}
        </Row>
        {offset !== null && (
          <Row label="ค่าชดเชยจากเมล็ดสุ่มที่ปิดผนึก" testId="derivation-offset">
            {String(offset).padStart(5, "0")}
          </Row>
        )}
        <Row
          label={offset === null ? "(ผลรวม − ลำดับที่ 16) mod 100000 = R" : "(ผลรวม − ลำดับที่ 16 + ค่าชดเชย) mod 100000 = R"}
          testId="derivation-result"
        >
          <Text span fw={700} fz="lg" c="red.8" inherit>
            {result.result}
          </Text>
        </Row>
        <Text size="xs" c="dimmed" ta="center" className="award-number">
          ({result.sum !== null ? groupDigits(result.sum) : "?"} − {sixteenth}
          {plus}) mod 100000 = {result.result} → สามตัวบน = 3 หลักท้าย <b>{result.top3}</b>, สองตัวล่าง = 2 หลักแรก <b>{result.bottom2}</b>
        </Text>

        <Divider label="ผู้ยิงลำดับพิเศษ" labelPosition="center" />
        <Row label="ลำดับที่ 1 (เลขสุดท้าย)" testId="record-one">
          {result.oneRecord ?? "-"}
        </Row>
        <Row label="ลำดับที่ 16" testId="record-sixteen">
          {result.sixteenRecord ?? "-"}
        </Row>
        {result.oneHundredRecord && <Row label="ลำดับที่ 100">{result.oneHundredRecord}</Row>}
        {lucky.map((p) => (
          <Group
            key={p.position}
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            data-testid="lucky-person"
            data-position={p.position}
            data-paid={p.paid}
          >
            <Text size="sm" miw={0} truncate>
              {p.label} · {p.username} · <span className="award-number">{p.number}</span>
            </Text>
            {p.paid ? (
              <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
                รับ {formatMoney(baht(p.amount))} ฿
              </Badge>
            ) : (
              <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                ยอดแทงไม่ถึงเกณฑ์
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
