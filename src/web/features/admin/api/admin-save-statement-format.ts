import type { QueryClient } from "@tanstack/react-query";
import { bank } from "../../../../contract";
import type { StatementFormat } from "../../../../contract/bank";
import { callApi } from "../../../lib/api";
import { STATEMENT_FORMATS_KEY } from "./admin-statement-formats";

/** `/api/admin/save-statement-format` */
export const adminSaveStatementFormat = (body: StatementFormat) => callApi(bank.adminSaveStatementFormat, body);

/** The answer is every saved format: shown at once. */
export const showStatementFormats = (queryClient: QueryClient, answer: Awaited<ReturnType<typeof adminSaveStatementFormat>>) =>
  queryClient.setQueryData(STATEMENT_FORMATS_KEY, answer);
