import type { FastifyInstance } from "fastify";
import { betting } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { bettingService } from "./service";
import {
  adminRateView,
  baht,
  digitListMessage,
  digitPriceChangeView,
  digitPriceView,
  draftView,
  lottoConfigView,
  placedSlipView,
  roundLineView,
  slipListView,
  slipsView,
  slipView,
  sumsView,
} from "./views";

export function bettingRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = bettingService(db);
  const r = routesOf(app, authenticate);

  r(betting.getLottoConfigByActivityId, async ({ body, user }) => ({
    status: "Success" as const,
    ...lottoConfigView(await service.lottoConfig(user, body.activity_id), user.userType),
  }));
  r(betting.readNewDigitPriceAddLastTime, async ({ body }) => ({
    status: "Success" as const,
    new_digit_price: (await service.latestDigitPrices(body.activity_id)).map(digitPriceView),
  }));
  r(betting.adminReadNewDigitPrice, async ({ body }) => ({
    status: "Success" as const,
    new_digit_price: (await service.allDigitPrices(body.activity_id)).map(digitPriceChangeView),
  }));
  r(betting.adminAddDigitPrice, async ({ body, user }) => {
    const { closed, prices } = await service.addDigitPrice(user, body);
    return {
      status: "Success" as const,
      message: closed ? "ปิดรับเลขนี้แล้ว" : "ตั้งอัตราจ่ายเลขนี้แล้ว",
      new_digit_price: prices.map(digitPriceChangeView),
    };
  });
  r(betting.adminSaveDigitPriceList, async ({ body, user }) => {
    const { saved, unchanged, prices } = await service.saveDigitPriceList(user, body);
    return {
      status: "Success" as const,
      message: digitListMessage(saved, unchanged),
      saved,
      unchanged,
      new_digit_price: prices.map(digitPriceView),
    };
  });
  r(betting.adminCopyDigitPrices, async ({ body, user }) => {
    const { from, saved, unchanged, skipped, prices } = await service.copyDigitPrices(user, body.activity_id);
    return {
      status: "Success" as const,
      message: digitListMessage(saved, unchanged, skipped),
      from_activity_id: from,
      saved,
      unchanged,
      new_digit_price: prices.map(digitPriceView),
    };
  });
  r(betting.postNumberDigit, async ({ body, user }) => ({
    status: "Success" as const,
    ...placedSlipView(await service.placeSlip(user, body)),
  }));
  r(betting.cancelSlip, async ({ body, user }) => ({
    status: "Success" as const,
    message: "ยกเลิกโพยและคืนเครดิตแล้ว",
    credit: baht(await service.cancelSlip(user, body)),
  }));
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
  r(betting.sumPostDigit, async ({ body, user }) => ({
    status: "Success" as const,
    ...sumsView(await service.sums(user, body.activity_id)),
  }));
  r(betting.postdigitList, async ({ body, user }) => ({
    status: "Success" as const,
    ...slipListView(await service.recentSlips(user, body.period)),
  }));
  r(betting.checkToadThreeDigit, async ({ body }) => ({ status: "Success" as const, toadlist: service.toadList(body.threedigit) }));
  r(betting.addDraftDigit, async ({ body, user }) => ({
    status: "Success" as const,
    message: "บันทึกชุดเลขแล้ว",
    id: await service.addDraft(user, body.uuid, body.numberlist_str),
  }));
  r(betting.removeDraftDigit, async ({ body, user }) => {
    await service.removeDraft(user, body.id);
    return { status: "Success" as const, message: "ลบชุดเลขแล้ว" };
  });
  r(betting.readDraftDigit, async ({ body, user }) => ({
    status: "Success" as const,
    draftlist: (await service.drafts(user, body.uuid)).map(draftView),
  }));
  r(betting.adminLottoConfig, async ({ body }) => ({
    status: "Success" as const,
    rates: (await service.adminRates(body.configID)).map(adminRateView),
  }));
  r(betting.adminUpdateLottoConfig, async ({ body, user }) => {
    await service.updateRate(user, body);
    return { status: "Success" as const, message: "บันทึกอัตราจ่ายแล้ว มีผลกับโพยที่ส่งหลังจากนี้" };
  });
}
