/** The weights the pages draw Kanit in (fonts.css: each in a Thai and a Latin face). */
const WEIGHTS = ["400", "500", "600"] as const;

/**
 * Loads the Kanit faces (fonts.css) now, for the first render to wait for (main.tsx, within the same bound
 * as the page's chunks and data). Drawn before they came, the page was laid out once in the fallback font
 * and again as each face arrived (`font-display: swap`), each a full layout of the page's Thai text after the
 * first paint; the first layout in the fallback font was itself the longest task of the sign-in page, two to
 * four times the one with the faces there (docs/decisions/025). Settles when every face has come or
 * failed; never rejects: a face that cannot come leaves the page to the fallback font as before.
 */
export function loadFonts(): Promise<unknown> {
  // "กa": the Thai and the Latin face of each weight (their unicode ranges).
  return Promise.all(WEIGHTS.map((w) => document.fonts.load(`${w} 1em Kanit`, "กa"))).catch(() => undefined);
}
