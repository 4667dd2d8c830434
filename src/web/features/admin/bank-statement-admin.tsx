import { Alert, Badge, Button, Card, Code, FileInput, NumberInput, NativeSelect, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { StatementFormat, StatementRow } from "../../../contract/bank";
import { BANKS } from "../../../domain/banks";
import { baht, formatMoneyExact } from "../../../domain/money";
import { myBankQuery } from "./api/admin-get-mybank";
import { adminImportStatement, afterImportStatement } from "./api/admin-import-statement";
import { adminPreviewStatement } from "./api/admin-preview-statement";
import { adminSaveStatementFormat, showStatementFormats } from "./api/admin-save-statement-format";
import { statementFormatsQuery } from "./api/admin-statement-formats";

const MAX_BYTES = 2_000_000;

/** The columns as the operator counts them (1 = the first); the contract's are 0-based. Empty: the file has none. */
type Columns = Record<keyof StatementFormat["columns"], number | string>;
const FIRST_GUESS: { skipRows: number | string; columns: Columns } = {
  skipRows: 1,
  columns: { date: 1, time: 2, amount: 3, reference: "", sender: "" },
};

const COLUMN_LABEL: Record<keyof Columns, string> = {
  date: "วันที่",
  time: "เวลา (ว่าง = อยู่ในช่องวันที่)",
  amount: "ยอดเงินเข้า",
  reference: "เลขอ้างอิง (ว่าง = ไม่มี)",
  sender: "ผู้โอน (ว่าง = ไม่มี)",
};

/**
 * A bank's export is UTF-8 or, from older Thai internet banking, Windows-874 (TIS-620): read as UTF-8 when it
 * is valid, else as Windows-874, so Thai names arrive readable.
 */
async function readCsv(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-874").decode(bytes);
  }
}

const shown = (n: number | null) => (n === null ? "" : n + 1);
const column = (v: number | string) => (v === "" ? null : Number(v) - 1);

/** Statement upload for banks without a feed: columns chosen once per account, preview, then import. */
export function BankStatementAdmin() {
  const queryClient = useQueryClient();
  const banks = useQuery({ ...myBankQuery, meta: { blocking: true } });
  const formats = useQuery({ ...statementFormatsQuery, meta: { blocking: true } });
  const [siteBankId, setSiteBankId] = useState<string | null>(null);
  const [skipRows, setSkipRows] = useState<number | string>(FIRST_GUESS.skipRows);
  const [columns, setColumns] = useState<Columns>(FIRST_GUESS.columns);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [rows, setRows] = useState<StatementRow[] | null>(null);

  // The saved format of the chosen account, or the first guess.
  const saved = formats.data?.formats.find((f) => String(f.site_bank_id) === siteBankId) ?? null;
  useEffect(() => {
    setSkipRows(saved ? saved.skipRows : FIRST_GUESS.skipRows);
    setColumns(
      saved
        ? {
            date: shown(saved.columns.date),
            time: shown(saved.columns.time),
            amount: shown(saved.columns.amount),
            reference: shown(saved.columns.reference),
            sender: shown(saved.columns.sender),
          }
        : FIRST_GUESS.columns,
    );
    setRows(null);
    // Only when another account is chosen (or the saved formats first arrive): saving the format before a
    // preview changes `saved` and must not clear what the operator is looking at.
  }, [siteBankId, formats.data === undefined]);

  const format = (): StatementFormat => ({
    site_bank_id: Number(siteBankId),
    skipRows: Number(skipRows),
    columns: {
      date: Number(columns.date) - 1,
      time: column(columns.time),
      amount: Number(columns.amount) - 1,
      reference: column(columns.reference),
      sender: column(columns.sender),
    },
  });

  const preview = useMutation({
    mutationFn: async () => {
      if (file && file.size > MAX_BYTES) throw new Error("ไฟล์ใหญ่เกิน 2 MB");
      // The preview reads the file with the saved format: the columns chosen here are saved first.
      showStatementFormats(queryClient, await adminSaveStatementFormat(format()));
      return adminPreviewStatement({ site_bank_id: Number(siteBankId), csv: csv! });
    },
    onSuccess: (r) => setRows(r.rows),
  });
  const importing = useMutation({
    mutationFn: () => adminImportStatement({ site_bank_id: Number(siteBankId), csv: csv! }),
    onSuccess: () => void afterImportStatement(queryClient),
  });

  const choose = async (f: File | null) => {
    setFile(f);
    setRows(null);
    preview.reset();
    importing.reset();
    setCsv(f ? await readCsv(f) : null);
  };

  const accounts = (banks.data?.bankArr ?? []).map((b) => ({
    value: String(b.id),
    label: `${BANKS[b.bankname].thaiName} ${b.bankno} ${b.bankaccounts}`,
  }));
  const readable = rows?.filter((r) => r.record && !r.error && !r.duplicate).length ?? 0;
  const firstLines = csv?.split(/\r?\n/).slice(0, 6).join("\n") ?? "";

  if (banks.error || formats.error) return <Alert color="red">{(banks.error ?? formats.error)!.message}</Alert>;
  // The accounts and their saved columns first: a list opened before they arrive would stay empty.
  if (!banks.data || !formats.data) return null;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="bank-statement">
      <Stack gap="xs">
        <Text fw={600}>นำเข้าไฟล์ statement (CSV)</Text>
        <Text size="sm">สำหรับบัญชีที่ไม่มีฟีดธนาคาร: ส่งออกไฟล์ CSV จากอินเทอร์เน็ตแบงก์กิ้ง รายการที่นำเข้าซ้ำจะไม่ถูกบันทึกซ้ำ</Text>
        <NativeSelect
          label="บัญชีรับเงิน"
          data={[{ value: "", label: "เลือกบัญชีรับเงิน", disabled: true }, ...accounts]}
          value={siteBankId ?? ""}
          onChange={(e) => {
            setSiteBankId(e.currentTarget.value || null);
            importing.reset();
            preview.reset();
          }}
          name="statement-account"
        />
        {siteBankId && (
          <>
            <Text size="sm">คอลัมน์ของไฟล์ (คอลัมน์แรก = 1){saved ? " ใช้รูปแบบที่บันทึกไว้ของบัญชีนี้" : ""}</Text>
            <SimpleGrid cols={2} spacing="xs">
              <NumberInput
                label="ข้ามบรรทัดแรก (บรรทัด)"
                value={skipRows}
                onChange={setSkipRows}
                min={0}
                max={50}
                allowDecimal={false}
                allowNegative={false}
                name="statement-skip-rows"
              />
              {(Object.keys(COLUMN_LABEL) as Array<keyof Columns>).map((key) => (
                <NumberInput
                  key={key}
                  label={COLUMN_LABEL[key]}
                  value={columns[key]}
                  onChange={(v) => {
                    setRows(null);
                    setColumns((c) => ({ ...c, [key]: v }));
                  }}
                  min={1}
                  max={100}
                  allowDecimal={false}
                  allowNegative={false}
                  name={`statement-column-${key}`}
                />
              ))}
            </SimpleGrid>
            <FileInput
              label="ไฟล์ statement (.csv)"
              placeholder="เลือกไฟล์ CSV"
              accept=".csv,text/csv"
              value={file}
              onChange={(f) => void choose(f)}
              clearable
              name="statement-file"
            />
            {firstLines && (
              <Stack gap={2}>
                <Text size="xs">บรรทัดแรกของไฟล์</Text>
                <Code block style={{ whiteSpace: "pre", overflowX: "auto", fontFamily: "inherit" }} data-testid="statement-first-lines">
                  {firstLines}
                </Code>
              </Stack>
            )}
            {preview.error && (
              <Alert color="red" data-testid="statement-error">
                {preview.error.message}
              </Alert>
            )}
            <Button
              onClick={() => preview.mutate()}
              loading={preview.isPending}
              disabled={!csv}
              variant="light"
              data-testid="statement-preview"
            >
              บันทึกรูปแบบและดูตัวอย่าง
            </Button>
          </>
        )}
        {rows && (
          <>
            <Text size="sm" data-testid="statement-summary">
              {rows.length} แถว: นำเข้าได้ {readable} · ซ้ำ {rows.filter((r) => r.duplicate).length} · อ่านไม่ได้{" "}
              {rows.filter((r) => r.error).length}
            </Text>
            <Table.ScrollContainer minWidth={520}>
              <Table withTableBorder striped fz="sm" verticalSpacing={4} horizontalSpacing={6}>
                <Table.Caption>ตัวอย่างรายการก่อนนำเข้า</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>บรรทัด</Table.Th>
                    <Table.Th>สถานะ</Table.Th>
                    <Table.Th>เวลาโอน</Table.Th>
                    <Table.Th>ยอด</Table.Th>
                    <Table.Th>เลขอ้างอิง</Table.Th>
                    <Table.Th>ผู้โอน</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr
                      key={r.line}
                      data-testid="statement-row"
                      data-line={r.line}
                      data-status={r.error ? "error" : r.duplicate ? "duplicate" : "new"}
                    >
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>
                        {r.error ? (
                          <Text span size="sm" c="red.9">
                            {r.error}
                          </Text>
                        ) : r.duplicate ? (
                          <Badge color="gray" variant="light">
                            มีอยู่แล้ว
                          </Badge>
                        ) : (
                          <Badge color="teal" variant="light">
                            ใหม่
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{r.record?.date_time ?? "–"}</Table.Td>
                      <Table.Td>{r.record ? formatMoneyExact(baht(r.record.amount)) : "–"}</Table.Td>
                      <Table.Td>{r.record?.bank_ref ?? "–"}</Table.Td>
                      <Table.Td>{r.record?.from_account ?? "–"}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {importing.error && <Alert color="red">{importing.error.message}</Alert>}
            {importing.data ? (
              <Alert color="teal" data-testid="statement-imported">
                นำเข้า {importing.data.imported} รายการ (จับคู่แล้ว {importing.data.matched} · รอจับคู่ {importing.data.waiting}) · ซ้ำ{" "}
                {importing.data.duplicates} · อ่านไม่ได้ {importing.data.errors}
              </Alert>
            ) : (
              <Button
                onClick={() => importing.mutate()}
                loading={importing.isPending}
                disabled={readable === 0}
                data-testid="statement-import"
              >
                นำเข้า {readable} รายการ
              </Button>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
