import axe from "axe-core";
import type { Page } from "playwright-core";

/**
 * axe-core in the browser tests (docs/decisions/025): a serious or critical violation fails the test, and a heading
 * that skips a level (ALSO_FAILING). Each route is
 * checked once, signed out, as a player and as the operator, by e2e/a11y-routes-*.test.ts; a test that opens
 * a dialog checks it with `expectNoSeriousA11yViolations(page, what)` (docs/decisions/039-browser-test-fixture.md).
 */

export type A11yViolation = {
  id: string;
  impact: string;
  help: string;
  url: string;
  nodes: { target: string; summary: string; html: string }[];
};

const FAILING = new Set(["serious", "critical"]);
/**
 * Moderate rules that fail too: Lighthouse's accessibility score counts them, and the player pages keep it at 100
 * (docs/decisions/025). A heading that skips a level (an h5 under an h3) read 98 on the slips page.
 */
const ALSO_FAILING = new Set(["heading-order"]);

/** axe's source, put into the page once (through the DevTools protocol, so the site's CSP does not apply). */
async function ensureAxe(page: Page) {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!present) await page.evaluate(axe.source);
}

/** One axe run at a time per page (axe refuses a second while one runs). */
const running = new WeakMap<Page, Promise<unknown>>();

/** The serious and critical violations axe finds on the page as it is now. */
export function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  const run = (running.get(page) ?? Promise.resolve()).catch(() => undefined).then(() => runAxe(page));
  running.set(page, run);
  return run;
}

/**
 * A violation counts when a second run, after the page has settled again, finds it on the same element too.
 * A page can still change while axe reads it: a dialog the test closes (or opens again) while axe reads
 * its colours is read half-faded (a confirm dialog's title at 1.03:1, seen once under a loaded CI machine),
 * which no player reads. A real violation stays and is found twice; the second run costs nothing when the
 * first finds none.
 */
async function runAxe(page: Page): Promise<A11yViolation[]> {
  const first = await axeOnce(page);
  if (first.length === 0) return first;
  const again = new Set((await axeOnce(page)).flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target}`)));
  return first.map((v) => ({ ...v, nodes: v.nodes.filter((n) => again.has(`${v.id} ${n.target}`)) })).filter((v) => v.nodes.length > 0);
}

async function axeOnce(page: Page): Promise<A11yViolation[]> {
  // A dialog fading in or out is not what the player reads: wait (up to 3 s) for finite transitions to end
  // and for every dialog, menu and option list to be fully opaque — Mantine's transition sets opacity 0
  // before its CSS transition starts, so a just-opened dialog can be see-through with no animation running.
  await page
    .waitForFunction(
      () => {
        const settled = document
          .getAnimations()
          .every((a) => a.effect?.getComputedTiming().endTime === Infinity || a.playState !== "running");
        const opaque = (el: Element) => {
          for (let e: Element | null = el; e; e = e.parentElement) if (Number(getComputedStyle(e).opacity) < 1) return false;
          return true;
        };
        return settled && [...document.querySelectorAll('[role="dialog"], [role="menu"], [role="listbox"]')].every(opaque);
      },
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  await ensureAxe(page);
  const url = page.url();
  const results = await page.evaluate(async () => {
    const w = window as unknown as { axe: typeof axe };
    const r = await w.axe.run(document, { resultTypes: ["violations"], elementRef: true });
    // An open combobox's option list scrolls while focus stays in its input: the arrow keys move the
    // active option (aria-activedescendant) and the list follows it, which axe's
    // scrollable-region-focusable cannot see. Only that rule, only for a region in or around a listbox, is set
    // aside. Mantine's Select puts its scroll area inside the listbox; the list may be closing (taken out of
    // the page) while axe runs, and closest() still walks the removed list's own ancestors.
    const inComboboxList = (rule: string, element: Element | undefined) =>
      rule === "scrollable-region-focusable" &&
      element != null &&
      (element.querySelector('[role="listbox"]') != null ||
        element.closest('[role="listbox"], [class*="Combobox-dropdown"], [class*="-dropdown"][id]') != null);
    return r.violations
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? "",
        help: v.help,
        nodes: v.nodes
          .filter((n) => !inComboboxList(v.id, (n as { element?: Element }).element))
          .map((n) => ({ target: n.target.join(" "), summary: n.failureSummary ?? "", html: n.html.slice(0, 200) })),
      }))
      .filter((v) => v.nodes.length > 0);
  });
  return results.filter((v) => FAILING.has(v.impact) || ALSO_FAILING.has(v.id)).map((v) => ({ ...v, url }));
}

/** The violations, one readable block each: rule, impact, address, and each element with axe's summary. */
export function formatViolations(violations: A11yViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `    - ${n.target}\n      ${n.html}\n      ${n.summary.replace(/\n/g, "\n      ")}`)
        .join("\n");
      const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : "";
      return `[${v.impact}] ${v.id}: ${v.help}\n  at ${v.url}\n${nodes}${more}`;
    })
    .join("\n\n");
}

/** Fails with the list when axe finds a serious or critical violation on the page. */
export async function expectNoSeriousA11yViolations(page: Page, what = page.url()): Promise<void> {
  const found = await seriousA11yViolations(page);
  if (found.length > 0)
    throw new Error(`axe: ${found.length} serious or critical accessibility violation(s) on ${what}:\n\n${formatViolations(found)}`);
}
