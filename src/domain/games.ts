// Huakoi (heads or tails) and hi-low (three dice) between players (docs/decisions/016). The
// creator's hidden choice is committed with SHA-256 before anyone guesses; the browser recomputes the
// commitment from the reveal with the same canonical text and the same SHA-256 (yeekee.ts) as the server.
import { sha256Hex } from "./yeekee";

export const GAME_TYPES = ["huakoi", "hilow"] as const;
export type GameType = (typeof GAME_TYPES)[number];

export const GAME_LABELS: Readonly<Record<GameType, string>> = { huakoi: "หัวก้อย", hilow: "ไฮโล" };

export const HUAKOI_SIDES = ["หัว", "ก้อย"] as const;
export const HILOW_SIDES = ["สูง", "ต่ำ"] as const;
export type GameSide = (typeof HUAKOI_SIDES)[number] | (typeof HILOW_SIDES)[number];

export const sidesOf = (type: GameType): readonly GameSide[] => (type === "huakoi" ? HUAKOI_SIDES : HILOW_SIDES);

export type Dice = readonly [number, number, number];

export function isDie(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;
}

/** High is a total of 11-18, low 3-10. */
export function hilowSide(dice: Dice): (typeof HILOW_SIDES)[number] {
  return dice[0] + dice[1] + dice[2] >= 11 ? "สูง" : "ต่ำ";
}

/** The hidden outcome a guess is compared with: the creator's side, or the dice's side. */
export function hiddenSide(type: GameType, choice: GameSide | null, dice: Dice | null): GameSide {
  if (type === "hilow") {
    if (!dice) throw new RangeError("A hi-low game has dice");
    return hilowSide(dice);
  }
  if (choice !== "หัว" && choice !== "ก้อย") throw new RangeError("A huakoi game hides หัว or ก้อย");
  return choice;
}

/** The text whose SHA-256 is the commitment: the game's id, type, hidden choice, dice and salt (hex). */
export function commitmentText(g: { id: number; type: GameType; choice: GameSide | null; dice: Dice | null; saltHex: string }): string {
  return `game:${g.id}|type:${g.type}|choice:${g.choice ?? ""}|dice:${g.dice ? g.dice.join(",") : ""}|salt:${g.saltHex}`;
}

export function verifyCommitment(g: Parameters<typeof commitmentText>[0], commitment: string): boolean {
  return sha256Hex(commitmentText(g)) === commitment.toLowerCase();
}

/**
 * What a decided game pays, in satang: the pot is both stakes; the house fee is `feeBp` basis points of
 * the pot rounded up (the satang remainder of the fee arithmetic goes to the house); the winner receives
 * the rest. fee + payout = pot exactly.
 */
export function gameSettlement(priceSatang: number, feeBp: number): { pot: number; fee: number; payout: number } {
  if (!Number.isSafeInteger(priceSatang) || priceSatang <= 0) throw new RangeError(`Stake must be whole satang: ${priceSatang}`);
  if (!Number.isInteger(feeBp) || feeBp < 0 || feeBp > 5000) throw new RangeError(`Fee must be 0-5000 basis points: ${feeBp}`);
  const pot = priceSatang * 2;
  const fee = Math.ceil((pot * feeBp) / 10_000);
  return { pot, fee, payout: pot - fee };
}
