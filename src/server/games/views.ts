import type { GameView } from "../../contract/games";
import { hiddenSide } from "../../domain";
import { satangToBaht } from "../../domain/money";
import { maskUsername } from "../../domain/referral";
import { formatThaiDateTime } from "../../domain/thai-date";
import type { GameRow } from "./service";

/** A game as a player sees it: the hidden choice only once the game has ended, or to its creator. */
export function gameView(g: GameRow, viewer: string): GameView {
  const mine = g.creator_id === viewer;
  const reveal = g.status !== "open" || mine;
  return {
    id: Number(g.id),
    gametype: g.type,
    price: satangToBaht(BigInt(g.price)),
    creator: mine ? g.creator_name : maskUsername(g.creator_name),
    mine,
    commitment: g.commitment,
    status: g.status,
    created_at: new Date(g.created_at).toISOString(),
    date_time: formatThaiDateTime(g.ended_at ?? g.created_at),
    bet: reveal ? (g.type === "hilow" && g.t1 !== null ? hiddenSide("hilow", null, [g.t1, g.t2!, g.t3!]) : g.choice) : null,
    t1: reveal ? g.t1 : null,
    t2: reveal ? g.t2 : null,
    t3: reveal ? g.t3 : null,
    salt: reveal ? Buffer.from(g.salt).toString("hex") : null,
    guess: g.guess,
    winner: g.winner_id === null ? null : g.winner_id === g.creator_id ? "creator" : "challenger",
    payout: g.payout === null ? null : satangToBaht(BigInt(g.payout)),
    fee: g.fee === null ? null : satangToBaht(BigInt(g.fee)),
  };
}

/** A player's place in the ranking by net winnings, username masked. */
export function rankingView(x: { username: string; games: string; net: string }, i: number) {
  return { rank: i + 1, username: maskUsername(x.username), games: Number(x.games), net: satangToBaht(BigInt(x.net)) };
}
