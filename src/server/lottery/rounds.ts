import type { Tx } from "../db/client";
import * as repo from "./repository";

// How another area changes a round's state (docs/decisions/040): yeekee's ticker step decides its rounds,
// and the round's state still changes in one place, the lottery's repository.

/** Voids a round that is still open or closed (cancelled as an operator's cancel would), with its event; false if it was neither. */
export async function voidRound(tx: Tx, roundId: number, event: { note: string; data: unknown }): Promise<boolean> {
  if (!(await repo.cancelRound(tx, roundId))) return false;
  await repo.addRoundEvent(tx, { roundId, event: "void", note: event.note, data: event.data });
  return true;
}

/** Writes a round's award lines and its result (status `add award`), with the event that decided it. */
export async function decideRound(
  tx: Tx,
  roundId: number,
  d: { lines: Array<{ award_type: string; number: string }>; result: unknown; event: string; data: unknown },
): Promise<void> {
  await repo.replaceAwards(tx, roundId, d.lines);
  await repo.setRoundResult(tx, roundId, d.result);
  await repo.addRoundEvent(tx, { roundId, event: d.event, data: d.data });
}
