import type { FastifyInstance } from "fastify";
import { lottery } from "../../contract";
import { writeAudit } from "../admin/audit";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { type Authenticate, routesOf } from "../http/register-route";
import { refusalLog, verifyFeed } from "../http/signed-feed";
import { lotteryService } from "./service";
import {
  activityView,
  adminLotteryView,
  adminRoundView,
  allAwardsView,
  awardView,
  cancelMessage,
  lottoListItemView,
  otherActivitiesView,
  roundEventView,
  timeoutView,
  yeekeeActivitiesView,
} from "./views";

/** Posts a minute one address may send to the result feed (a real feed sends a few an hour). */
const FEED_PER_MINUTE = 60;

export function lotteryRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db, feedSecret: string | undefined) {
  const service = lotteryService(db);
  const r = routesOf(app, authenticate);

  // A day's rounds and the lotto list are the largest answers a page loads (17-25 KB of JSON): compressed (docs/decisions/067).
  const LIST = { compress: true };
  r(
    lottery.getActivityYeekee,
    async ({ params }) => ({
      status: "Success" as const,
      ...yeekeeActivitiesView(await service.yeekeeActivities(params.id)),
    }),
    LIST,
  );
  r(
    lottery.getActivityOtherLotto,
    async ({ body }) => ({
      status: "Success" as const,
      ...otherActivitiesView(await service.otherActivities(body.configID)),
    }),
    LIST,
  );
  r(lottery.checkTimeout, async ({ body }) => ({
    status: "Success" as const,
    ...timeoutView(await service.checkTimeout(body.activityid)),
  }));
  r(lottery.lottoList, async () => ({ status: "Success" as const, lottoList: (await service.lottoList()).map(lottoListItemView) }), LIST);
  r(lottery.cacheData, async ({ body, user }) => ({ status: "Success" as const, val: await service.cacheData(user, body) }));
  r(lottery.award, async ({ body }) => ({ status: "Success" as const, awardlist: (await service.awards(body.activityid)).map(awardView) }));
  r(lottery.getAllAwardList, async ({ body }) => ({ status: "Success" as const, ...allAwardsView(await service.allAwards(body.date)) }));

  r(lottery.addAward, async ({ body, user }) => {
    const done = await service.addAward(user, body);
    if (done.preview) {
      return {
        status: "Success" as const,
        message: "ตัวอย่างเลขที่ถูกรางวัลและยอดจ่าย (ยังไม่บันทึก)",
        preview: true,
        winning: done.winning,
        awardlist: done.lines,
        payout: done.payout,
      };
    }
    return {
      status: "Success" as const,
      message: !done.changed ? "ผลนี้ตรงกับผลที่บันทึกไว้แล้ว ไม่มีการเปลี่ยนแปลง" : done.correction ? "แก้ผลรางวัลแล้ว" : "บันทึกผลรางวัลแล้ว",
      preview: false,
      winning: done.winning,
      awardlist: done.lines,
    };
  });
  r(lottery.closeActivity, async ({ body, user }) => ({
    status: "Success" as const,
    message: "ปิดรับแทงงวดนี้แล้ว",
    activity: activityView(await service.closeEarly(user, body.activityid)),
  }));
  r(lottery.cancelActivity, async ({ body, user }) => {
    const { round, refunded, pending } = await service.cancel(user, body.activityid, body.note);
    return { status: "Success" as const, message: cancelMessage(refunded, pending), activity: activityView(round), refunded, pending };
  });
  r(lottery.readLogAdminCancelActivity, async ({ body }) => ({
    status: "Success" as const,
    loglist: (await service.roundLog(body.activityid)).map(roundEventView),
  }));
  r(lottery.adminLotteries, async () => ({
    status: "Success" as const,
    lotteries: (await service.adminLotteries()).map(adminLotteryView),
  }));
  r(lottery.adminUpdateLottery, async ({ body, user }) => ({
    status: "Success" as const,
    lottery: adminLotteryView(await service.updateLottery(user, body)),
  }));
  r(lottery.adminRounds, async ({ body }) => ({
    status: "Success" as const,
    activitylist: (await service.adminRounds(body.date, body.configID)).map(adminRoundView),
  }));

  // Machines post results with an HMAC signature instead of a token; a bad one is refused and logged,
  // at most one audit row per address and problem a minute (the rest counted into it), and an address
  // may post at most FEED_PER_MINUTE times a minute.
  const refusals = refusalLog(async (e) => {
    await writeAudit(db, {
      actorId: null,
      action: "feed.rejected",
      target: `feed:${e.ip}`,
      after: { problem: e.problem, ip: e.ip, count: e.count, first: e.first },
    });
  });
  app.addHook("onClose", () => refusals.flush());
  r(
    lottery.resultFeed,
    async ({ body, request }) => {
      const problem = verifyFeed(request, feedSecret, "RESULT_FEED_SECRET");
      if (problem) {
        request.log.warn({ problem, ip: request.ip, activityid: body.activityid }, "result feed refused");
        await refusals.refused(request.ip, problem);
        throw new ApiError(401, "ลายมือชื่อของข้อมูลผลรางวัลไม่ถูกต้อง");
      }
      const { activityid, ...fields } = body;
      const done = await service.recordResult(activityid, fields, { actorId: null, correction: false, source: "feed" });
      return { status: "Success" as const, message: done.changed ? "บันทึกผลรางวัลแล้ว" : "ผลรางวัลนี้บันทึกไว้แล้ว" };
    },
    { rateLimitPerMinute: FEED_PER_MINUTE },
  );
}
