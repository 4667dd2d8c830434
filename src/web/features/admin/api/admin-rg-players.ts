import { rg } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/rg/players` */
export const adminRgPlayers = (body: BodyOf<typeof rg.adminRgPlayers>) => callApi(rg.adminRgPlayers, body);
