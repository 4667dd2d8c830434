import { sql } from "drizzle-orm";
import { writeAudit } from "../admin/audit";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { refundRound } from "../settlement/settle";
import * as repo from "./repository";
import { lotteryService } from "./service";

export type TwinCleanUp = { cancelled: number[]; refunded: number; settled: number[] };

/**
 * Cancels, through the admin's own cancel path (refunds posted by the ledger's primitive), every round that
 * is a twin of a draw another round holds, and leaves an audit row for each (docs/decisions/033). Runs at
 * start-up after the migrations and before the ticker; idempotent: a cancelled twin is not cancelled again,
 * its refund is one per slip, and a twin with a result (settled, its payouts made) is only reported, once,
 * for an operator to decide.
 */
export async function cancelRoundTwins(db: Db): Promise<TwinCleanUp> {
  const service = lotteryService(db);
  const done: TwinCleanUp = { cancelled: [], refunded: 0, settled: [] };
  for (const twin of await repo.roundTwins(db)) {
    const id = Number(twin.id);
    const keeper = Number(twin.keeper_id);
    if (twin.status === "open" || twin.status === "closed") {
      try {
        const r = await service.cancelRound(null, id, `งวดซ้ำกับงวด #${keeper} ของวันออกผลเดียวกัน ระบบยกเลิกและคืนเครดิตอัตโนมัติ`, {
          action: "round.twin.cancel",
          after: { keeper },
        });
        done.cancelled.push(id);
        done.refunded += r.refunded;
      } catch (e) {
        // Another instance starting at the same moment cancelled it first: it refunds the slips (and the
        // ticker finishes any it leaves).
        if (!(e instanceof ApiError && e.statusCode === 409)) throw e;
      }
    } else if (twin.status === "cancel activity" && twin.active_slips > 0) {
      // Cancelled, but slips are still waiting (a stop mid-refund): the same idempotent refund finishes them.
      done.refunded += await refundRound(db, id);
    } else if (twin.status === "add award") {
      const reported = await db.execute(sql`
        select 1 from audit_log where action = 'round.twin.settled' and target = ${`round:${id}`} limit 1`);
      if (reported.rows.length === 0) {
        await writeAudit(db, { actorId: null, action: "round.twin.settled", target: `round:${id}`, after: { keeper } });
        done.settled.push(id);
      }
    }
  }
  return done;
}
