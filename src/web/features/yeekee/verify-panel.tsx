import { Alert, Button, Card, Divider, Group, Stack, Table, Text } from "@mantine/core";
import { memo, useMemo, useState } from "react";
import type { AwardLine } from "../../../contract/lottery";
import { ApiCallError } from "../../lib/api-error";
import { readNumberRecord } from "./api/number-record";
import { shortHash } from "./live-feed";
import { groupDigits } from "./result-panel";
import { cancelledText, verifyRound } from "./verify";

const PAGE = 100;

interface Fetched {
  list: Awaited<ReturnType<typeof readNumberRecord>>;
  /** What this page had seen live when the check began: the shot at that count must carry that head. */
  liveCount: number;
  liveHead: string;
}

/**
 * ตรวจสอบผล: every published shot is fetched and the chain and the result are recomputed here, in
 * the browser, with the same rules the server uses (src/domain/yeekee.ts).
 */
export const VerifyPanel = memo(function VerifyPanel({
  activityid,
  liveCount,
  liveHead,
  awardLines,
  voided,
  seenCommitment,
}: {
  activityid: number;
  liveCount: number;
  liveHead: string;
  /** The seed commitment this page showed before the result. */
  seenCommitment: string | null;
  awardLines: readonly Pick<AwardLine, "award_type" | "number">[];
  voided: boolean;
}) {
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(PAGE);

  const run = async () => {
    const seen = { liveCount, liveHead };
    setLoading(true);
    setError(null);
    try {
      const list = await readNumberRecord(activityid);
      setFetched({ list, ...seen });
      setShown(PAGE);
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : "โหลดเลขที่ยิงไม่สำเร็จ");
    } finally {
      setLoading(false);
    }
  };

  const v = useMemo(
    () =>
      fetched
        ? verifyRound({
            records: fetched.list.recordlist,
            publishedHead: fetched.list.head,
            publishedCount: fetched.list.count,
            liveHead: fetched.liveHead,
            liveCount: fetched.liveCount,
            seedCommitment: fetched.list.seedCommitment,
            seed: fetched.list.seed,
            publishedOffset: fetched.list.offset,
            seenCommitment,
            awardLines,
            cancelled: voided || fetched.list.cancelled !== null,
          })
        : null,
    [fetched, awardLines, seenCommitment, voided],
  );
  const allOk = v !== null && v.chainOk && v.resultMatches === true;
  const computed = v?.computed && !v.computed.void ? v.computed : null;

  return (
    <Card withBorder radius="lg" padding="sm" component="section" aria-label="ตรวจสอบผล" data-testid="verify-panel">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text fw={600}>ตรวจสอบผล</Text>
            <Text size="xs" c="dimmed">
              คำนวณใหม่ในเครื่องของคุณจากเลขที่ยิงทั้งหมด
            </Text>
            <Text size="xs" c="dimmed" data-testid="chain-explained">
              “สายแฮช” คือการผูกเลขที่ยิงทุกเลขต่อกันตามลำดับด้วยรหัสลับทางคณิตศาสตร์ ถ้าเลขใดถูกแก้ ลบ หรือสลับลำดับ รหัสท้ายสาย (หัวสายแฮช) จะไม่ตรงกับที่เห็นตอนยิง
            </Text>
          </Stack>
          <Button variant="light" onClick={() => void run()} loading={loading} data-testid="verify-button" style={{ flexShrink: 0 }}>
            {fetched ? "ตรวจอีกครั้ง" : "ตรวจสอบผล"}
          </Button>
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        {v && fetched && (
          <>
            <Card radius="md" padding="xs" bg={allOk ? "green.0" : "gray.0"} data-testid={allOk ? "verify-ok" : "verify-summary"}>
              <Text fw={600} c={v.chainOk ? "green.8" : "red.8"} data-testid="verify-chain" data-ok={v.chainOk}>
                {v.chainOk
                  ? "สายแฮชถูกต้อง ✓"
                  : !v.chain.ok
                    ? `สายแฮชไม่ถูกต้อง ✗ (ที่ลำดับ #${v.chain.brokenAt})`
                    : v.liveHeadMatches === false
                      ? "หัวสายแฮชไม่ตรงกับที่เห็นสด ✗"
                      : "หัวสายแฮชไม่ตรงกับที่ประกาศ ✗"}
              </Text>
              {v.cancelled ? (
                // A cancelled round has no result: the check says why, and compares nothing else.
                <Text size="sm" fw={500} data-testid="verify-cancelled" data-reason={fetched.list.cancelled?.reason ?? "unknown"}>
                  {fetched.list.cancelled ? cancelledText(fetched.list.cancelled) : "รอบนี้ถูกยกเลิก จึงไม่มีผลรางวัล และคืนเงินทุกโพย"}
                </Text>
              ) : (
                <Text
                  size="sm"
                  fw={500}
                  c={v.resultMatches === true ? "green.8" : v.resultMatches === false ? "red.8" : "dimmed"}
                  data-testid="verify-result"
                >
                  {v.resultMatches === true
                    ? "ผลรางวัลตรงกับที่คำนวณได้ ✓"
                    : v.resultMatches === false
                      ? "ผลรางวัลไม่ตรงกับที่คำนวณได้ ✗"
                      : "ยังไม่ประกาศผล: แสดงผลที่คำนวณได้จากเลขที่ยิงถึงตอนนี้"}
                </Text>
              )}
            </Card>

            <Stack gap={2}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  จำนวนเลขที่ยิง
                </Text>
                <Text size="sm" fw={600}>
                  {v.shots} เลข
                </Text>
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  หัวสายแฮชที่คำนวณได้
                </Text>
                <Text size="sm" ff="monospace" data-testid="verify-head">
                  {v.chain.ok ? shortHash(v.chain.head) : "-"}
                </Text>
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  หัวสายแฮชที่ประกาศ
                </Text>
                <Text size="sm" ff="monospace">
                  {shortHash(fetched.list.head)} {v.headMatches ? "✓" : "✗"}
                </Text>
              </Group>
              {fetched.liveCount > 0 && (
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    หัวที่เห็นสด (เลขที่ {fetched.liveCount})
                  </Text>
                  <Text size="sm" ff="monospace">
                    {shortHash(fetched.liveHead)} {v.liveHeadMatches ? "✓" : "✗"}
                  </Text>
                </Group>
              )}
            </Stack>

            {computed && (
              <Card
                radius="md"
                padding="xs"
                withBorder
                data-testid="recomputed-result"
                data-result={computed.result}
                data-top3={computed.top3}
                data-bottom2={computed.bottom2}
              >
                <Text size="sm" fw={600} mb={2}>
                  ผลที่คำนวณได้
                </Text>
                <Text size="sm" className="award-number">
                  ผลรวม {groupDigits(computed.sum.toString())} − ลำดับที่ 16 {computed.sixteenth}
                  {v.seal.commitment !== null && v.seal.offset !== null ? ` + ค่าชดเชย ${computed.offset}` : ""} (mod 100000) ={" "}
                  <b>{computed.result}</b>
                </Text>
                {v.seal.commitment !== null && v.seal.seed === null && (
                  <Text size="xs" c="dimmed">
                    ยังไม่รวมค่าชดเชยจากเมล็ดสุ่ม (เปิดเผยเมื่อออกผล)
                  </Text>
                )}
                <Text size="sm">
                  สามตัวบน <b className="award-number">{computed.top3}</b> · สองตัวล่าง <b className="award-number">{computed.bottom2}</b>
                </Text>
              </Card>
            )}

            {v.seal.commitment !== null && (
              <Stack gap={2} data-testid="verify-seal" data-ok={v.seal.commitmentMatches === true}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    ลายนิ้วมือเมล็ดสุ่ม (ประกาศตั้งแต่เปิดรอบ)
                  </Text>
                  <Text size="sm" ff="monospace" title={v.seal.commitment}>
                    {shortHash(v.seal.commitment)}
                  </Text>
                </Group>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    เมล็ดสุ่ม
                  </Text>
                  <Text size="sm" ff="monospace" title={v.seal.seed ?? undefined} data-testid="verify-seed">
                    {v.seal.seed === null ? "ยังไม่เปิดเผย" : `${shortHash(v.seal.seed)} ${v.seal.commitmentMatches ? "✓" : "✗"}`}
                  </Text>
                </Group>
                {v.seal.offset !== null && (
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      ค่าชดเชย = HMAC-SHA256(เมล็ดสุ่ม, หัวสายแฮช) mod 100000
                    </Text>
                    <Text size="sm" fw={600} className="award-number" data-testid="verify-offset" data-offset={v.seal.offset}>
                      {String(v.seal.offset).padStart(5, "0")} {v.seal.offset === v.seal.publishedOffset ? "✓" : "✗"}
                    </Text>
                  </Group>
                )}
              </Stack>
            )}

            {v.checks.length > 0 && (
              <Table withRowBorders verticalSpacing={4} fz="sm" data-testid="verify-checks">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>รายการ</Table.Th>
                    <Table.Th>คำนวณ</Table.Th>
                    <Table.Th>ประกาศ</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {v.checks.map((c) => (
                    <Table.Tr key={c.label} data-ok={c.ok}>
                      <Table.Td>{c.label}</Table.Td>
                      <Table.Td className="award-number">{c.recomputed}</Table.Td>
                      <Table.Td className="award-number">{c.published}</Table.Td>
                      <Table.Td c={c.ok ? "green.8" : "red.8"}>{c.ok ? "✓" : "✗"}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}

            <Divider label={`เลขที่ยิงทั้งหมด ${v.shots} เลข`} labelPosition="center" />
            <Text size="xs" c="dimmed">
              แฮชของแต่ละเลข = SHA-256(แฮชก่อนหน้า|ลำดับ|เลข|รหัสผู้ยิง|เวลา) เริ่มจากแฮชศูนย์ทั้งหมด
            </Text>
            <Table striped verticalSpacing={2} fz="sm" data-testid="verify-shots">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ลำดับ</Table.Th>
                  <Table.Th>เลข</Table.Th>
                  <Table.Th>แฮช</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fetched.list.recordlist.slice(0, shown).map((r) => (
                  <Table.Tr key={r.seq} data-testid="verify-shot" data-seq={r.seq} data-broken={!v.chain.ok && v.chain.brokenAt === r.seq}>
                    <Table.Td className="countdown">{r.seq}</Table.Td>
                    <Table.Td className="award-number" fw={600}>
                      {r.number}
                    </Table.Td>
                    <Table.Td ff="monospace" c={!v.chain.ok && v.chain.brokenAt === r.seq ? "red.8" : undefined}>
                      {shortHash(r.hash)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {fetched.list.recordlist.length > shown && (
              <Button variant="subtle" size="compact-sm" onClick={() => setShown((n) => n + PAGE * 5)}>
                แสดงเพิ่ม ({fetched.list.recordlist.length - shown} เลข)
              </Button>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
});
