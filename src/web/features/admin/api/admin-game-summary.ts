import { games } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/game-summary` */
export const adminGameSummary = (body: BodyOf<typeof games.adminGameSummary>) => callApi(games.adminGameSummary, body);
