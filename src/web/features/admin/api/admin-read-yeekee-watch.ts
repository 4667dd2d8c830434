import { yeekee } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/read-yeekee-watch` */
export const readYeekeeWatch = (body: BodyOf<typeof yeekee.readYeekeeWatch>) => callApi(yeekee.readYeekeeWatch, body);
