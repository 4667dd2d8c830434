import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auth, games, referral, yeekee } from "../../contract";
import { callApi, onUnavailable } from "./api";
import { COOKIE, getCookieNow } from "./cookies";
import { SPEC_FALLBACKS } from "./fallback-messages";

// Specification §8 lists the fallback messages of the original client; each belongs to one call.
const SPEC_8 = [
  "Registration failed",
  "Login failed",
  "Login error",
  "Error posting number record",
  "Error posting number digit",
  "Error cancelling post number",
  "Error checking username/bankno",
  "Failed to add withdrawal",
  "Failed to add AF withdrawal",
  "Error adding game",
  "Error guessing game",
];

const UUID = "5f0c6a4e-1d2b-4c3d-8e9f-0a1b2c3d4e5f";

/** The browser globals callApi touches, in the node test environment. */
function stubBrowser(fetchImpl: () => Promise<Response>) {
  vi.stubGlobal("document", { cookie: "jwt=token" });
  // The cookies are kept between reads (lib/cookies): read this document's.
  getCookieNow(COOKIE.jwt);
  vi.stubGlobal("location", { pathname: "/", replace: vi.fn() });
  vi.stubGlobal("fetch", vi.fn(fetchImpl));
}

const proxyError = () =>
  Promise.resolve(new Response("<html>502 Bad Gateway</html>", { status: 502, headers: { "content-type": "text/html" } }));
const noNetwork = () => Promise.reject(new TypeError("Failed to fetch"));
const messageOf = (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (e: Error) => e.message,
  );

describe("the specification's fallback messages (§8)", () => {
  beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("every one of them belongs to a call", () => {
    const given = [...SPEC_FALLBACKS.values()].flatMap((f) => [f.failed, f.unreachable].filter(Boolean));
    expect([...given].sort()).toEqual([...SPEC_8].sort());
  });

  it("signing in: 'Login failed' when refused without a message, 'Login error' when no answer comes, the server's own message first", async () => {
    const body = { username: "player0001", password: "secret-pass-1" };
    stubBrowser(proxyError);
    expect(await messageOf(callApi(auth.login, body))).toBe("Login failed");
    stubBrowser(noNetwork);
    expect(await messageOf(callApi(auth.login, body))).toBe("เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาลองใหม่ (Login error)");
    stubBrowser(() => Promise.resolve(Response.json({ status: "Error", message: "ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง" }, { status: 401 })));
    expect(await messageOf(callApi(auth.login, body))).toBe("ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง");
  });

  it("shooting a yeekee number, moving commission to credit, adding and guessing a game", async () => {
    stubBrowser(proxyError);
    expect(await messageOf(callApi(yeekee.postNumberRecord, { uuid: UUID, activityid: 1, number: "12345" }))).toBe(
      "Error posting number record",
    );
    expect(await messageOf(callApi(referral.addWithdrawalAf, { uuid: UUID, amount: 100, note: "" }))).toBe("Failed to add AF withdrawal");
    expect(await messageOf(callApi(games.addHuakoiHilow, { uuid: UUID, price: 20, gametype: "huakoi", bet: "หัว" }))).toBe(
      "Error adding game",
    );
    expect(await messageOf(callApi(games.guessHuakoiHilow, { id: 1, guess: "ก้อย", uuid: UUID, gametype: "huakoi" }))).toBe(
      "Error guessing game",
    );
    // A game call's server message comes in `msg`, and is preferred.
    stubBrowser(() => Promise.resolve(Response.json({ status: "Error", message: "x", msg: "เกมนี้มีผู้ทายแล้ว" }, { status: 409 })));
    expect(await messageOf(callApi(games.guessHuakoiHilow, { id: 1, guess: "ก้อย", uuid: UUID, gametype: "huakoi" }))).toBe("เกมนี้มีผู้ทายแล้ว");
  });

  it("other calls keep the general Thai fallback, and a page's own fallback still wins", async () => {
    stubBrowser(proxyError);
    expect(await messageOf(callApi(auth.getCredit, {}))).toBe("เกิดข้อผิดพลาด กรุณาลองใหม่");
    expect(await messageOf(callApi(auth.getCredit, {}, "อ่านเครดิตไม่สำเร็จ"))).toBe("อ่านเครดิตไม่สำเร็จ");
    stubBrowser(noNetwork);
    expect(await messageOf(callApi(auth.getCredit, {}))).toBe("เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาลองใหม่");
  });
});

describe("a call answered 503", () => {
  beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("tells the listeners which call it was (the site may just have been closed), keeps the server's message, and stops telling after unsubscribing", async () => {
    const told: string[] = [];
    const stop = onUnavailable((route) => told.push(route.path));
    stubBrowser(() => Promise.resolve(Response.json({ status: "Error", message: "ปิดปรับปรุงระบบชั่วคราว" }, { status: 503 })));
    expect(await messageOf(callApi(yeekee.postNumberRecord, { uuid: UUID, activityid: 1, number: "12345" }))).toBe("ปิดปรับปรุงระบบชั่วคราว");
    stubBrowser(proxyError);
    await messageOf(callApi(yeekee.postNumberRecord, { uuid: UUID, activityid: 1, number: "12345" }));
    expect(told).toEqual([yeekee.postNumberRecord.path]);
    stop();
    stubBrowser(() => Promise.resolve(Response.json({ status: "Error", message: "ปิดปรับปรุงระบบชั่วคราว" }, { status: 503 })));
    await messageOf(callApi(yeekee.postNumberRecord, { uuid: UUID, activityid: 1, number: "12345" }));
    expect(told).toHaveLength(1);
  });
});

describe("a call answered 401", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /**
   * A page whose calls are refused 401 while another tab changes the cookies to `next(n)` after the n-th
   * call (undefined: left as they are), answered 200 for the token `accepted`. Returns what was sent.
   */
  async function refusedWhileAnotherTabActs(first: string, next: (n: number) => string | undefined, accepted: string | null) {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.resetModules();
    const fresh = await import("./api");
    const jar = { cookie: first };
    vi.stubGlobal("document", jar);
    const replace = vi.fn();
    vi.stubGlobal("location", { pathname: "/mainCredit", search: "", hash: "", replace });
    const sent: Array<string | null> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init: RequestInit) => {
        const authorization = new Headers(init.headers).get("authorization");
        sent.push(authorization);
        if (authorization === `Bearer ${accepted}`) return Promise.resolve(Response.json({ status: "Success", credit: 12.5 }));
        jar.cookie = next(sent.length) ?? jar.cookie;
        return Promise.resolve(Response.json({ status: "Error", message: "x" }, { status: 401 }));
      }),
    );
    const outcome = await fresh.callApi(auth.getCredit, {}).then(
      (r) => r.credit,
      (e: Error) => e.message,
    );
    return { outcome, sent, replace, jar };
  }

  it("is sent once more with the token another tab has renewed since, and the session is kept", async () => {
    const { outcome, sent, replace, jar } = await refusedWhileAnotherTabActs("jwt=old; uuid=p1", () => "jwt=renewed; uuid=p1", "renewed");
    expect(outcome).toBe(12.5);
    expect(sent).toEqual(["Bearer old", "Bearer renewed"]);
    expect(jar.cookie).toBe("jwt=renewed; uuid=p1");
    expect(replace).not.toHaveBeenCalled();
  });

  it("is not sent again as another player another tab has signed in since", async () => {
    const { sent, replace } = await refusedWhileAnotherTabActs("jwt=old; uuid=p1", () => "jwt=someone-else; uuid=p2", "someone-else");
    expect(sent).toEqual(["Bearer old"]);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it("is sent again only once, however often the token changes", async () => {
    const { sent, replace } = await refusedWhileAnotherTabActs("jwt=t0; uuid=p1", (n) => `jwt=t${n}; uuid=p1`, null);
    expect(sent).toEqual(["Bearer t0", "Bearer t1"]);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it("clears the jwt and leaves for the sign-in page once, naming why and where to return, however many calls were refused together", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const replace = vi.fn();
    vi.stubGlobal("document", { cookie: "jwt=token" });
    getCookieNow(COOKIE.jwt);
    vi.stubGlobal("location", { pathname: "/mainCredit", search: "", hash: "", replace });
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve(
          Response.json(
            { status: "Error", message: "x" },
            { status: 401, headers: { "www-authenticate": 'Bearer error="invalid_token", error_description="invalid"' } },
          ),
        ),
      ),
    );
    await Promise.all([
      messageOf(callApi(auth.getCredit, {})),
      messageOf(callApi(auth.getCredit, {})),
      messageOf(callApi(auth.getCredit, {})),
    ]);
    expect(replace).toHaveBeenCalledTimes(1);
    const to = new URL(String(replace.mock.calls[0]?.[0]), "https://site.test");
    expect(to.pathname).toBe("/singInPage");
    expect(to.searchParams.get("next")).toBe("/mainCredit");
    expect(to.searchParams.get("ended")).toBe("invalid");
  });
});
