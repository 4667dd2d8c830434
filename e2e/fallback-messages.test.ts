import { expect, it } from "vitest";
import { createPlayer } from "../tests/support/players";
import { phoneContext, screenshot, signedInPage } from "./support/harness";
import { useSite } from "./support/site";

// Specification §8: when a call fails without a message from the server, the page shows the original
// client's fallback. The failures are made in the browser (a proxy's error page, a dropped connection).

const site = useSite();

const proxyError = { status: 502, contentType: "text/html", body: "<html><body>502 Bad Gateway</body></html>" };

it("signing in shows 'Login failed' for a refusal without a message and 'Login error' when the connection drops", async () => {
  const player = await createPlayer(site);
  const context = await phoneContext(site.browser, site.url);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.goto("/singInPage");
  await page.locator('input[name="username"]').fill(player.username);
  await page.locator('input[name="password"]').fill(player.password);

  await page.route("**/login", (route) => route.fulfill(proxyError));
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await expect.poll(() => page.getByTestId("signin-error").textContent()).toBe("Login failed");

  await page.unroute("**/login");
  await page.route("**/login", (route) => route.abort("connectionfailed"));
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
  await expect.poll(() => page.getByTestId("signin-error").textContent()).toContain("Login error");
  await screenshot(page, "fallback-login-error");
  await context.close();
});

it("shooting a yeekee number shows 'Error posting number record' when the server answers without a message", async () => {
  const rows = await site.owner.$client.query(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     values ('yeekee', 998, (now() at time zone 'Asia/Bangkok')::date, now() - interval '1 hour', now() + interval '10 minutes', now() + interval '20 minutes')
     returning id`,
  );
  const roundId = Number(rows.rows[0].id);
  const player = await createPlayer(site);
  const { context, page } = await signedInPage(site, player);
  await page.route("**/api/post-numberrecord-mockdata", (route) => route.fulfill(proxyError));
  await page.goto(`/yeekeePage/${roundId}`);
  await page.getByTestId("shoot-input").fill("12345");
  await page.getByTestId("shoot-button").click();
  await expect.poll(() => page.getByTestId("shoot-error").textContent()).toBe("Error posting number record");
  await screenshot(page, "fallback-shoot-error");
  await context.close();
});
