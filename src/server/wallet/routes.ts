import type { FastifyInstance } from "fastify";
import { auth, wallet } from "../../contract";
import { satangToBaht } from "../../domain/money";
import type { Db } from "../db/client";
import { idempotencyKeyOf } from "../http/idempotency";
import { type Authenticate, routesOf } from "../http/register-route";
import { checkLedger } from "./ledger-check";
import { walletService } from "./service";
import {
  bankView,
  depositRequestView,
  foundUserView,
  moneyLogView,
  openDepositRequestView,
  payRecordView,
  queuedPayRecordView,
  slipDataUrl,
  withdrawalView,
} from "./views";

/** `autoDeposit`: whether deposits are credited from the bank's records by themselves (the bank area's answer). */
export function walletRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db, autoDeposit: () => Promise<boolean>) {
  const service = walletService(db);
  const r = routesOf(app, authenticate);

  r(wallet.readWalletConfig, async () => ({
    status: "Success" as const,
    config: await service.config(),
    autoDeposit: await autoDeposit(),
  }));
  r(auth.getCredit, async ({ body, user }) => ({
    status: "Success" as const,
    credit: satangToBaht(await service.credit(user, body?.uuid)),
  }));
  r(
    wallet.gentAmount,
    async ({ body, user }) => ({ status: "Success" as const, ...openDepositRequestView(await service.requestDepositAmount(user, body)) }),
    { rateLimitPerMinute: 20 },
  );
  r(wallet.readOpenDepositRequest, async ({ body, user }) => {
    const open = await service.openDepositRequest(user, body?.uuid);
    const credited = await service.lastCredited(user);
    return {
      status: "Success" as const,
      request: open ? openDepositRequestView(open) : null,
      lastCredited: credited ? { transection: credited.transection, amount: credited.amount, at: credited.at.toISOString() } : null,
    };
  });
  r(wallet.cancelDepositRequest, async ({ body, user }) => {
    await service.cancelDepositRequest(user, body);
    return { status: "Success" as const, message: "ยกเลิกรายการขอฝากแล้ว" };
  });
  r(wallet.readDepositRequests, async ({ body, user }) => ({
    status: "Success" as const,
    depositRequests: (await service.depositRequests(user, body.uuid, body.dayperiod)).map(depositRequestView),
  }));
  // A slip of up to 2 MB travels as base64 (about 2.7 MB of JSON).
  r(
    wallet.addPaynow,
    async ({ body, user }) => ({
      status: "Success" as const,
      message: "แจ้งโอนแล้ว รอเจ้าหน้าที่ตรวจสอบ",
      id: await service.reportTransfer(user, body),
    }),
    { bodyLimit: 3 * 1024 * 1024 },
  );
  r(wallet.readPayRecordByUuid, async ({ body, user }) => ({
    status: "Success" as const,
    arrPayRecordByUserAllStatus: (await service.payRecords(user, body.uuid, body.dayperiod)).map(payRecordView),
  }));
  r(wallet.addWithdrawal, async ({ body, user, request }) => {
    const { id, credit } = await service.withdraw(user, body, idempotencyKeyOf(request));
    const message = "ส่งคำขอถอนเงินแล้ว รอเจ้าหน้าที่ดำเนินการ";
    return { status: "Success" as const, msg: message, message, id, credit };
  });
  r(wallet.readWithdrawalList, async ({ body, user }) => ({
    status: "Success" as const,
    withdrawallist: (await service.withdrawals(user, body.uuid, body.dayperiod)).map(withdrawalView),
  }));

  r(wallet.adminListPaynow, async ({ body }) => ({
    status: "Success" as const,
    paynowlist: (await service.pendingPayRecords(body.status, body.dayperiod)).map(queuedPayRecordView),
  }));
  r(wallet.adminPaynowSlip, async ({ body }) => ({ status: "Success" as const, slip: slipDataUrl(await service.slip(body.id)) }));
  r(wallet.adminApprovePaynow, async ({ body, user }) => ({
    status: "Success" as const,
    message: body.status === "Approve" ? "อนุมัติและเติมเครดิตแล้ว" : "ปฏิเสธรายการแล้ว",
    record: payRecordView(await service.decidePayRecord(user, body.id, body.status)),
  }));
  r(wallet.adminListWithdrawal, async ({ body }) => ({
    status: "Success" as const,
    withdrawallist: (await service.pendingWithdrawals(body.status, body.dayperiod)).map(withdrawalView),
  }));
  r(wallet.adminApproveWithdrawal, async ({ body, user }) => ({
    status: "Success" as const,
    message: body.status === "Approve" ? "อนุมัติการถอนแล้ว" : "ปฏิเสธการถอนและคืนเครดิตแล้ว",
    record: withdrawalView(await service.decideWithdrawal(user, body.id, body.status)),
  }));
  r(wallet.adminAdjustCredit, async ({ body, user, request }) => ({
    status: "Success" as const,
    message: "ปรับเครดิตแล้ว",
    credit: (await service.adjustCredit(user, body, idempotencyKeyOf(request))).credit,
  }));
  r(wallet.adminGetMyBank, async () => ({ status: "Success" as const, bankArr: (await service.receivingBanks()).map(bankView) }));
  r(wallet.adminSaveMyBank, ({ body, user }) =>
    service.saveReceivingBank(user, body).then((banks) => ({ status: "Success" as const, bankArr: banks.map(bankView) })),
  );
  r(wallet.adminGetLog, async ({ body }) => moneyLogView(await service.moneyLog(body.uuid, body.dayperiod)));
  r(wallet.adminFindUser, async ({ body, user }) => ({
    status: "Success" as const,
    users: (await service.findUsers(user, body.query)).map(foundUserView),
  }));
  r(wallet.adminUpdateWalletConfig, async ({ body, user }) => ({
    status: "Success" as const,
    config: await service.updateConfig(user, body),
  }));
  r(wallet.adminLedgerCheck, async () => ({ status: "Success" as const, ...(await checkLedger(db)) }));
}
