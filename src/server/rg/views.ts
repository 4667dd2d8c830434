import type { z } from "zod";
import type { rg } from "../../contract";
import type { BreakView, LimitView, RgSettings } from "../../contract/rg";
import { satangToBaht } from "../../domain/money";
import {
  CONFIRM_WINDOW_MS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  pendingState,
  RAISE_COOLING_MS,
  RETURN_DELAY_MS,
  roomLeft,
} from "../../domain/rg";
import type { StateRow } from "./repository";
import { closed, type RgOutcome, type RgService } from "./service";

// Responsible play's replies (docs/decisions/040): the settings page's view of limits, reality check and
// break, and the operator's lists, in baht and ISO times.

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const baht = (satang: bigint | string) => satangToBaht(BigInt(satang));

type BreakFields = Pick<StateRow, "break_kind" | "break_started_at" | "break_until" | "return_requested_at">;

/** A break in force (or ended and not yet reopened) as the player and the operator see it. */
function breakView(s: BreakFields): BreakView {
  return {
    kind: s.break_kind!,
    started_at: iso(s.break_started_at)!,
    until: iso(s.break_until)!,
    return_requested_at: iso(s.return_requested_at),
    opens_at: s.return_requested_at ? new Date(new Date(s.return_requested_at).getTime() + RETURN_DELAY_MS).toISOString() : null,
  };
}

/** The settings page's answer to every call that reads or changes the settings. */
export function settingsView({ settings: s, message }: RgOutcome): RgSettings {
  const { state, now, limits } = s;
  const used = (kind: LimitKind, period: LimitPeriod) => {
    const u = s.usage.find((x) => x.period === period)!;
    if (kind === "deposit") return BigInt(u.deposits);
    return kind === "stake" ? BigInt(u.stakes) : BigInt(u.stakes) - BigInt(u.wins);
  };
  const limitViews: LimitView[] = LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => {
      const row = limits.find((l) => l.kind === kind && l.period === period);
      const spent = used(kind, period);
      const pendingAt = row?.pending_at ? new Date(row.pending_at) : null;
      const pending = pendingAt ? pendingState(pendingAt, now) : null;
      return {
        kind,
        period,
        amount: row ? baht(row.amount) : null,
        used: baht(spent < 0n ? 0n : spent),
        left: row ? baht(roomLeft(BigInt(row.amount), spent)) : null,
        pending:
          pendingAt && pending !== "lapsed"
            ? {
                amount: row!.pending_amount === null ? null : baht(row!.pending_amount),
                requested_at: pendingAt.toISOString(),
                confirmable_at: new Date(pendingAt.getTime() + RAISE_COOLING_MS).toISOString(),
                lapses_at: new Date(pendingAt.getTime() + RAISE_COOLING_MS + CONFIRM_WINDOW_MS).toISOString(),
                state: pending!,
              }
            : null,
      };
    }),
  );
  const dueAt = state?.reality_due_at ? new Date(state.reality_due_at) : null;
  const due = !!dueAt && dueAt <= now;
  const onBreak = state && closed(state);
  return {
    status: "Success",
    ...(message ? { message } : {}),
    limits: limitViews,
    reality: {
      minutes: state ? state.reality_minutes : 60,
      started_at: iso(state?.session_started_at ?? null),
      due_at: iso(dueAt),
      due,
      stakes: baht(s.stakes),
      net: baht(s.wins - s.stakes),
    },
    break: onBreak ? breakView(state) : null,
  };
}

type RgPlayerRow = Awaited<ReturnType<RgService["players"]>>[number];

export function rgPlayersView(rows: RgPlayerRow[]): z.input<typeof rg.adminRgPlayers.response> {
  return {
    status: "Success",
    players: rows.map((p) => ({
      uuid: p.uuid,
      username: p.username,
      limits: (p.limits ?? []).map((l) => ({ kind: l.kind, period: l.period, amount: baht(l.amount) })),
      break: p.closed ? breakView(p) : null,
      flagged_deposits: p.flagged,
    })),
  };
}

export function rgAuditView(rows: Awaited<ReturnType<RgService["auditOf"]>>): z.input<typeof rg.adminRgAudit.response> {
  return { status: "Success", lines: rows.map((l) => ({ ...l, at: new Date(l.at).toISOString() })) };
}
