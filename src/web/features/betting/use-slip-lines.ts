import { useCallback, useState } from "react";
import { z } from "zod";
import { BET_TYPES } from "../../../domain/bet-types";
import { addLines, type FormLine, type NewLine } from "../../lib/bet-lines";
import { schema } from "../../../contract/schema";
import { zodReady } from "../../lib/zod-on-demand";

// The lines on the form survive a reload of the page (per round, for this tab only).
const linesStorageKey = (activityid: number) => `betLines_${activityid}`;
const StoredLines = schema(() =>
  z.array(
    z.object({
      key: z.string(),
      betType: z.enum(BET_TYPES),
      number: z.string().regex(/^\d{1,3}$/),
      stake: z.union([z.number(), z.literal("")]),
    }),
  ),
);

function loadLines(activityid: number): FormLine[] {
  try {
    const stored = sessionStorage.getItem(linesStorageKey(activityid));
    // Nothing stored needs no parsing, so a first visit draws the form without zod. Lines stored in this tab mean
    // zod came before the first render (main.tsx) or with an earlier page (docs/decisions/059).
    if (stored === null || !zodReady()) return [];
    const parsed = StoredLines.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function saveLines(activityid: number, lines: FormLine[]): void {
  try {
    if (lines.length === 0) sessionStorage.removeItem(linesStorageKey(activityid));
    else sessionStorage.setItem(linesStorageKey(activityid), JSON.stringify(lines));
  } catch {
    // Only the convenience is lost.
  }
}

/** The slip being built for one round: its lines, kept in the tab's session storage. */
export function useSlipLines(activityid: number) {
  const [lines, setLinesState] = useState<FormLine[]>(() => loadLines(activityid));
  const setLines = useCallback(
    (next: FormLine[]) => {
      setLinesState(next);
      saveLines(activityid, next);
    },
    [activityid],
  );
  /** Adds lines, merging a type and number already on the slip; says how many were added and which were merged. */
  const add = (more: readonly NewLine[]) => {
    const r = addLines(lines, more);
    setLines(r.lines);
    return { added: more.length - r.skipped, skipped: r.skipped, merged: r.merged };
  };
  return {
    lines,
    setLines,
    add,
    remove: (key: string) => setLines(lines.filter((l) => l.key !== key)),
    setStake: (key: string, stake: number | "") => setLines(lines.map((l) => (l.key === key ? { ...l, stake } : l))),
    setAllStakes: (stake: number | "") => setLines(lines.map((l) => ({ ...l, stake }))),
    clear: () => setLines([]),
  };
}
