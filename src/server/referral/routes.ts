import type { FastifyInstance } from "fastify";
import { referral } from "../../contract";
import type { Db } from "../db/client";
import { idempotencyKeyOf } from "../http/idempotency";
import { type Authenticate, routesOf } from "../http/register-route";
import { referralService } from "./service";

export function referralRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = referralService(db);
  const r = routesOf(app, authenticate);

  r(referral.getRelationship, ({ body, user }) => service.relationship(user, body.uuid));
  r(referral.getTottalPostdigitPriceChildren, ({ body, user }) => service.totals(user, body.uuid));
  r(referral.readSubsidyByDayPeriod, ({ body, user }) => service.byDay(user, body.uuid, body.dayperiod));
  r(referral.readSubsidyConfig, ({ body, user }) => service.configFor(user, body.uuid));
  r(referral.addWithdrawalAf, ({ body, user, request }) => service.withdraw(user, body, idempotencyKeyOf(request)));
  r(referral.readWithdrawalListAf, ({ body, user }) => service.withdrawals(user, body.uuid, body.dayperiod));

  r(referral.adminReadSubsidyConfig, () => service.adminConfig());
  r(referral.adminSaveSubsidyConfig, ({ body, user }) => service.saveConfig(user, body));
  r(referral.adminReferralTree, ({ body }) => service.tree(body.uuid));
  r(referral.adminChangeReferrer, ({ body, user }) => service.changeReferrer(user, body));
}
