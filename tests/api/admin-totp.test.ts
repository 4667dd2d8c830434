import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { auth } from "../../src/contract";
import { pathOf } from "../../src/contract/route";
import { insertAdmin } from "../../src/server/auth/repository";
import { ARGON2 } from "../../src/server/auth/service";
import { base32Decode, totpAt } from "../../src/server/auth/totp";
import { loadConfig } from "../../src/server/config";
import { SECOND_FACTOR_NEEDED } from "../../src/server/http/register-route";
import { TEST_ADMIN, THAI } from "../support/app";
import { call } from "../support/call";
import { contractRoutes, sampleOf } from "../support/contract-fields";
import { useTestApp } from "../support/fixture";
import { createPlayer, post } from "../support/players";

// Admins get a second factor (TOTP with recovery codes, docs/decisions/024) and the back office requires it. This
// file runs with the requirement on, as production does (ADMIN_TOTP_REQUIRED defaults to true); `app.admin`
// is the seeded admin signed in with a password only, before any enrolment.

const app = useTestApp({ adminTotpRequired: true });
const HOME = "198.51.100.10";

let admins = 0;
/** A further admin account (each test its own, so one test's codes and lockouts do not meet another's). */
async function newAdmin() {
  admins += 1;
  const username = `ops${process.pid % 1000}x${admins}`;
  const password = "ops-password-1";
  const row = await insertAdmin(app.t.owner, { username, passwordHash: await hash(password, ARGON2) });
  return { username, password, uuid: row.id };
}

function inject(url: string, payload: object, options: { token?: string; address?: string } = {}) {
  return app.t.app
    .inject({
      method: "POST",
      url,
      payload,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      remoteAddress: options.address ?? HOME,
    })
    .then((res) => ({ statusCode: res.statusCode, body: res.json() as Record<string, unknown> & { status: string; message?: string } }));
}

const login = (who: { username: string; password: string }, address = HOME) =>
  inject("/login", { username: who.username, password: who.password }, { address });
const secondStep = (challenge: string, code: string, address = HOME) => inject("/login-totp", { challenge, code }, { address });

/** A password-only sign-in of an admin not yet enrolled: its session may only enrol. */
async function passwordToken(who: { username: string; password: string }): Promise<string> {
  const res = await login(who);
  expect(res.statusCode).toBe(200);
  expect(typeof res.body.jwt).toBe("string");
  return res.body.jwt as string;
}

/** Enrols through the calls the back office makes; returns the secret the QR carried and the recovery codes. */
async function enrol(token: string) {
  const started = await call(app.t.app, auth.adminTotpEnrol, {}, token);
  if (!started.ok) throw new Error(`enrol failed: ${JSON.stringify(started.body)}`);
  const secret = base32Decode(new URL(started.body.otpauth_uri).searchParams.get("secret")!)!;
  const confirmed = await call(app.t.app, auth.adminTotpConfirm, { code: totpAt(secret, Date.now()) }, token);
  if (!confirmed.ok) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  return { secret, recoveryCodes: confirmed.body.recovery_codes, uri: started.body.otpauth_uri, text: started.body.secret };
}

/** The code the app shows in the next 30-second step (within the ±1 step the server accepts). */
const nextCode = (secret: Buffer) => totpAt(secret, Date.now() + 30_000);

/** As if the admin's last code had been used minutes ago: the current step's code is fresh again. */
async function minutesPass(uuid: string) {
  await app.t.owner.$client.query("update admin_second_factors set last_step = 0 where user_id = $1", [uuid]);
}

async function failuresOf(uuid: string, address = HOME): Promise<number> {
  const r = await app.t.owner.$client.query("select failures from login_failures where user_id = $1 and address = $2", [uuid, address]);
  return (r.rows[0]?.failures as number | undefined) ?? 0;
}

/** Signs an enrolled admin in with the password and the next code; returns the token. */
async function signInWithCode(who: { username: string; password: string }, secret: Buffer): Promise<string> {
  const first = await login(who);
  expect(first.body).toMatchObject({ status: "Success", totp_required: true });
  const done = await secondStep(first.body.challenge as string, nextCode(secret));
  expect(done.statusCode, JSON.stringify(done.body)).toBe(200);
  return done.body.jwt as string;
}

describe("the back office requires the second factor", () => {
  it("refuses every admin call but the enrolment ones with 403 and a Thai message to set it up", async () => {
    const refused: string[] = [];
    const open: string[] = [];
    for (const { name, def } of contractRoutes().filter((r) => r.def.access === "admin")) {
      const params = def.params ? (sampleOf(def.params, "00000000-0000-4000-8000-000000000000") as Record<string, string>) : undefined;
      const res = await app.t.app.inject({
        method: def.method,
        url: pathOf(def, params),
        ...(def.method === "POST" ? { payload: {} } : {}),
        headers: { authorization: `Bearer ${app.admin}` },
      });
      if (def.beforeSecondFactor) {
        if (res.statusCode === 403) open.push(`${name}: ${res.body}`);
      } else if (res.statusCode !== 403 || res.json().message !== SECOND_FACTOR_NEEDED) {
        refused.push(`${name}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(refused).toEqual([]);
    expect(open).toEqual([]);
    expect(SECOND_FACTOR_NEEDED).toMatch(THAI);
    expect(SECOND_FACTOR_NEEDED).toContain("ยืนยันตัวตนสองขั้นตอน");
    const status = await call(app.t.app, auth.adminTotpStatus, {}, app.admin);
    expect(status.body).toEqual({
      status: "Success",
      enrolled: false,
      required: true,
      session_verified: false,
      confirmed_at: null,
      recovery_codes_left: 0,
    });
  });

  it("leaves players exactly as they were: the specification's /login answer, their calls, and admin calls still 403 as before", async () => {
    const player = await createPlayer(app.t);
    const res = await login(player);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["jwt", "role", "s", "status", "userType", "username", "uuid"]);
    expect(res.body).toMatchObject({ status: "Success", role: "player", username: player.username });
    expect((await post(app.t.app, "/api/get-credit", {}, res.body.jwt as string)).body).toMatchObject({ status: "Success", credit: 0 });
    const admin = await post(app.t.app, "/api/admin/ledger-check", {}, player.token);
    expect(admin.statusCode).toBe(403);
    expect(admin.body.message).toBe("เฉพาะผู้ดูแลระบบเท่านั้น");
    // A player has no second factor to give: the second step is not a way in.
    expect((await secondStep("made-up-challenge", "123456")).statusCode).toBe(401);
  });

  it("is on unless ADMIN_TOTP_REQUIRED=false (tests only), and refuses anything but true or false", () => {
    const base = { JWT_SECRET: "x".repeat(40), DATABASE_URL: "postgres://u@h/d" };
    expect(loadConfig(base).adminTotpRequired).toBe(true);
    expect(loadConfig({ ...base, ADMIN_TOTP_REQUIRED: "false" }).adminTotpRequired).toBe(false);
    expect(() => loadConfig({ ...base, ADMIN_TOTP_REQUIRED: "no" })).toThrow(/ADMIN_TOTP_REQUIRED/);
  });
});

describe("enrolment", () => {
  it("shows a new secret once (otpauth URI for the QR), confirms it with a first code, gives 10 recovery codes, and opens the back office to this session", async () => {
    const started = await call(app.t.app, auth.adminTotpEnrol, {}, app.admin);
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const uri = new URL(started.body.otpauth_uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toMatch(new RegExp(`:${TEST_ADMIN.username}$`));
    expect(uri.searchParams.get("secret")).toBe(started.body.secret);
    expect(Object.fromEntries([...uri.searchParams].filter(([k]) => k !== "secret" && k !== "issuer"))).toEqual({
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
    const secret = base32Decode(started.body.secret)!;
    expect(secret.length).toBe(20);

    // Not yet in force: a wrong code is refused and nothing changes.
    const wrongCode = String((Number(totpAt(secret, Date.now())) + 500_000) % 1_000_000).padStart(6, "0");
    const wrong = await call(app.t.app, auth.adminTotpConfirm, { code: wrongCode }, app.admin);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.status).toBe("Error");
    expect((await call(app.t.app, auth.adminTotpStatus, {}, app.admin)).body).toMatchObject({ enrolled: false, session_verified: false });
    expect((await post(app.t.app, "/api/admin/ledger-check", {}, app.admin)).statusCode).toBe(403);

    const confirmed = await call(app.t.app, auth.adminTotpConfirm, { code: totpAt(secret, Date.now()) }, app.admin);
    expect(confirmed.ok).toBe(true);
    if (!confirmed.ok) return;
    const codes = confirmed.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);

    // This session proved the code: the back office opens to it at once.
    const status = await call(app.t.app, auth.adminTotpStatus, {}, app.admin);
    expect(status.body).toMatchObject({
      status: "Success",
      enrolled: true,
      required: true,
      session_verified: true,
      recovery_codes_left: 10,
    });
    expect(JSON.stringify(status.body)).not.toContain(started.body.secret);
    expect((await post(app.t.app, "/api/admin/ledger-check", {}, app.admin)).statusCode).toBe(200);

    // Stored sealed, and the recovery codes only as hashes.
    const admin = (await app.t.owner.$client.query("select id from users where username = $1", [TEST_ADMIN.username])).rows[0].id as string;
    const row = (await app.t.owner.$client.query("select secret, pending_secret from admin_second_factors where user_id = $1", [admin]))
      .rows[0];
    expect(row.pending_secret).toBeNull();
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(started.body.secret);
    expect(row.secret).not.toContain(secret.toString("hex"));
    expect(row.secret).not.toContain(secret.toString("base64url"));
    const hashes = (await app.t.owner.$client.query("select code_hash from admin_recovery_codes where user_id = $1", [admin])).rows.map(
      (r) => r.code_hash as string,
    );
    expect(hashes).toHaveLength(10);
    for (const c of codes) expect(hashes.some((h) => h.includes(c) || h.includes(c.replace(/-/g, "")))).toBe(false);
    const audit = await app.t.owner.$client.query(
      "select action from audit_log where actor_id = $1 and action like 'admin.totp.%' order by id",
      [admin],
    );
    expect(audit.rows.map((r) => r.action).slice(-2)).toEqual(["admin.totp.enrol-start", "admin.totp.enrol"]);

    // The confirming code cannot be used again, and the same secret is never shown again.
    const again = await call(app.t.app, auth.adminTotpRecoveryCodes, { code: totpAt(secret, Date.now() - 30_000) }, app.admin);
    expect(again.statusCode).toBe(400);
  });

  it("replacing an enrolled authenticator needs a session that passed it: an older password-only session cannot, and its back office stays shut", async () => {
    const who = await newAdmin();
    const older = await passwordToken(who);
    const current = await passwordToken(who);
    const { secret } = await enrol(current);
    const moved = await call(app.t.app, auth.adminTotpEnrol, {}, older);
    expect(moved.statusCode).toBe(403);
    expect(moved.body.message).toMatch(THAI);
    expect((await post(app.t.app, "/api/admin/ledger-check", {}, older)).body.message).toBe(SECOND_FACTOR_NEEDED);
    // A session signed in with the code can move it to a new phone; the old secret's codes then stop working.
    await minutesPass(who.uuid);
    const token = await signInWithCode(who, secret);
    const fresh = await enrol(token);
    await minutesPass(who.uuid);
    const first = await login(who);
    expect((await secondStep(first.body.challenge as string, nextCode(secret))).statusCode).toBe(401);
    expect((await secondStep(first.body.challenge as string, nextCode(fresh.secret))).statusCode).toBe(200);
  });
});

describe("signing in with the second factor", () => {
  it("answers the password with a challenge and no token; the code completes it once, from the same address only", async () => {
    const who = await newAdmin();
    const { secret } = await enrol(await passwordToken(who));
    const first = await login(who);
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["challenge", "message", "status", "totp_required"]);
    expect(first.body).toMatchObject({ status: "Success", totp_required: true });
    expect(first.body.message).toMatch(THAI);
    const challenge = first.body.challenge as string;
    expect(challenge.length).toBeGreaterThanOrEqual(40);
    // The same challenge and a right code, from another address: refused.
    expect((await secondStep(challenge, nextCode(secret), "203.0.113.99")).statusCode).toBe(401);

    const done = await call(app.t.app, auth.loginSecondFactor, { challenge, code: nextCode(secret) }, undefined, { headers: {} });
    // app.inject's default address is 127.0.0.1: a challenge given to HOME is not usable from there either.
    expect(done.statusCode).toBe(401);
    const ok = await secondStep(challenge, nextCode(secret));
    expect(ok.statusCode).toBe(200);
    expect(auth.SignedIn.parse(ok.body)).toMatchObject({ status: "Success", role: "admin", username: who.username, uuid: who.uuid });
    const token = ok.body.jwt as string;
    expect((await post(app.t.app, "/api/admin/ledger-check", {}, token)).statusCode).toBe(200);
    expect((await call(app.t.app, auth.adminTotpStatus, {}, token)).body).toMatchObject({ enrolled: true, session_verified: true });
    // A renewed token keeps its session, so the back office stays open to it.
    const renewed = await post(app.t.app, "/api/href", {}, token);
    expect((await post(app.t.app, "/api/admin/ledger-check", {}, renewed.body.jwt as string)).statusCode).toBe(200);

    // A challenge is good for one sign-in.
    await minutesPass(who.uuid);
    const reused = await secondStep(challenge, totpAt(secret, Date.now()));
    expect(reused.statusCode).toBe(401);
    expect(reused.body.message).toMatch(/กรุณาเข้าสู่ระบบด้วยรหัสผ่านอีกครั้ง/);
    const audit = await app.t.owner.$client.query("select after from audit_log where actor_id = $1 and action = 'admin.sign-in'", [
      who.uuid,
    ]);
    expect(audit.rows.map((r) => r.after)).toEqual([{ secondFactor: "totp" }]);
  });

  it("refuses a code already used (the same 30-second step), and counts it as a failure", async () => {
    const who = await newAdmin();
    const { secret } = await enrol(await passwordToken(who));
    const code = nextCode(secret);
    const first = await login(who);
    expect((await secondStep(first.body.challenge as string, code)).statusCode).toBe(200);
    const second = await login(who);
    const replay = await secondStep(second.body.challenge as string, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.body.message).toBe("รหัสนี้ใช้ไปแล้ว กรุณารอรหัสถัดไปในแอป");
    expect(replay.body.jwt).toBeUndefined();
    expect(await failuresOf(who.uuid)).toBe(1);
    // The confirming code of an enrolment is spent too.
    const other = await newAdmin();
    const token = await passwordToken(other);
    const started = await call(app.t.app, auth.adminTotpEnrol, {}, token);
    if (!started.ok) throw new Error("enrol");
    const s = base32Decode(started.body.secret)!;
    const confirming = totpAt(s, Date.now());
    expect((await call(app.t.app, auth.adminTotpConfirm, { code: confirming }, token)).ok).toBe(true);
    const attempt = await login(other);
    expect((await secondStep(attempt.body.challenge as string, confirming)).statusCode).toBe(401);
  });

  it("counts wrong codes toward the lockout of that account and address; the right password in between does not clear them; elsewhere is not locked", async () => {
    const who = await newAdmin();
    const { secret } = await enrol(await passwordToken(who));
    const wrong = String((Number(nextCode(secret)) + 333_333) % 1_000_000).padStart(6, "0");
    let challenge = (await login(who)).body.challenge as string;
    for (let i = 0; i < 3; i++) {
      const res = await secondStep(challenge, wrong);
      expect(res.statusCode).toBe(401);
      expect(res.body.message).toBe("รหัสยืนยันไม่ถูกต้อง");
    }
    expect(await failuresOf(who.uuid)).toBe(3);
    // The password again (right): a new challenge, and the count stays.
    challenge = (await login(who)).body.challenge as string;
    expect(await failuresOf(who.uuid)).toBe(3);
    expect((await secondStep(challenge, wrong)).statusCode).toBe(401);
    expect((await secondStep(challenge, wrong)).statusCode).toBe(401);
    expect(await failuresOf(who.uuid)).toBe(5);
    // Locked from this address: even the right code, even the right password.
    const locked = await secondStep(challenge, nextCode(secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.body.message).toMatch(/ลองใหม่ในอีก 1 นาที/);
    expect((await login(who)).statusCode).toBe(429);
    // The owner elsewhere signs in with password and code.
    const away = await login(who, "203.0.113.50");
    expect(away.body.totp_required).toBe(true);
    expect((await secondStep(away.body.challenge as string, nextCode(secret), "203.0.113.50")).statusCode).toBe(200);
    expect(await failuresOf(who.uuid, "203.0.113.50")).toBe(0);
  });

  it("takes a recovery code instead of the app's code, once; typed in capitals or without dashes too", async () => {
    const who = await newAdmin();
    const { recoveryCodes } = await enrol(await passwordToken(who));
    const typed = recoveryCodes[3]!.toUpperCase().replace(/-/g, " ");
    const first = await login(who);
    const ok = await secondStep(first.body.challenge as string, typed);
    expect(ok.statusCode, JSON.stringify(ok.body)).toBe(200);
    const token = ok.body.jwt as string;
    expect((await post(app.t.app, "/api/admin/ledger-check", {}, token)).statusCode).toBe(200);
    expect((await call(app.t.app, auth.adminTotpStatus, {}, token)).body).toMatchObject({ recovery_codes_left: 9, session_verified: true });
    const audit = await app.t.owner.$client.query("select after from audit_log where actor_id = $1 and action = 'admin.sign-in'", [
      who.uuid,
    ]);
    expect(audit.rows[0].after).toEqual({ secondFactor: "recovery-code", recoveryCodesLeft: 9 });

    const second = await login(who);
    const reused = await secondStep(second.body.challenge as string, recoveryCodes[3]!);
    expect(reused.statusCode).toBe(401);
    expect(await failuresOf(who.uuid)).toBe(1);
    expect((await secondStep(second.body.challenge as string, recoveryCodes[4]!)).statusCode).toBe(200);
  });

  it("new recovery codes for a current code: the old ones stop working", async () => {
    const who = await newAdmin();
    const { secret, recoveryCodes } = await enrol(await passwordToken(who));
    const token = await signInWithCode(who, secret);
    await minutesPass(who.uuid);
    const renewed = await call(app.t.app, auth.adminTotpRecoveryCodes, { code: totpAt(secret, Date.now()) }, token);
    expect(renewed.ok).toBe(true);
    if (!renewed.ok) return;
    expect(renewed.body.recovery_codes).toHaveLength(10);
    expect(renewed.body.recovery_codes.some((c) => recoveryCodes.includes(c))).toBe(false);
    const first = await login(who);
    expect((await secondStep(first.body.challenge as string, recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await secondStep(first.body.challenge as string, renewed.body.recovery_codes[0]!)).statusCode).toBe(200);
  });
});
