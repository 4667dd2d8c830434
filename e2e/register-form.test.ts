import { expect, it } from "vitest";
import { playerData } from "../tests/support/players";
import { phoneContext, screenshot, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useSite } from "./support/site";

/**
 * At 360 × 740, registering with the keyboard as a phone user does: Enter (the keyboard's ไป) sends the
 * phone number and the code; a first try with empty fields shows what each field needs at once, beside it,
 * and sends nothing; filled in, Enter registers and the player is signed in at home.
 */
const site = useSite();

it("Enter sends each step; every field's problem shows at once; registered means signed in", async () => {
  const player = playerData({ bankname: "kbank", bankno: "2223334445", bankaccounts: "กมล ใจงาม" });
  const context = await phoneContext(site.browser, site.url, SMALL_PHONE_VIEWPORT);
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  let registerCalls = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/register") registerCalls += 1;
  });
  // What the account step's calls answered, for a failure to say.
  const answers: string[] = [];
  page.on("response", (r) => {
    const path = new URL(r.url()).pathname;
    if (["/check-username-bankno", "/register", "/login"].includes(path)) answers.push(`${path} ${r.status()}`);
  });
  await page.goto("/registerPage");
  await page.locator('input[name="phonenumber"]').fill(player.phonenumber);
  await page.locator('input[name="phonenumber"]').press("Enter");
  await page.locator('input[name="otp"]').fill(await site.sms.codeFor(player.phonenumber));
  await page.locator('input[name="otp"]').press("Enter");

  const username = page.locator('input[name="username"]');
  await username.waitFor();
  await username.fill("a b");
  await page.locator('input[name="password"]').fill("short");
  await page.locator('input[name="bankaccounts"]').press("Enter");
  // One try, every problem: beside the username, the password, the bank, its number and the holder's name.
  for (const field of ["username", "password", "bankno", "bankaccounts"]) {
    const wrapper = page.locator(".mantine-InputWrapper-root", { has: page.locator(`input[name="${field}"]`) });
    await wrapper.locator(".mantine-InputWrapper-error").waitFor();
    expect(await wrapper.locator(".mantine-InputWrapper-error").textContent(), field).toMatch(/[\u0E00-\u0E7F]/);
  }
  await page.getByText("กรุณาเลือกธนาคาร", { exact: true }).waitFor();
  expect(await page.locator(".mantine-InputWrapper-error").count()).toBeGreaterThanOrEqual(5);
  await screenshot(page, "504-register-all-errors");
  expect(registerCalls).toBe(0);

  await username.fill(player.username);
  await page.locator('input[name="password"]').fill(player.password);
  await page.locator('input[name="confirm"]').fill(player.password);
  await page.getByRole("textbox", { name: "ธนาคาร", exact: true }).click();
  await page.getByRole("option", { name: "ธนาคารกสิกรไทย" }).click();
  await page.locator('input[name="bankno"]').fill(player.bankno);
  await page.locator('input[name="bankaccounts"]').fill(player.bankaccounts);
  expect(await page.locator(".mantine-InputWrapper-error").count()).toBe(0);
  await page.locator('input[name="bankaccounts"]').press("Enter");
  // Home; if not, where the page went, what the calls answered and what it told the player.
  await page
    .waitForURL((u) => u.pathname === "/")
    .catch(async (e: unknown) => {
      const told = await page
        .getByTestId("register-error")
        .textContent({ timeout: 1000 })
        .catch(() => null);
      throw new Error(
        `not home after registering: at ${page.url()}; answers: ${answers.join(", ") || "none"}; message: ${told ?? "none"}`,
        {
          cause: e,
        },
      );
    });
  await page.getByTestId("username").filter({ hasText: player.username }).waitFor();
  expect(registerCalls).toBe(1);
  await context.close();
});
