import type { FastifyInstance } from "fastify";
import { lottery } from "../../contract";
import { writeAudit } from "../admin/audit";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { type Authenticate, routesOf } from "../http/register-route";
import { refusalLog, verifyFeed } from "./feed";
import { lotteryService } from "./service";

/** Posts a minute one address may send to the result feed (a real feed sends a few an hour). */
const FEED_PER_MINUTE = 60;

export function lotteryRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db, feedSecret: string | undefined) {
  const service = lotteryService(db);
  const r = routesOf(app, authenticate);

  r(lottery.getActivityYeekee, ({ params }) => service.yeekeeActivities(params.id));
  r(lottery.getActivityOtherLotto, ({ body }) => service.otherActivities(body.configID));
  r(lottery.checkTimeout, ({ body }) => service.checkTimeout(body.activityid));
  r(lottery.lottoList, () => service.lottoList());
  r(lottery.cacheData, ({ body, user }) => service.cacheData(user, body));
  r(lottery.award, ({ body }) => service.awards(body.activityid));
  r(lottery.getAllAwardList, ({ body }) => service.allAwards(body.date));

  r(lottery.addAward, ({ body, user }) => service.addAward(user, body));
  r(lottery.closeActivity, ({ body, user }) => service.closeEarly(user, body.activityid));
  r(lottery.cancelActivity, ({ body, user }) => service.cancel(user, body.activityid, body.note));
  r(lottery.readLogAdminCancelActivity, ({ body }) => service.roundLog(body.activityid));
  r(lottery.adminLotteries, () => service.adminLotteries());
  r(lottery.adminUpdateLottery, ({ body, user }) => service.updateLottery(user, body));
  r(lottery.adminRounds, ({ body }) => service.adminRounds(body.date, body.configID));

  // Machines post results with an HMAC signature instead of a token; a bad one is refused and logged,
  // at most one audit row per address and problem a minute (the rest counted into it), and an address
  // may post at most FEED_PER_MINUTE times a minute.
  const refusals = refusalLog(async (e) => {
    await writeAudit(db, { actorId: null, action: "feed.rejected", target: `feed:${e.ip}`, after: { problem: e.problem, ip: e.ip, count: e.count, first: e.first } });
  });
  app.addHook("onClose", () => refusals.flush());
  r(
    lottery.resultFeed,
    async ({ body, request }) => {
      const problem = verifyFeed(request, feedSecret);
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
