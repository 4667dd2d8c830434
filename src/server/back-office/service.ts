import type { z } from "zod";
import type { backOffice } from "../../contract";
import { writeAudit } from "../admin/audit";
import { latestSlipsOf } from "../betting/player-slips";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";
import type { AuthUser } from "../http/register-route";
import { moneyLogOf, paymentsOf } from "../wallet/service";
import * as repo from "./repository";
import { PLAYER_LIST_PAGE_SIZE } from "../../contract/back-office";

/** How far back the player view reaches, and how many of each list it shows. */
const VIEW_DAYS = 90;
const VIEW_ROWS = 200;
const VIEW_SLIPS = 50;

/** Midnight in Bangkok (UTC+7, no daylight saving) at the start of a YYYY-MM-DD day. */
const bangkokMidnight = (day: string) => new Date(`${day}T00:00:00+07:00`);

export function backOfficeService(db: Db) {
  return {
    /** One player as the operator sees them; opening it reads personal details, so it is audited. */
    async playerView(admin: AuthUser, uuid: string) {
      const p = await repo.playerDetails(db, uuid);
      if (!p || p.role !== "player") throw notFound("ไม่พบผู้เล่น");
      const [log, slips, payments] = await Promise.all([
        moneyLogOf(db, uuid, VIEW_DAYS),
        latestSlipsOf(db, uuid, VIEW_SLIPS),
        paymentsOf(db, uuid, VIEW_DAYS),
      ]);
      await writeAudit(db, { actorId: admin.uuid, action: "player.view", target: `user:${uuid}` });
      return {
        player: p,
        log: log.entries.slice(0, VIEW_ROWS),
        slips,
        deposits: payments.deposits.slice(0, VIEW_ROWS),
        withdrawals: payments.withdrawals.slice(0, VIEW_ROWS),
      };
    },

    /**
     * A page of the player list in `sort` order, each player with the others same_person() takes for them
     * (possible duplicate accounts). It shows personal details, so it is audited as a search is.
     */
    async playerList(admin: AuthUser, sort: repo.PlayerListSort, page: number) {
      const rows = await repo.playerListPage(db, sort, PLAYER_LIST_PAGE_SIZE, (page - 1) * PLAYER_LIST_PAGE_SIZE);
      const same = await repo.samePersonsOf(
        db,
        rows.map((r) => r.id),
      );
      await writeAudit(db, { actorId: admin.uuid, action: "player.list", after: { sort, page } });
      // count(*) over () rides on each row; a page past the end has none, so the total is asked again.
      const total = rows.length > 0 ? Number(rows[0]!.total) : await repo.playerCount(db);
      return { rows, same, page, total, pages: Math.max(1, Math.ceil(total / PLAYER_LIST_PAGE_SIZE)) };
    },

    /** The report's rows of Bangkok days [from, to], from the ledger; audited (it is the site's books). */
    async report(admin: AuthUser, body: z.output<typeof backOffice.adminReport.body>) {
      const end = bangkokMidnight(body.to);
      end.setUTCDate(end.getUTCDate() + 1);
      const rows = await repo.reportRows(db, bangkokMidnight(body.from), end);
      await writeAudit(db, { actorId: admin.uuid, action: "report.read", after: { from: body.from, to: body.to } });
      return rows;
    },
  };
}

export type PlayerList = Awaited<ReturnType<ReturnType<typeof backOfficeService>["playerList"]>>;
export type PlayerView = Awaited<ReturnType<ReturnType<typeof backOfficeService>["playerView"]>>;
