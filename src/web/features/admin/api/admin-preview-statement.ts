import { bank } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/preview-statement`: the file read with the saved format, nothing stored. */
export const adminPreviewStatement = (body: BodyOf<typeof bank.adminPreviewStatement>) => callApi(bank.adminPreviewStatement, body);
