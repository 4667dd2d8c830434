import { commitmentText, type Dice, type GameSide, type GameType, hiddenSide, verifyCommitment } from "../../../domain/games";

/** What a game reveals once it has ended: the hidden choice (huakoi), the dice (hi-low) and the salt. */
export interface Reveal {
  id: number;
  gametype: GameType;
  bet: GameSide | null;
  t1: number | null;
  t2: number | null;
  t3: number | null;
  salt: string | null;
}

export function diceOf(r: Pick<Reveal, "t1" | "t2" | "t3">): Dice | null {
  return r.t1 !== null && r.t2 !== null && r.t3 !== null ? [r.t1, r.t2, r.t3] : null;
}

/**
 * The fields the commitment was made over, as src/domain/games.ts commits them: huakoi hides the
 * creator's side and has no dice; hi-low hides the dice and commits no choice (the side follows from
 * them). null until the salt is revealed.
 */
export function committedFields(r: Reveal): Parameters<typeof commitmentText>[0] | null {
  if (r.salt === null) return null;
  return {
    id: r.id,
    type: r.gametype,
    choice: r.gametype === "huakoi" ? r.bet : null,
    dice: r.gametype === "hilow" ? diceOf(r) : null,
    saltHex: r.salt,
  };
}

/**
 * SHA-256 of the revealed fields, recomputed here with the domain's own text and hash, compared with
 * the commitment published at creation. null before the reveal; false for a hi-low game without dice.
 */
export function commitmentMatches(r: Reveal, commitment: string): boolean | null {
  const fields = committedFields(r);
  if (fields === null) return null;
  if (fields.type === "hilow" && fields.dice === null) return false;
  return verifyCommitment(fields, commitment);
}

/** Whether `guess` beats the revealed outcome by the domain's rule; null when the reveal is incomplete. */
export function guessWins(r: Reveal, guess: GameSide): boolean | null {
  try {
    return hiddenSide(r.gametype, r.gametype === "huakoi" ? r.bet : null, diceOf(r)) === guess;
  } catch {
    return null;
  }
}
