import type { z } from "zod";
import type { points } from "../../contract";
import { satangToBaht } from "../../domain/money";
import { POINTS_SCALE, pointsLogLabel } from "../../domain/points";
import { formatThaiDateTime } from "../../domain/thai-date";
import type { pointsService } from "./service";

// The privilege points' replies (docs/decisions/040): points in whole points, money in baht.

const toPoints = (centi: string | number | bigint) => Number(centi) / POINTS_SCALE;

type PointsLog = Awaited<ReturnType<ReturnType<typeof pointsService>["log"]>>;

export function privilegeLogView(p: PointsLog): z.input<typeof points.getPrivilegeLog.response> {
  return {
    status: "Success",
    privilegeLog_arr: p.log.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      label: pointsLogLabel(r.kind),
      score: toPoints(r.amount),
      source: r.source,
      note: r.note,
      date_time: formatThaiDateTime(r.created_at),
      created_at: new Date(r.created_at).toISOString(),
    })),
    total_score: toPoints(p.usable),
    deposit_score: toPoints(p.depositToday),
    postdigit_total_today: satangToBaht(p.stakeToday),
    pending_score: toPoints(p.pending),
    level: p.level,
    stake_90d: satangToBaht(p.stake90d),
    next_level: p.next ? { name: p.next.name, threshold: p.next.threshold } : null,
  };
}
