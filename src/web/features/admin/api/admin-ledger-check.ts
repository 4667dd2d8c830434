import { wallet } from "../../../../contract";
import type { BodyOf } from "../../../../contract/route";
import { callApi } from "../../../lib/api";

/** `/api/admin/ledger-check` */
export const adminLedgerCheck = (body: BodyOf<typeof wallet.adminLedgerCheck>) => callApi(wallet.adminLedgerCheck, body);
