import type { FastifyInstance } from "fastify";
import { games } from "../../contract";
import { baht, formatMoney, satangToBaht } from "../../domain/money";
import type { Db } from "../db/client";
import { idempotencyKeyOf } from "../http/idempotency";
import { type Authenticate, routesOf } from "../http/register-route";
import { gamesService } from "./service";
import { rankingView } from "./views";

export function gamesRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  const service = gamesService(db);
  const r = routesOf(app, authenticate);

  r(
    games.addHuakoiHilow,
    async ({ body, user, request }) => {
      const made = await service.create(user, body, idempotencyKeyOf(request));
      const message = "สร้างเกมแล้ว รอผู้ท้า";
      return { status: "Success" as const, msg: message, message, game: made.game, credit: made.credit };
    },
    { rateLimitPerMinute: 60 },
  );
  r(games.readHuakoiHilow, async ({ body, user }) => ({ status: "Success" as const, gamelist: await service.open(user, body) }));
  r(games.readHuakoiHilowOwner, async ({ body, user }) => ({ status: "Success" as const, gamelist: await service.mine(user, body) }));
  r(
    games.guessHuakoiHilow,
    async ({ body, user, request }) => {
      const g = await service.guess(user, body, idempotencyKeyOf(request));
      const message = g.result === "win" ? `ทายถูก ได้รับ ${formatMoney(baht(g.returnprice))} บาท` : "ทายผิด";
      return {
        status: "Success" as const,
        msg: message,
        message,
        result: g.result,
        bet: g.bet,
        returnprice: g.returnprice,
        t1: g.t1,
        t2: g.t2,
        t3: g.t3,
        salt: g.salt,
        commitment: g.commitment,
        credit: g.credit,
        game: g.game,
      };
    },
    { rateLimitPerMinute: 120 },
  );
  r(games.cancelHuakoiHilow, async ({ body, user }) => {
    const credit = satangToBaht(await service.cancel(user, body));
    const message = "ยกเลิกเกมและคืนเดิมพันแล้ว";
    return { status: "Success" as const, msg: message, message, credit };
  });
  r(games.getHuakoiHilowLog, async ({ body, user }) => ({ status: "Success" as const, gamelist: await service.history(user, body) }));
  r(games.readGameLogCreateCancelUuid, async ({ body, user }) => ({
    status: "Success" as const,
    gamelist: await service.createdAndCancelled(user, body),
  }));
  r(games.readGamehuakoirankingBydate, async ({ body }) => ({
    status: "Success" as const,
    gamehuakoirankingList: (await service.ranking(body)).map(rankingView),
  }));
  r(games.adminGameSummary, async ({ body, user }) => {
    const s = await service.adminSummary(user, body.dayperiod);
    return {
      status: "Success" as const,
      open: s.open,
      recent: s.recent,
      fees: satangToBaht(s.fees),
      escrow: satangToBaht(s.escrow),
      config: s.config,
    };
  });
  r(games.adminSaveGameConfig, async ({ body, user }) => ({
    status: "Success" as const,
    message: "บันทึกการตั้งค่าเกมแล้ว",
    config: await service.saveConfig(user, body),
  }));
  r(games.adminPlayerGames, async ({ body, user }) => ({ status: "Success" as const, gamelist: await service.playerGames(user, body) }));
}
