import { backOffice } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/player-view` */
export const adminPlayerView = (body: BodyOf<typeof backOffice.adminPlayerView>) => callApi(backOffice.adminPlayerView, body);
