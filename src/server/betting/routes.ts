import type { FastifyInstance } from "fastify";
import { betting } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { bettingService } from "./service";
import { roundLineView, slipListView, slipsView, slipView } from "./views";

export function bettingRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = bettingService(db);
  const r = routesOf(app, authenticate);

  r(betting.getLottoConfigByActivityId, ({ body, user }) => service.lottoConfig(user, body.activity_id));
  r(betting.readNewDigitPriceAddLastTime, ({ body }) => service.latestDigitPrices(body.activity_id));
  r(betting.adminReadNewDigitPrice, ({ body }) => service.allDigitPrices(body.activity_id));
  r(betting.adminAddDigitPrice, ({ body, user }) => service.addDigitPrice(user, body));
  r(betting.postNumberDigit, ({ body, user }) => service.placeSlip(user, body));
  r(betting.cancelSlip, ({ body, user }) => service.cancelSlip(user, body));
  r(betting.getPostdigitCancelLog, async ({ body, user }) => ({
    status: "Success" as const,
    postnumberDigitCancelLog: slipsView(await service.cancelLog(user, body.uuid, body.dayperiod)),
  }));
  r(betting.readPostNumberDigit, async ({ body, user }) => ({
    status: "Success" as const,
    postdigit_list: slipsView(await service.slipsOfRound(user, body.activityid, body.uuid)),
  }));
  r(betting.readNumberDigit, async ({ body, user }) => ({
    status: "Success" as const,
    numberlist: (await service.linesOfRound(user, body.activity_id)).map(roundLineView),
  }));
  r(betting.getRefMasterId, async ({ body, user }) => {
    const { slip, lines } = await service.slipDetail(user, body.ref_masterID);
    return { status: "Success" as const, postDigitMasterObj: slipView(slip, lines) };
  });
  r(betting.sumPostDigit, ({ body, user }) => service.sums(user, body.activity_id));
  r(betting.postdigitList, async ({ body, user }) => ({ status: "Success" as const, ...slipListView(await service.recentSlips(user, body.period)) }));
  r(betting.checkToadThreeDigit, async ({ body }) => service.toadList(body.threedigit));
  r(betting.addDraftDigit, ({ body, user }) => service.addDraft(user, body.uuid, body.numberlist_str));
  r(betting.removeDraftDigit, ({ body, user }) => service.removeDraft(user, body.id));
  r(betting.readDraftDigit, ({ body, user }) => service.drafts(user, body.uuid));
  r(betting.adminLottoConfig, ({ body }) => service.adminRates(body.configID));
  r(betting.adminUpdateLottoConfig, ({ body, user }) => service.updateRate(user, body));
}
