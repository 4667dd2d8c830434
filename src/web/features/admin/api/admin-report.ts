import { queryOptions } from "@tanstack/react-query";
import { backOffice } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/report` */
export const adminReport = (body: BodyOf<typeof backOffice.adminReport>) => callApi(backOffice.adminReport, body);

/** The report of a period. */
export const adminReportQuery = (asked: BodyOf<typeof backOffice.adminReport>) => queryOptions({ queryKey: ["admin", "report", asked.from, asked.to], queryFn: () => adminReport(asked) });
