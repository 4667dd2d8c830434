import type { z } from "zod";
import type { account } from "../../contract";
import type { MovementSource } from "../../contract/account";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";
import { assertOwnUuid, type AuthUser } from "../http/register-route";
import { playerAccountId, playerBalance } from "../wallet/ledger";
import * as repo from "./repository";

type HistoryQuery = z.output<typeof account.readMoneyHistory.body>;

/** A page of the player's money history: the credit (satang), each movement with what it came from, the next page's start. */
export interface MoneyHistory {
  balance: bigint;
  entries: Array<{ row: repo.MovementRow; source: MovementSource | null }>;
  next: number | null;
}

/** The player's wins since the mark: their total (satang), the slips, and the last payout they cover (0: none). */
export interface WinNotice {
  total: bigint;
  slips: repo.WonSlipRow[];
  upTo: number;
}

const NO_WINS: WinNotice = { total: 0n, slips: [], upTo: 0 };

/** What a ledger reference points at (the formats the movements write: `slip:12`, `round:5:lines:1-9`, `paynow:3` …). */
type ParsedReference =
  | { type: "slip"; id: number }
  | { type: "round"; round: number; first: number | null; last: number | null }
  | Exclude<MovementSource, { type: "slips" }>
  | null;

function parseReference(reference: string | null): ParsedReference {
  if (!reference) return null;
  const parts = reference.split(":");
  const n = (i: number) => Number(parts[i]);
  switch (parts[0]) {
    case "slip":
      return { type: "slip", id: n(1) };
    case "round": {
      const range = parts[2] === "lines" ? parts[3]?.split("-").map(Number) : null;
      return { type: "round", round: n(1), first: range?.[0] ?? null, last: range?.[1] ?? null };
    }
    case "paynow":
      return { type: "deposit", id: n(1) };
    case "withdrawal":
      return { type: "withdrawal", id: n(1) };
    case "game":
      return { type: "game", id: n(1) };
    case "yeekee":
      return { type: "yeekee", round: n(1), position: n(2) };
    case "redemption":
      return { type: "redemption", id: n(1) };
    case "affiliate-withdrawal":
      return { type: "affiliate", id: n(1) };
    default:
      return null;
  }
}

export function accountService(db: Db) {
  return {
    /** Every movement of the player's credit, newest first, a page at a time (`/api/read-money-history`). */
    async history(user: AuthUser, q: HistoryQuery): Promise<MoneyHistory> {
      assertOwnUuid(user, q.uuid);
      const accountId = await playerAccountId(db, user.uuid);
      // The credit is read before the page: a movement landing between the two shows on the page with a
      // balance past the credit, never the other way round (a reload shows both).
      const credit = await playerBalance(db, user.uuid);
      const rows = await repo.movements(db, {
        accountId,
        days: q.dayperiod,
        before: q.before ?? null,
        kinds: q.kinds && q.kinds.length > 0 ? q.kinds : null,
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const parsed = page.map((r) => parseReference(r.reference));
      // The page's round movements (payouts, refunds of a cancelled round, corrections), each with its slips.
      const roundRows = page.flatMap((r, i) => {
        const p = parsed[i];
        return p?.type === "round"
          ? [{ row: i, round: p.round, first: p.first, last: p.last, status: r.kind === "stake.refund" ? "non reactive" : null }]
          : [];
      });
      const roundSlips = await repo.slipsOfRoundMovements(db, user.uuid, roundRows);
      const slipsOfRow = new Map<number, number[]>();
      for (const s of roundSlips) {
        const row = roundRows[s.ref]!.row;
        slipsOfRow.set(row, [...(slipsOfRow.get(row) ?? []), Number(s.slip_id)]);
      }
      const sourceOf = (p: ParsedReference, row: number): MovementSource | null => {
        if (p === null) return null;
        if (p.type === "slip") return { type: "slips", round: null, slips: [p.id] };
        if (p.type === "round") return { type: "slips", round: p.round, slips: slipsOfRow.get(row) ?? [] };
        return p;
      };
      return {
        balance: credit,
        entries: page.map((row, i) => ({ row, source: sourceOf(parsed[i]!, i) })),
        next: rows.length > q.limit ? Number(page[page.length - 1]!.id) : null,
      };
    },

    /**
     * The player's slips won since the mark (`/api/read-win-notice`): read from the payouts in their credit
     * account after it, so the settlement path writes nothing for the notice.
     */
    async winNotice(user: AuthUser, uuid: string | undefined): Promise<WinNotice> {
      assertOwnUuid(user, uuid);
      // An operator has no credit account, and so no wins: the shell asks on every page all the same.
      if (user.role !== "player") return NO_WINS;
      const accountId = await playerAccountId(db, user.uuid);
      const mark = await repo.winMark(db, user.uuid);
      const payouts = await repo.unseenPayouts(db, accountId, mark);
      if (payouts.length === 0) return NO_WINS;
      const ranges = payouts.flatMap((p) => {
        const ref = parseReference(p.reference);
        return ref?.type === "round" && ref.first !== null && ref.last !== null
          ? [{ round: ref.round, first: ref.first, last: ref.last }]
          : [];
      });
      const won = await repo.wonSlips(db, user.uuid, ranges);
      const total = won.reduce((s, w) => s + BigInt(w.win), 0n);
      return { total, slips: won, upTo: Number(payouts[payouts.length - 1]!.id) };
    },

    /** The player has seen the wins up to `upTo` (`/api/seen-win-notice`); the mark never moves back. */
    async seenWins(user: AuthUser, body: { uuid?: string; upTo: number }): Promise<void> {
      assertOwnUuid(user, body.uuid);
      const accountId = await playerAccountId(db, user.uuid);
      await repo.moveWinMark(db, user.uuid, accountId, body.upTo);
    },

    /** A lottery's last N results (`/api/read-result-history`), for the two-digit statistics. */
    async resultHistory(lotteryId: string, n: number): Promise<{ name: string; draws: repo.DrawRow[] }> {
      const name = await repo.lotteryName(db, lotteryId);
      if (name === null) throw notFound("ไม่พบหวยนี้");
      return { name, draws: await repo.lastDraws(db, lotteryId, n) };
    },
  };
}
