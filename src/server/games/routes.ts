import type { FastifyInstance } from "fastify";
import { games } from "../../contract";
import type { Db } from "../db/client";
import { idempotencyKeyOf } from "../http/idempotency";
import { type Authenticate, routesOf } from "../http/register-route";
import { gamesService } from "./service";

export function gamesRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = gamesService(db);
  const r = routesOf(app, authenticate);

  r(games.addHuakoiHilow, ({ body, user, request }) => service.create(user, body, idempotencyKeyOf(request)), { rateLimitPerMinute: 60 });
  r(games.readHuakoiHilow, ({ body, user }) => service.open(user, body));
  r(games.readHuakoiHilowOwner, ({ body, user }) => service.mine(user, body));
  r(games.guessHuakoiHilow, ({ body, user, request }) => service.guess(user, body, idempotencyKeyOf(request)), { rateLimitPerMinute: 120 });
  r(games.cancelHuakoiHilow, ({ body, user }) => service.cancel(user, body));
  r(games.getHuakoiHilowLog, ({ body, user }) => service.history(user, body));
  r(games.readGameLogCreateCancelUuid, ({ body, user }) => service.createdAndCancelled(user, body));
  r(games.readGamehuakoirankingBydate, ({ body }) => service.ranking(body));
  r(games.adminGameSummary, ({ body, user }) => service.adminSummary(user, body.dayperiod));
  r(games.adminSaveGameConfig, ({ body, user }) => service.saveConfig(user, body));
  r(games.adminPlayerGames, ({ body, user }) => service.playerGames(user, body));
}
