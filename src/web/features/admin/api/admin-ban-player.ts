import type { QueryClient } from "@tanstack/react-query";
import { auth } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { playerViewKey } from "./admin-player-view";

/** `/api/admin/ban-player` */
export const adminBanPlayer = (body: BodyOf<typeof auth.adminBanPlayer>) => callApi(auth.adminBanPlayer, body);

/** After a ban or unban the player's view is read again. */
export const afterBanPlayer = (queryClient: QueryClient, uuid: string) => queryClient.invalidateQueries({ queryKey: playerViewKey(uuid) });
