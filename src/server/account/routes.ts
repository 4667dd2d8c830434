import type { FastifyInstance } from "fastify";
import { account } from "../../contract";
import type { Db } from "../db/client";
import { type Authenticate, routesOf } from "../http/register-route";
import { accountService } from "./service";

/** The player's own account: money history, win notice, results history (docs/decisions/028). */
export function accountRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = accountService(db);
  const r = routesOf(app, authenticate);

  r(account.readMoneyHistory, ({ body, user }) => service.history(user, body));
  r(account.readWinNotice, ({ body, user }) => service.winNotice(user, body?.uuid));
  r(account.seenWinNotice, ({ body, user }) => service.seenWins(user, body));
  r(account.readResultHistory, ({ body }) => service.resultHistory(body.configID, body.draws));
}
