import { it } from "vitest";
import { closeWelcomeBanner, phoneContext, screenshot, signInThroughPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useRouteWalk, WALK_TIMEOUT } from "./support/route-walk";

/** The route walk signed out and as a player (e2e/support/route-walk.ts). */
const walk = useRouteWalk();

it("signed out: every route without the shell", { timeout: WALK_TIMEOUT }, async () => {
  const anon = await phoneContext(walk.site.browser, walk.site.url, SMALL_PHONE_VIEWPORT);
  anon.setDefaultTimeout(20_000);
  const anonPage = await anon.newPage();
  for (const address of walk.addresses(false)) {
    await anonPage.goto(address);
    await walk.check(anonPage, `signed out ${address}`);
  }
  await anon.close();
  walk.report("signed-out");
});

it("a player at 360 × 740: the welcome banner, the user menu and every route", { timeout: WALK_TIMEOUT }, async () => {
  const ctx = await phoneContext(walk.site.browser, walk.site.url, SMALL_PHONE_VIEWPORT);
  ctx.setDefaultTimeout(20_000);
  const page = await ctx.newPage();
  await signInThroughPage(page, walk.player);
  await page.getByTestId("banner").waitFor();
  await walk.check(page, "player: welcome banner");
  await closeWelcomeBanner(page);
  await page.getByTestId("banner").waitFor({ state: "detached" });
  await page.getByTestId("user-menu").click();
  await page.getByRole("menu").waitFor();
  await walk.check(page, "player: user menu");
  await page.keyboard.press("Escape");
  for (const address of walk.addresses(true)) {
    await page.goto(address);
    await walk.check(page, `player ${address}`);
  }
  await screenshot(page, "122-a11y-bet-page-360");
  await ctx.close();
  walk.report("player");
});
