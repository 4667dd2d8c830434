import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/read-wallet-config` */
export const readWalletConfig = (body: BodyOf<typeof wallet.readWalletConfig>) => callApi(wallet.readWalletConfig, body);

const ADMIN_WALLET_CONFIG_KEY = ["admin", "wallet-config"];

/** The wallet limits as the operator edits them. */
export const adminWalletConfigQuery = queryOptions({ queryKey: ADMIN_WALLET_CONFIG_KEY, queryFn: () => readWalletConfig({}) });

/** The saved limits (the update's answer) shown at once. */
export const showWalletConfig = (queryClient: QueryClient, config: Awaited<ReturnType<typeof readWalletConfig>>["config"]) =>
  queryClient.setQueryData(ADMIN_WALLET_CONFIG_KEY, { status: "Success", config });
