import { backOffice } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/report` */
export const adminReport = (body: BodyOf<typeof backOffice.adminReport>) => callApi(backOffice.adminReport, body);
