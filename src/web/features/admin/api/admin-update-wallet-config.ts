import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/update-wallet-config` */
export const adminUpdateWalletConfig = (body: BodyOf<typeof wallet.adminUpdateWalletConfig>) =>
  callApi(wallet.adminUpdateWalletConfig, body);
