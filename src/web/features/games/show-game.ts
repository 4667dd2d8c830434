import type { GameView } from "../../../contract/games";
import type { Dice } from "../../../domain/games";

export const STATUS_LABELS: Readonly<Record<GameView["status"], string>> = {
  open: "รอผู้ท้า",
  done: "จบแล้ว",
  cancelled: "ยกเลิกแล้ว คืนเงินเดิมพัน",
  expired: "หมดเวลา คืนเงินเดิมพัน",
};

export const STATUS_COLORS: Readonly<Record<GameView["status"], string>> = {
  open: "blue",
  done: "teal",
  cancelled: "gray",
  expired: "gray",
};

const DIE_FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** "⚂ ⚄ ⚅ 3-5-6 รวม 14" */
export function diceText(dice: Dice): string {
  return `${dice.map((d) => DIE_FACES[d - 1] ?? "?").join(" ")} ${dice.join("-")} รวม ${dice[0] + dice[1] + dice[2]}`;
}

/** Whether the player won a finished game, from their side of it: `mine` means they created it. */
export function playerWon(g: Pick<GameView, "mine" | "winner">): boolean | null {
  if (g.winner === null) return null;
  return g.mine ? g.winner === "creator" : g.winner === "challenger";
}
