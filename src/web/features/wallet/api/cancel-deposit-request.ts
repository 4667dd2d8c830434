import { wallet } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** Cancels the open deposit request (`/api/cancel-deposit-request`); the page clears it with showOpenDeposit. */
export const cancelDepositRequest = (transection: string) => callApi(wallet.cancelDepositRequest, { transection });
