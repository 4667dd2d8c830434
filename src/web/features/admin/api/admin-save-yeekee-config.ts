import type { QueryClient } from "@tanstack/react-query";
import { yeekee } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";
import { YEEKEE_CONFIG_KEY } from "./admin-read-yeekee-config";

/** `/api/admin/save-yeekee-config` */
export const adminSaveYeekeeConfig = (body: BodyOf<typeof yeekee.adminSaveYeekeeConfig>) => callApi(yeekee.adminSaveYeekeeConfig, body);

/** After a save the settings are read again. */
export const afterSaveYeekeeConfig = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: YEEKEE_CONFIG_KEY });
