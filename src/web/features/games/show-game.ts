import type { GameView } from "../../../contract/games";
import type { Dice } from "../../../domain/games";

/** A commitment cut to fit a phone line; the full value goes in the element's title. */
export const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 10)}…${hash.slice(-4)}` : hash);

/** How long ago a game was created, in Thai ("3 นาทีที่แล้ว"); "" when the server's timestamp does not parse. */
export function ageText(createdAt: string, now: number): string {
  const at = Date.parse(createdAt);
  if (!Number.isFinite(at)) return "";
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return "เมื่อสักครู่";
  if (minutes < 60) return `${minutes} นาทีที่แล้ว`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ชั่วโมงที่แล้ว`;
  return `${Math.floor(hours / 24)} วันที่แล้ว`;
}

export const STATUS_LABELS: Readonly<Record<GameView["status"], string>> = {
  open: "รอผู้ท้า",
  done: "จบแล้ว",
  cancelled: "ยกเลิกแล้ว คืนเงินเดิมพัน",
  expired: "หมดเวลา คืนเงินเดิมพัน",
};

export const STATUS_COLORS: Readonly<Record<GameView["status"], string>> = { open: "blue", done: "teal", cancelled: "gray", expired: "gray" };

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
