import { games } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/save-game-config` */
export const adminSaveGameConfig = (body: BodyOf<typeof games.adminSaveGameConfig>) => callApi(games.adminSaveGameConfig, body);
