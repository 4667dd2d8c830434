import { queryOptions } from "@tanstack/react-query";
import { bank } from "../../../../contract";
import { callApi } from "../../../lib/api";

export const STATEMENT_FORMATS_KEY = ["admin", "statement-formats"] as const;

/** `/api/admin/statement-formats`: which CSV column is what, saved per receiving account. */
export const statementFormatsQuery = queryOptions({
  queryKey: STATEMENT_FORMATS_KEY,
  queryFn: () => callApi(bank.adminStatementFormats, {}),
});
