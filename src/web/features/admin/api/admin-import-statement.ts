import type { QueryClient } from "@tanstack/react-query";
import { bank } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { BANK_RECORDS_KEY } from "./admin-bank-records";
import { BANK_STATS_KEY } from "./admin-bank-stats";
import { PENDING_PAYNOW_KEY } from "./admin-list-paynow";

/** `/api/admin/import-statement`: stores the file's new records and matches them. */
export const adminImportStatement = (body: BodyOf<typeof bank.adminImportStatement>) => callApi(bank.adminImportStatement, body);

/** New records may have credited requests or joined the queue. */
export const afterImportStatement = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: BANK_RECORDS_KEY }),
    queryClient.invalidateQueries({ queryKey: BANK_STATS_KEY }),
    queryClient.invalidateQueries({ queryKey: PENDING_PAYNOW_KEY }),
  ]);
