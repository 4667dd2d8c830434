import type { StatementRow } from "../../../contract/bank";
import { satangToBaht } from "../../../domain/money";
import { formatThaiDateTime } from "../../../domain/thai-date";
import type { PreviewedLine } from "./statement";

export const statementRowView = (r: PreviewedLine): StatementRow => ({
  line: r.line,
  record: r.record
    ? {
        bank_ref: r.record.bankRef,
        amount: satangToBaht(r.record.amount),
        time: r.record.time.toISOString(),
        date_time: formatThaiDateTime(r.record.time),
        from_account: r.record.fromAccount,
      }
    : null,
  error: r.error,
  duplicate: r.duplicate,
});
