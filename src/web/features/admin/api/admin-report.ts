import { queryOptions } from "@tanstack/react-query";
import { backOffice } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/report`: the report of a period. */
export const adminReportQuery = (asked: BodyOf<typeof backOffice.adminReport>) =>
  queryOptions({ queryKey: ["admin", "report", asked.from, asked.to], queryFn: () => callApi(backOffice.adminReport, asked) });
