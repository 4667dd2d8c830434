import { afterEach } from "vitest";
import { checkWatchedPages } from "./a11y";

// Every browser test: the pages it left open are checked with axe as they are now, and what axe found on
// every page the test visited (e2e/support/a11y.ts) fails it when serious or critical (docs/decisions/025).
afterEach(async () => {
  await checkWatchedPages();
});
