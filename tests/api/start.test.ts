import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import WebSocket from "ws";
import { SERVER_NODE_FLAGS } from "../../src/server/node-flags";
import { ALARMING, freePort, stopProcess, stopProcessGroup } from "../support/processes";

// `npm start`'s server process for real: embedded PostgreSQL under DATA_DIR, migrations, seed,
// the one-time admin password, the built app, and data kept across a restart.

const dataDir = mkdtempSync(join(tmpdir(), "lotto-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(env: Record<string, string>, ready = /Server listening at/) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, ...env, DATABASE_URL: "", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
    // A process group of its own, as a terminal or a service manager gives it: stopProcessGroup signals it whole.
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!ready.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output };
}

it("starts on an embedded PostgreSQL, serves the app, and keeps data across a restart", async () => {
  const env = { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: "127.0.0.1", EMBEDDED_PG_PORT: String(await freePort()) };
  const base = `http://127.0.0.1:${env.PORT}`;
  const postJson = (path: string, body: unknown) =>
    fetch(base + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  const first = await start(env);
  try {
    const password = first.output().match(/password: (\S+)/)?.[1];
    expect(password).toBeTruthy();
    // Plain words, beside the JSON log, say what happened and where the back office is.
    for (const line of [
      `[start] PostgreSQL started (embedded, its data in ${dataDir})`,
      "[start] Database tables are up to date (migrations ran)",
      `[start] The site is running at ${base}/ — the back office is at ${base}/admin`,
      "[start] Deposits stay closed until a receiving bank account is added",
    ])
      // Polled: the child writes each line on its own, and the last may not have been read yet when
      // "Server listening" was (it failed so once in CI).
      await expect.poll(() => first.output()).toContain(line);
    const page = await fetch(`${base}/singInPage`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await postJson("/login", { username: "admin", password })).status).toBe(200);

    // The default SMS sender writes the code to the log.
    expect((await postJson("/check-phonenumber", { phonenumber: "0899999999" })).status).toBe(200);
    // The child writes the line when it gets to it: wait for the line, not for a while.
    const otpLine = /รหัส OTP ของคุณคือ (\d{6})/;
    await expect.poll(() => first.output()).toMatch(otpLine);
    const code = first.output().match(otpLine)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const otp = await (await postJson("/check-otp", { phonenumber: "0899999999", otp: code })).json();
    const reg = await postJson("/register", {
      username: "keepme",
      password: "keep-me-please",
      phonenumber: "0899999999",
      bankaccounts: "เก็บ ไว้",
      bankno: "5556667778",
      bankname: "ktb",
      otptoken: otp.otptoken,
    });
    expect(reg.status).toBe(200);
    // Ctrl-C, or a service manager stopping the group: the server and its PostgreSQL get the signal together,
    // and the stop still prints nothing to act on and exits cleanly (docs/decisions/071).
    const before = first.output().length;
    expect(await stopProcessGroup(first.child, "SIGINT")).toBe(0);
    const stopping = first.output().slice(before);
    expect(stopping).toContain('"msg":"shutting down"');
    expect(stopping.split("\n").filter((line) => ALARMING.test(line))).toEqual([]);

    const second = await start(env);
    try {
      // Checked once the start-up has said what it found, so a late line cannot slip past it.
      await expect.poll(() => second.output()).toContain("[start] The admin account exists");
      expect(second.output()).not.toMatch(/First admin account created/);
      // The first stop took its PostgreSQL with it: nothing was left running for this start to stop.
      expect(second.output()).not.toContain("left running by an earlier start");
      expect((await postJson("/login", { username: "admin", password })).status).toBe(200);
      expect((await postJson("/login", { username: "keepme", password: "keep-me-please" })).status).toBe(200);
    } finally {
      await stopProcess(second.child);
    }
  } finally {
    if (first.child.exitCode === null) await stopProcess(first.child);
  }
}, 120_000);

it("starts again after the server was killed with SIGKILL, though its embedded PostgreSQL outlived it; passwords by SCRAM", async () => {
  const dir = mkdtempSync(join(tmpdir(), "lotto-kill-"));
  try {
    const env = { DATA_DIR: dir, PORT: String(await freePort()), HOST: "127.0.0.1", EMBEDDED_PG_PORT: String(await freePort()) };
    const first = await start(env);
    const password = first.output().match(/password: (\S+)/)?.[1];
    const exited = new Promise((r) => first.child.once("exit", r));
    first.child.kill("SIGKILL");
    await exited;
    // The orphaned postmaster still holds the data directory and the port.
    expect(existsSync(join(dir, "pg", "postmaster.pid"))).toBe(true);
    // Passwords are checked by SCRAM, never sent in clear; a cluster made before that (clear-text
    // "password" rules) is switched at its next start.
    const hba = join(dir, "pg", "pg_hba.conf");
    const methods = () => [
      ...new Set(
        readFileSync(hba, "utf8")
          .split("\n")
          .filter((l) => l.trim() && !l.trim().startsWith("#"))
          .map((l) => l.trim().split(/\s+/).at(-1)),
      ),
    ];
    expect(methods()).toEqual(["scram-sha-256"]);
    writeFileSync(hba, readFileSync(hba, "utf8").replace(/scram-sha-256/g, "password"));
    const second = await start(env);
    expect(methods()).toEqual(["scram-sha-256"]);
    try {
      const login = await fetch(`http://127.0.0.1:${env.PORT}/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password }),
      });
      expect(login.status).toBe(200);
    } finally {
      await stopProcess(second.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

/** A server of its own for a workers test: its data in `dir`, free ports. */
async function workersEnv(dir: string, workers: Record<string, string>) {
  return { DATA_DIR: dir, PORT: String(await freePort()), HOST: "127.0.0.1", EMBEDDED_PG_PORT: String(await freePort()), ...workers };
}

it("with two workers, a SIGTERM to the primary stops both workers, then the database, and prints nothing to act on", async () => {
  const dir = mkdtempSync(join(tmpdir(), "lotto-workers-"));
  try {
    const env = await workersEnv(dir, { WORKERS: "2" });
    const server = await start(env);
    // Each worker says it listens, with its pid on the line.
    const workerPids = () => [...server.output().matchAll(/"pid":(\d+)[^\n]*Server listening at/g)].map((m) => Number(m[1]));
    await expect.poll(() => workerPids().length, { timeout: 60_000 }).toBe(2);
    const before = server.output().length;
    const exited = new Promise<number | null>((r) => server.child.once("close", (code) => r(code)));
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const stopping = server.output().slice(before);
    // Both workers closed their apps before the primary stopped the database under them (docs/decisions/071).
    for (const pid of workerPids()) {
      expect(stopping).toMatch(new RegExp(`"pid":${pid},[^\n]*"msg":"shutting down"`));
      expect(() => process.kill(pid, 0), `worker ${pid} has exited`).toThrow();
    }
    expect(stopping).not.toContain("database shutting down");
    expect(stopping.split("\n").filter((line) => ALARMING.test(line))).toEqual([]);
    expect(existsSync(join(dir, "pg", "postmaster.pid")), "the embedded PostgreSQL stopped").toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

it("with a live worker, the primary hands live sockets to it and every other call to the worker, and stops both", async () => {
  const dir = mkdtempSync(join(tmpdir(), "lotto-live-worker-"));
  try {
    const env = await workersEnv(dir, { WORKERS: "1", LIVE_WORKERS: "1" });
    const server = await start(env, /The site is running at/);
    const base = `http://127.0.0.1:${env.PORT}`;
    // Each worker says which part it takes, with its pid on the line.
    const pidOf = (role: string) =>
      Number(new RegExp(`"pid":(\\d+)[^\n]*"role":"${role}"[^\n]*taking connections`).exec(server.output())?.[1]);
    const app = pidOf("app");
    const live = pidOf("live");
    expect(app).toBeGreaterThan(0);
    expect(live).toBeGreaterThan(0);
    expect(live).not.toBe(app);
    // Ordinary calls (fetch keeps one connection for both): answered by the other worker.
    const docs = await fetch(`${base}/api/docs`, { redirect: "manual" });
    const page = await fetch(`${base}/`);
    expect(docs.status).toBeLessThan(400);
    expect(page.status).toBe(200);
    // A live socket without a session: the live worker answers it (the session's end, 4401).
    const socket = new WebSocket(`ws://127.0.0.1:${env.PORT}/api/ws/yeekee?activityid=1`);
    const closed = await new Promise<{ code: number; message: string }>((resolve, reject) => {
      let message = "";
      socket.on("message", (m) => (message = String(m)));
      socket.on("close", (code) => resolve({ code, message }));
      socket.on("error", reject);
    });
    expect(closed.code).toBe(4401);
    expect(closed.message).toContain("error");
    const servedBy = (url: string) =>
      [...server.output().matchAll(/"pid":(\d+)[^\n]*"msg":"incoming request"/g)]
        .filter((m) => m[0].includes(`"url":"${url}"`))
        .map((m) => Number(m[1]));
    const ws = "/api/ws/yeekee?activityid=1";
    await expect.poll(() => servedBy(ws).length).toBe(1);
    expect(servedBy(ws)).toEqual([live]);
    expect(servedBy("/api/docs")).toEqual([app]);
    expect(servedBy("/")).toEqual([app]);

    // A live worker that dies is replaced, and the live sockets go to its successor.
    process.kill(live, "SIGKILL");
    const livePids = () =>
      [...server.output().matchAll(/"pid":(\d+)[^\n]*"role":"live"[^\n]*taking connections/g)].map((m) => Number(m[1]));
    await expect.poll(() => livePids().length, { timeout: 60_000 }).toBe(2);
    const successor = livePids()[1]!;
    const again = new WebSocket(`ws://127.0.0.1:${env.PORT}/api/ws/yeekee?activityid=2`);
    expect(await new Promise((resolve, reject) => again.on("close", resolve).on("error", reject))).toBe(4401);
    await expect.poll(() => servedBy("/api/ws/yeekee?activityid=2")).toEqual([successor]);

    const before = server.output().length;
    const exited = new Promise<number | null>((r) => server.child.once("close", (code) => r(code)));
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const stopping = server.output().slice(before);
    for (const pid of [app, successor]) {
      expect(stopping).toMatch(new RegExp(`"pid":${pid},[^\n]*"msg":"shutting down"`));
      expect(() => process.kill(pid, 0), `worker ${pid} has exited`).toThrow();
    }
    expect(stopping.split("\n").filter((line) => ALARMING.test(line))).toEqual([]);
    expect(existsSync(join(dir, "pg", "postmaster.pid")), "the embedded PostgreSQL stopped").toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

it("npm start runs the server with the flags the benchmarks measured it with", () => {
  const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
  expect(scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} --import tsx scripts/start.ts`);
});
