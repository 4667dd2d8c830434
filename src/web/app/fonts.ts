/** The weights the pages draw Kanit in (fonts.css: each in a Thai and a Latin face). */
const WEIGHTS = ["400", "500", "600"] as const;

/**
 * Loads the Kanit faces (fonts.css) now, for the first render to wait for (main.tsx, within the same bound
 * as the page's chunks and data). Drawn before they came, the page was laid out once in the fallback font
 * and again as each face arrived (`font-display: swap`), each a full layout of the page's Thai text after the
 * first paint; the first layout in the fallback font was itself the longest task of the sign-in page, two to
 * four times the one with the faces there (issue 18; decision 025). Settles when every face has come or
 * failed; never rejects: a face that cannot come leaves the page to the fallback font as before.
 */
export function loadFonts(): Promise<unknown> {
  // "กa": the Thai and the Latin face of each weight (their unicode ranges).
  return Promise.all(WEIGHTS.map((w) => document.fonts.load(`${w} 1em Kanit`, "กa")))
    .then(layOutSampleText)
    .catch(() => undefined);
}

/**
 * Lays out a few hidden lines of Thai and Latin text in each weight once, as soon as the faces have come, then
 * removes them. A fresh page's first layout of text pays once for what every later one reuses (the faces made
 * ready to shape, the line breaker's data): in headless Chromium a first layout of ten boxes of text took 8-15 ms
 * where a relayout of a hundred took 5, and the page's own first layout (the shell and the page, after the data
 * has come) carried it, the longest task after the first paint. Done here, it falls while the page still waits
 * for its data (issue 18; decision 025).
 */
function layOutSampleText(): void {
  const box = document.createElement("div");
  box.className = "font-warmup";
  box.setAttribute("aria-hidden", "true");
  for (const weight of WEIGHTS) {
    const line = document.createElement("p");
    line.style.fontWeight = weight;
    line.textContent = "หวยรัฐบาลไทย ปิดรับแทงใน ยี่กี รอบที่ 12 ฿1,250.00 Lotto";
    box.append(line);
  }
  document.body.append(box);
  void box.offsetHeight; // lays it out now
  box.remove();
}
