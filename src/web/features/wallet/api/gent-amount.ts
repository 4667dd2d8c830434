import { wallet } from "../../../../contract";
import { callApi } from "../../../lib/api";

/** Opens a deposit request for `amount` baht (`/api/gent-amount`); the page shows it with showOpenDeposit. */
export const gentAmount = (amount: number) => callApi(wallet.gentAmount, { amount });
