import { expect, it } from "vitest";
import { createPlayer } from "../tests/support/players";
import { phoneContext, screenshot, signedInPage, signInThroughPage } from "./support/harness";
import { useSite } from "./support/site";

// Tokens live 100 s, so "under 2 minutes left" holds at once and the page must renew.
const site = useSite({ jwtTtlSeconds: 100 });

it("renews the token through /api/href when under two minutes remain", async () => {
  const player = await createPlayer(site);
  const context = await phoneContext(site.browser, site.url);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  // Held back 1.5 s before it reaches the server, so the renewed token has a later expiry.
  await page.route("**/api/href", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  const renewal = page.waitForResponse((r) => r.url().endsWith("/api/href") && r.status() === 200);
  await signInThroughPage(page, player);
  const signedInJwt = (await context.cookies()).find((c) => c.name === "jwt")!.value;
  const response = await renewal;
  const renewed = ((await response.json()) as { jwt: string }).jwt;
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "jwt")?.value).toBe(renewed);
  expect(renewed).not.toBe(signedInJwt);
  const exp = (t: string) => JSON.parse(Buffer.from(t.split(".")[1]!, "base64url").toString()).exp as number;
  expect(exp(renewed)).toBeGreaterThan(exp(signedInJwt));
  await context.close();
});

it("a 401 clears the jwt and sends the player to the sign-in page", async () => {
  const player = await createPlayer(site);
  const { context, page } = await signedInPage(site, player);
  const jwt = (await context.cookies()).find((c) => c.name === "jwt")!.value;
  // The session ends elsewhere (e.g. a password change on another device).
  const out = await site.app.inject({ method: "POST", url: "/api/logout", headers: { authorization: `Bearer ${jwt}` }, payload: {} });
  expect(out.statusCode).toBe(200);
  // The refresh asks the server; the shell's own background reads (win notice, notices) may be refused first
  // and take the page to sign in while the click waits, which is the same outcome.
  await page
    .getByTestId("refresh-credit")
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  // The sign-in page says why (docs/decisions/029): the session was revoked.
  await page.waitForURL((u) => u.pathname === "/singInPage" && u.searchParams.get("ended") === "revoked");
  await page.getByTestId("signin-ended").waitFor();
  expect((await context.cookies()).find((c) => c.name === "jwt")).toBeUndefined();
  await screenshot(page, "13-after-401");
  await context.close();
});

it("the change-password page confirms the old password, then sets the new one", async () => {
  const player = await createPlayer(site);
  const { context, page } = await signedInPage(site, player);
  // Change password is in the user menu (the header keeps 44 px targets for the rest).
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "เปลี่ยนรหัสผ่าน" }).click();
  await page.getByLabel("รหัสผ่านเดิม").fill("not-the-password");
  await page.getByLabel(/^รหัสผ่านใหม่/).fill("brand-new-pass-1");
  await page.getByLabel("ยืนยันรหัสผ่านใหม่").fill("brand-new-pass-1");
  await page.getByRole("button", { name: "บันทึกรหัสผ่านใหม่" }).click();
  await page.getByText("รหัสผ่านเดิมไม่ถูกต้อง").waitFor();
  await page.getByLabel("รหัสผ่านเดิม").fill(player.password);
  await page.getByRole("button", { name: "บันทึกรหัสผ่านใหม่" }).click();
  await page.getByText("เปลี่ยนรหัสผ่านสำเร็จ", { exact: false }).waitFor();
  await screenshot(page, "14-change-password");
  const login = await site.app.inject({
    method: "POST",
    url: "/login",
    payload: { username: player.username, password: "brand-new-pass-1" },
  });
  expect(login.statusCode).toBe(200);
  await context.close();
});
