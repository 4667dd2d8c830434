import { expect, it } from "vitest";
import { site as siteCalls } from "../src/contract";
import { call } from "../tests/support/call";
import { createPlayer } from "../tests/support/players";
import { adminToken } from "../tests/support/wallet";
import { phoneContext, screenshot, signedInPage, SMALL_PHONE_VIEWPORT } from "./support/harness";
import { useSite } from "./support/site";

/**
 * At 360 × 740: the contact channels the operator sets in the site content reach every page a player or a
 * visitor sees — a floating LINE button and a phone button on the sign-in and registration pages, above the
 * bottom navigation on a signed-in page, on the maintenance page — and the user menu has them too.
 */
const site = useSite();
const LINE_URL = "https://line.me/R/ti/p/@huaydee";

it("a visitor taps the LINE button on the sign-in page; the channels follow every page and the user menu", async () => {
  const admin = await adminToken(site);
  const set = await call(
    site.app,
    siteCalls.adminSetSiteContent,
    { announcement: "", lineId: "@huaydee", lineUrl: LINE_URL, phone: "021234567" },
    admin,
  );
  expect(set.statusCode).toBe(200);

  const context = await phoneContext(site.browser, site.url, SMALL_PHONE_VIEWPORT);
  context.setDefaultTimeout(20_000);
  // LINE is outside this closed network: the new tab's address is what the tap asked for.
  await context.route("https://line.me/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>LINE</title>" }),
  );
  const page = await context.newPage();
  await page.goto("/singInPage");
  const line = page.getByTestId("contact-float-line");
  await line.waitFor();
  expect(await line.getAttribute("aria-label")).toBe("ติดต่อเจ้าหน้าที่ทาง LINE @huaydee");
  await screenshot(page, "500-sign-in-contact");
  const [opened] = await Promise.all([context.waitForEvent("page"), line.click()]);
  await opened.waitForLoadState();
  expect(opened.url()).toBe(LINE_URL);
  await opened.close();
  expect(await page.getByTestId("contact-float-phone").getAttribute("href")).toBe("tel:021234567");

  await page.goto("/registerPage");
  await page.getByTestId("contact-float-line").waitFor();
  await screenshot(page, "501-register-contact");
  await context.close();

  // Signed in: above the bottom navigation, and in the user menu.
  const player = await createPlayer(site);
  const { context: signedIn, page: home } = await signedInPage(site, player, SMALL_PHONE_VIEWPORT);
  const float = await home.getByTestId("contact-float").boundingBox();
  const nav = await home.locator("nav.shell-nav").boundingBox();
  expect(float && nav && float.y + float.height).toBeLessThanOrEqual(nav!.y);
  await screenshot(home, "502-home-contact");
  await home.getByTestId("user-menu").click();
  expect(await home.getByTestId("menu-contact-line").getAttribute("href")).toBe(LINE_URL);
  expect(await home.getByTestId("menu-contact-phone").textContent()).toBe("โทรหาเจ้าหน้าที่ 021234567");
  await home.keyboard.press("Escape");

  // The site closed for maintenance: the page players get still has the buttons.
  const closed = await call(site.app, siteCalls.adminSetOpenSite, { openSite: false, reason: "ปิดปรับปรุงระบบประจำเดือน" }, admin);
  expect(closed.statusCode, JSON.stringify(closed.body)).toBe(200);
  await home.goto("/");
  await home.getByTestId("maintenance-page").waitFor();
  await home.getByTestId("contact-float-line").waitFor();
  await screenshot(home, "503-maintenance-contact");
  expect((await call(site.app, siteCalls.adminSetOpenSite, { openSite: true, reason: "เปิดให้บริการตามปกติ" }, admin)).statusCode).toBe(200);
  await signedIn.close();
});
