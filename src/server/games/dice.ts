import { randomInt } from "node:crypto";
import type { Dice } from "../../domain/games";

/** Three unbiased dice from the operating system's cryptographic source (randomInt rejects out-of-range draws instead of taking a modulo). */
export function rollDice(): Dice {
  return [randomInt(1, 7), randomInt(1, 7), randomInt(1, 7)];
}
