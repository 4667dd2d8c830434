import { expect, it } from "vitest";
import { PATHS } from "../src/web/lib/paths";
import { TEST_ADMIN } from "../tests/support/app";
import { screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useRouteWalk, WALK_TIMEOUT } from "./support/route-walk";

/** The route walk through the back office: every tab as the page lists them (e2e/support/route-walk.ts). */
const walk = useRouteWalk();

it("the operator at 360 × 740: every tab of the back office as the page lists them", { timeout: WALK_TIMEOUT }, async () => {
  const { context, page } = await signedInPage(walk.site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  await page.goto(PATHS.admin);
  await walk.settle(page);
  const tabs = page.getByRole("tab");
  // The back office draws its tab list once its own data has come back; wait for the list, not a time.
  await tabs.nth(10).waitFor();
  const count = await tabs.count();
  expect(count).toBeGreaterThan(10);
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent())?.trim() ?? `tab ${i}`;
    await tab.click();
    await walk.check(page, `admin back office: ${name}`);
  }
  await screenshot(page, "123-a11y-admin-last-tab-360");
  await context.close();
  walk.report("operator");
});
