import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** The deposit and withdrawal limits (`/api/read-wallet-config`). */
export const walletConfigQuery = queryOptions({ queryKey: ["wallet-config"], queryFn: () => callApi(wallet.readWalletConfig, {}) });
