import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/read-wallet-config` */
export const readWalletConfig = (body: BodyOf<typeof wallet.readWalletConfig>) => callApi(wallet.readWalletConfig, body);
