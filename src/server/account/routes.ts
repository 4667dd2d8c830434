import type { FastifyInstance } from "fastify";
import { account } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { accountService } from "./service";
import { moneyHistoryView, resultHistoryView, winNoticeView } from "./views";

/** The player's own account: money history, win notice, results history (docs/decisions/028). */
export function accountRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = accountService(db);
  const r = routesOf(app, authenticate);

  r(account.readMoneyHistory, async ({ body, user }) => moneyHistoryView(await service.history(user, body)));
  r(account.readWinNotice, async ({ body, user }) => winNoticeView(await service.winNotice(user, body?.uuid)));
  r(account.seenWinNotice, async ({ body, user }) => {
    await service.seenWins(user, body);
    return { status: "Success" as const };
  });
  r(account.readResultHistory, async ({ body }) => resultHistoryView(await service.resultHistory(body.configID, body.draws)));
}
