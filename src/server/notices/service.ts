import type { WinningNumbers } from "../../domain/results";
import type { Db, Tx } from "../db/client";
import { forbidden, notFound } from "../http/errors";
import type { AuthUser } from "../http/register-route";
import * as repository from "./repository";

/** A player's notices: each player reads and marks only their own. */
/** The repository functions the service uses: the area's repository.ts, or plain objects in a test. */
export type NoticesData = Pick<typeof repository, "noticesOf" | "unreadCount" | "noticeOwner" | "markRead">;

export function noticesService(db: Db, repo: NoticesData = repository) {
  return {
    async mine(user: AuthUser) {
      const [list, unread] = await Promise.all([repo.noticesOf(db, user.uuid), repo.unreadCount(db, user.uuid)]);
      return { list, unread };
    },

    /** Marks one notice or all read; answers how many are still unread. */
    async markRead(user: AuthUser, body: { id?: number; all?: boolean }): Promise<number> {
      if (body.id !== undefined && !body.all) {
        const owner = await repo.noticeOwner(db, body.id);
        if (!owner) throw notFound("ไม่พบแจ้งเตือนนี้");
        if (owner !== user.uuid) throw forbidden("แจ้งเตือนนี้ไม่ใช่ของคุณ");
      }
      await repo.markRead(db, user.uuid, body.all ? null : (body.id ?? null));
      return repo.unreadCount(db, user.uuid);
    },
  };
}

/**
 * One notice per player whose winnings a result correction changes, in the correction's own transaction
 * (the lottery area's entry to notices, docs/decisions/040). `source` names the correction (its round
 * event); with the player it is unique, so the same correction never tells a player twice.
 */
export async function writeCorrectionNotices(
  tx: Tx,
  n: {
    source: string;
    roundId: number;
    round: { name: string; round_no: number; date_th: string };
    before: WinningNumbers;
    after: WinningNumbers;
    reason: string;
    /** Satang per player: + added, − taken back; players with 0 are not told. */
    changes: Array<{ userId: string; amount: bigint }>;
  },
): Promise<void> {
  const changed = n.changes.filter((c) => c.amount !== 0n);
  if (changed.length === 0) return;
  await repository.insertCorrectionNotices(tx, {
    source: n.source,
    roundId: n.roundId,
    data: { ...n.round, before: n.before, after: n.after, reason: n.reason },
    changes: changed,
  });
}
