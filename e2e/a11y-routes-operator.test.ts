import { it } from "vitest";
import { TEST_ADMIN } from "../tests/support/app";
import { signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useRouteWalk, WALK_TIMEOUT } from "./support/route-walk";

/** The route walk as the operator, the player's routes (e2e/support/route-walk.ts); the back office's tabs are a file of their own. */
const walk = useRouteWalk();

it("the operator at 360 × 740: every route", { timeout: WALK_TIMEOUT }, async () => {
  const { context, page } = await signedInPage(walk.site, TEST_ADMIN, SMALL_PHONE_VIEWPORT);
  for (const address of walk.addresses(true)) {
    await page.goto(address);
    await walk.check(page, `admin ${address}`);
  }
  await context.close();
  walk.report("operator");
});
