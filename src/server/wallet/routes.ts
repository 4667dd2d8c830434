import type { FastifyInstance } from "fastify";
import { auth, wallet } from "../../contract";
import type { Db } from "../db/client";
import { idempotencyKeyOf } from "../http/idempotency";
import { type Authenticate, routesOf } from "../http/register-route";
import { checkLedger } from "./ledger-check";
import { walletService } from "./service";
import { bankView, depositRequestView, payRecordView, withdrawalView } from "./views";

export function walletRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = walletService(db);
  const r = routesOf(app, authenticate);

  r(wallet.readWalletConfig, () => service.config());
  r(auth.getCredit, ({ body, user }) => service.credit(user, body?.uuid));
  r(wallet.gentAmount, ({ body, user }) => service.requestDepositAmount(user, body), { rateLimitPerMinute: 20 });
  r(wallet.readOpenDepositRequest, ({ body, user }) => service.openDepositRequest(user, body?.uuid));
  r(wallet.cancelDepositRequest, ({ body, user }) => service.cancelDepositRequest(user, body));
  r(wallet.readDepositRequests, async ({ body, user }) => ({
    status: "Success" as const,
    depositRequests: (await service.depositRequests(user, body.uuid, body.dayperiod)).map(depositRequestView),
  }));
  // A slip of up to 2 MB travels as base64 (about 2.7 MB of JSON).
  r(wallet.addPaynow, ({ body, user }) => service.reportTransfer(user, body), { bodyLimit: 3 * 1024 * 1024 });
  r(wallet.readPayRecordByUuid, async ({ body, user }) => ({
    status: "Success" as const,
    arrPayRecordByUserAllStatus: (await service.payRecords(user, body.uuid, body.dayperiod)).map(payRecordView),
  }));
  r(wallet.addWithdrawal, ({ body, user, request }) => service.withdraw(user, body, idempotencyKeyOf(request)));
  r(wallet.readWithdrawalList, async ({ body, user }) => ({
    status: "Success" as const,
    withdrawallist: (await service.withdrawals(user, body.uuid, body.dayperiod)).map(withdrawalView),
  }));

  r(wallet.adminListPaynow, async ({ body }) => ({
    status: "Success" as const,
    paynowlist: (await service.pendingPayRecords(body.status, body.dayperiod)).map(payRecordView),
  }));
  r(wallet.adminPaynowSlip, ({ body }) => service.slip(body.id));
  r(wallet.adminApprovePaynow, ({ body, user }) => service.decidePayRecord(user, body.id, body.status));
  r(wallet.adminListWithdrawal, async ({ body }) => ({
    status: "Success" as const,
    withdrawallist: (await service.pendingWithdrawals(body.status, body.dayperiod)).map(withdrawalView),
  }));
  r(wallet.adminApproveWithdrawal, ({ body, user }) => service.decideWithdrawal(user, body.id, body.status));
  r(wallet.adminAdjustCredit, ({ body, user, request }) => service.adjustCredit(user, body, idempotencyKeyOf(request)));
  r(wallet.adminGetMyBank, async () => ({ status: "Success" as const, bankArr: (await service.receivingBanks()).map(bankView) }));
  r(wallet.adminSaveMyBank, ({ body, user }) => service.saveReceivingBank(user, body).then((banks) => ({ status: "Success" as const, bankArr: banks.map(bankView) })));
  r(wallet.adminGetLog, ({ body }) => service.moneyLog(body.uuid, body.dayperiod));
  r(wallet.adminFindUser, ({ body, user }) => service.findUsers(user, body.query));
  r(wallet.adminUpdateWalletConfig, ({ body, user }) => service.updateConfig(user, body));
  r(wallet.adminLedgerCheck, async () => ({ status: "Success" as const, ...(await checkLedger(db)) }));
}
