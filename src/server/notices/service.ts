import type { z } from "zod";
import type { notices } from "../../contract";
import { satangToBaht } from "../../domain/money";
import { formatThaiDateTime } from "../../domain/thai-date";
import type { Db } from "../db/client";
import { forbidden, notFound } from "../http/errors";
import type { AuthUser } from "../http/register-route";
import * as repo from "./repository";

type Notice = z.infer<typeof notices.Notice>;

function noticeView(n: repo.NoticeRow): Notice {
  return {
    id: Number(n.id),
    kind: "result.correction",
    activityid: n.round_id === null ? null : Number(n.round_id),
    name: n.data.name,
    round_no: n.data.round_no,
    date_th: n.data.date_th,
    before: n.data.before,
    after: n.data.after,
    amount: satangToBaht(BigInt(n.amount)),
    reason: n.data.reason,
    read: n.read_at !== null,
    date_time: formatThaiDateTime(n.created_at),
  };
}

/** A player's notices: each player reads and marks only their own. */
export function noticesService(db: Db) {
  return {
    async mine(user: AuthUser) {
      const [list, unread] = await Promise.all([repo.noticesOf(db, user.uuid), repo.unreadCount(db, user.uuid)]);
      return { status: "Success" as const, notices: list.map(noticeView), unread };
    },

    async markRead(user: AuthUser, body: { id?: number; all?: boolean }) {
      if (body.id !== undefined && !body.all) {
        const owner = await repo.noticeOwner(db, body.id);
        if (!owner) throw notFound("ไม่พบแจ้งเตือนนี้");
        if (owner !== user.uuid) throw forbidden("แจ้งเตือนนี้ไม่ใช่ของคุณ");
      }
      await repo.markRead(db, user.uuid, body.all ? null : (body.id ?? null));
      return { status: "Success" as const, unread: await repo.unreadCount(db, user.uuid) };
    },
  };
}
