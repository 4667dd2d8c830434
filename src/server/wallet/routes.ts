import type { FastifyInstance } from "fastify";
import { auth, wallet } from "../../contract";
import type { Db } from "../db/client";
import { idempotencyKeyOf } from "../http/idempotency";
import { type Authenticate, routesOf } from "../http/register-route";
import { checkLedger } from "./ledger-check";
import { walletService } from "./service";

export function walletRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = walletService(db);
  const r = routesOf(app, authenticate);

  r(wallet.readWalletConfig, () => service.config());
  r(auth.getCredit, ({ body, user }) => service.credit(user, body?.uuid));
  r(wallet.gentAmount, ({ body, user }) => service.requestDepositAmount(user, body), { rateLimitPerMinute: 20 });
  // A slip of up to 2 MB travels as base64 (about 2.7 MB of JSON).
  r(wallet.addPaynow, ({ body, user }) => service.reportTransfer(user, body), { bodyLimit: 3 * 1024 * 1024 });
  r(wallet.readPayRecordByUuid, ({ body, user }) => service.payRecords(user, body.uuid, body.dayperiod));
  r(wallet.addWithdrawal, ({ body, user, request }) => service.withdraw(user, body, idempotencyKeyOf(request)));
  r(wallet.readWithdrawalList, ({ body, user }) => service.withdrawals(user, body.uuid, body.dayperiod));

  r(wallet.adminListPaynow, ({ body }) => service.pendingPayRecords(body.status, body.dayperiod));
  r(wallet.adminPaynowSlip, ({ body }) => service.slip(body.id));
  r(wallet.adminApprovePaynow, ({ body, user }) => service.decidePayRecord(user, body.id, body.status));
  r(wallet.adminListWithdrawal, ({ body }) => service.pendingWithdrawals(body.status, body.dayperiod));
  r(wallet.adminApproveWithdrawal, ({ body, user }) => service.decideWithdrawal(user, body.id, body.status));
  r(wallet.adminAdjustCredit, ({ body, user, request }) => service.adjustCredit(user, body, idempotencyKeyOf(request)));
  r(wallet.adminGetMyBank, () => service.receivingBanks());
  r(wallet.adminSaveMyBank, ({ body, user }) => service.saveReceivingBank(user, body));
  r(wallet.adminGetLog, ({ body }) => service.moneyLog(body.uuid, body.dayperiod));
  r(wallet.adminFindUser, ({ body }) => service.findUsers(body.query));
  r(wallet.adminUpdateWalletConfig, ({ body, user }) => service.updateConfig(user, body));
  r(wallet.adminLedgerCheck, async () => ({ status: "Success" as const, ...(await checkLedger(db)) }));
}
