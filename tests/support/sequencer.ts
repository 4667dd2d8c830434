import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that took longest in clean-clone CI runs, longest first (docs/decisions/062). Vitest starts the
 * longest files first when it has their timings, but a clean clone has none and it starts the largest files
 * first: these are short files of long tests, so they started last and one of them ran alone at the end of its
 * project while the other workers had nothing left. A stale list only costs time, never a result.
 */
const LONGEST_FIRST = [
  "tests/api/rolling-upgrade.test.ts",
  "tests/api/quiet-start.test.ts",
  "tests/api/start.test.ts",
  "tests/api/yeekee-fairness.test.ts",
  "e2e/a11y-routes-player.test.ts",
  "e2e/sign-in-recovery.test.ts",
  "e2e/back-office.test.ts",
  "e2e/a11y-routes-operator.test.ts",
  "e2e/responsible-play.test.ts",
  "e2e/small-fixes.test.ts",
  "e2e/bank-feed.test.ts",
  "e2e/bet-shortcuts.test.ts",
  "e2e/a11y-routes-back-office.test.ts",
];

/** Vitest's order (groups, then projects, then timings or size), with the files above first within their project. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.indexOf(relative(root, f.moduleId));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    const position = new Map(sorted.map((f, i) => [f, i]));
    const segment = (f: TestSpecification) => `${f.project.config.sequence.groupOrder}\u0000${f.project.name}`;
    const firstOfSegment = new Map<string, number>();
    for (const [f, i] of position) if (!firstOfSegment.has(segment(f))) firstOfSegment.set(segment(f), i);
    return [...sorted].sort(
      (a, b) =>
        firstOfSegment.get(segment(a))! - firstOfSegment.get(segment(b))! || rank(a) - rank(b) || position.get(a)! - position.get(b)!,
    );
  }
}
