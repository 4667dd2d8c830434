import type { FastifyInstance } from "fastify";
import { referral } from "../../contract";
import { baht, formatMoney } from "../../domain/money";
import type { Db } from "../db/client";
import { idempotencyKeyOf } from "../http/idempotency";
import { type Authenticate, routesOf } from "../http/register-route";
import { referralService } from "./service";
import { afWithdrawalView, commissionDayView, relationshipView, totalsView, treeView } from "./views";

export function referralRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = referralService(db);
  const r = routesOf(app, authenticate);

  r(referral.getRelationship, async ({ body, user }) => relationshipView(await service.relationship(user, body.uuid)));
  r(referral.getTottalPostdigitPriceChildren, async ({ body, user }) => totalsView(await service.totals(user, body.uuid)));
  r(referral.readSubsidyByDayPeriod, async ({ body, user }) => ({
    status: "Success" as const,
    subsidylist: (await service.byDay(user, body.uuid, body.dayperiod)).map(commissionDayView),
  }));
  r(referral.readSubsidyConfig, async ({ body, user }) => ({
    status: "Success" as const,
    config_str: JSON.stringify(await service.configFor(user, body.uuid)),
  }));
  r(referral.addWithdrawalAf, async ({ body, user, request }) => {
    const moved = await service.withdraw(user, body, idempotencyKeyOf(request));
    const message = `โยกค่าคอม ${formatMoney(baht(body.amount))} บาท เข้าเครดิตแล้ว`;
    return {
      status: "Success" as const,
      msg: message,
      message,
      id: moved.id,
      credit: moved.credit,
      affiliate_credit: moved.affiliate_credit,
    };
  });
  r(referral.readWithdrawalListAf, async ({ body, user }) => ({
    status: "Success" as const,
    withdrawallist: (await service.withdrawals(user, body.uuid, body.dayperiod)).map(afWithdrawalView),
  }));

  r(referral.adminReadSubsidyConfig, async () => ({ status: "Success" as const, config: await service.adminConfig() }));
  r(referral.adminSaveSubsidyConfig, async ({ body, user }) => ({
    status: "Success" as const,
    message: "บันทึกอัตราค่าคอมแล้ว",
    config: await service.saveConfig(user, body),
  }));
  r(referral.adminReferralTree, async ({ body }) => treeView(await service.tree(body.uuid)));
  r(referral.adminChangeReferrer, async ({ body, user }) => {
    await service.changeReferrer(user, body);
    return { status: "Success" as const, message: body.referrer_uuid ? "เปลี่ยนผู้แนะนำแล้ว" : "เอาผู้แนะนำออกแล้ว" };
  });
}
