import { afterEach, beforeEach, expect, it, vi } from "vitest";

/** A document whose cookie string counts its reads, as the browser's asks of its own process. */
function fakeBrowser(initial: string) {
  const state = { cookie: initial, reads: 0 };
  const documentEvents = new EventTarget();
  vi.stubGlobal("document", {
    get cookie() {
      state.reads++;
      return state.cookie;
    },
    set cookie(line: string) {
      const [pair] = line.split(";");
      const [name] = pair!.split("=");
      const rest = state.cookie.split("; ").filter((c) => c && !c.startsWith(`${name}=`));
      state.cookie = [...rest, ...(/Max-Age=0/.test(line) ? [] : [pair!])].join("; ");
    },
    addEventListener: documentEvents.addEventListener.bind(documentEvents),
  });
  const windowEvents = new EventTarget();
  vi.stubGlobal("addEventListener", windowEvents.addEventListener.bind(windowEvents));
  const cookieStore = new EventTarget();
  vi.stubGlobal("cookieStore", cookieStore);
  vi.stubGlobal("location", { protocol: "https:" });
  return { state, windowEvents, documentEvents, cookieStore };
}

let cookies: typeof import("./cookies");
beforeEach(async () => {
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

async function load(initial: string) {
  const browser = fakeBrowser(initial);
  cookies = await import("./cookies");
  return browser;
}

it("reads the browser's cookies once however often they are asked for", async () => {
  const { state } = await load("jwt=a.b.c; uuid=u-1; username=%E0%B8%81");
  expect(cookies.getCookie("jwt")).toBe("a.b.c");
  expect(cookies.getCookie("uuid")).toBe("u-1");
  expect(cookies.getCookie("username")).toBe("ก");
  expect(cookies.getCookie("bannerStatus")).toBeNull();
  expect(state.reads).toBe(1);
});

it("reads them again after this page writes one", async () => {
  const { state } = await load("jwt=old");
  expect(cookies.getCookie("jwt")).toBe("old");
  cookies.setCookie("jwt", "new");
  expect(cookies.getCookie("jwt")).toBe("new");
  cookies.removeCookie("jwt");
  expect(cookies.getCookie("jwt")).toBeNull();
  expect(state.reads).toBe(3);
});

it("reads them again once another tab may have changed them", async () => {
  const { state, windowEvents, documentEvents, cookieStore } = await load("jwt=first");
  expect(cookies.getCookie("jwt")).toBe("first");
  for (const [target, event] of [
    [cookieStore, "change"],
    [windowEvents, "focus"],
    [documentEvents, "visibilitychange"],
  ] as const) {
    // Written elsewhere: this page is not told, so the kept value stands until the event.
    state.cookie = `jwt=after-${event}`;
    expect(cookies.getCookie("jwt")).not.toBe(`after-${event}`);
    target.dispatchEvent(new Event(event));
    expect(cookies.getCookie("jwt")).toBe(`after-${event}`);
  }
  // Back from the back-forward cache; a first load's pageshow changes nothing.
  state.cookie = "jwt=restored";
  windowEvents.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: false }));
  expect(cookies.getCookie("jwt")).not.toBe("restored");
  windowEvents.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
  expect(cookies.getCookie("jwt")).toBe("restored");
  state.cookie = "jwt=asked-now";
  expect(cookies.getCookieNow("jwt")).toBe("asked-now");
});

it("is not thrown off by another cookie on the domain that does not decode", async () => {
  await load("promo=50%off; jwt=a.b.c");
  expect(cookies.getCookie("jwt")).toBe("a.b.c");
});

it("takes the first of two cookies of one name, as the browser lists the more specific path first", async () => {
  await load("jwt=first; jwt=second");
  expect(cookies.getCookie("jwt")).toBe("first");
});
