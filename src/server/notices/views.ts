import type { z } from "zod";
import type { notices } from "../../contract";
import { satangToBaht } from "../../domain/money";
import { formatThaiDateTime } from "../../domain/thai-date";
import type * as repo from "./repository";

type Notice = z.infer<typeof notices.Notice>;

export function noticeView(n: repo.NoticeRow): Notice {
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
