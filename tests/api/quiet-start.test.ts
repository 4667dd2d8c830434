import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { ALARMING, freePort, stopProcess } from "../support/processes";

/**
 * An ERROR or a warning in the log is something an operator must act on (docs/decisions/049). `npm start`'s
 * server process on a fresh data directory (embedded PostgreSQL, migrations, SQL functions, seed), then what a
 * player is refused every day — a bet and a withdrawal beyond their credit, a yeekee shot on a round that has
 * closed — then its stop by SIGTERM (as `kill` or a container's stop sends it to the server alone), and
 * everything the server and its embedded PostgreSQL printed is read: no ERROR, no warning (the stop's order:
 * docs/decisions/071).
 */

const dataDir = mkdtempSync(join(tmpdir(), "lotto-quiet-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("a first start, a day's refusals and the stop print no ERROR and no warning", async () => {
  const pgPort = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: "127.0.0.1", EMBEDDED_PG_PORT: String(pgPort) };
  const base = `http://127.0.0.1:${env.PORT}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    // The default SMS sender's start-up note is a warning by design when NODE_ENV is production; a local start is not.
    env: { ...process.env, ...env, DATABASE_URL: "", LOG_LEVEL: "info", NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  let owner: pg.Client | undefined;
  let printed = "";
  try {
    await expect.poll(() => output, { timeout: 90_000, interval: 200 }).toMatch(/Server listening at/);
    await expect.poll(() => output).toContain("[start] The site is running at");
    const json = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(base + path, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    // A player registers (the default SMS sender writes the code to the log) and signs in, with no credit.
    expect((await json("/check-phonenumber", { phonenumber: "0899999998" })).status).toBe(200);
    const otpLine = /รหัส OTP ของคุณคือ (\d{6})/;
    await expect.poll(() => output).toMatch(otpLine);
    const otp = await json("/check-otp", { phonenumber: "0899999998", otp: output.match(otpLine)![1] });
    const registered = await json("/register", {
      username: "quietplayer",
      password: "quiet-player-pw",
      phonenumber: "0899999998",
      bankaccounts: "เงียบ สงบ",
      bankno: "5556667779",
      bankname: "ktb",
      otptoken: otp.body.otptoken,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const login = await json("/login", { username: "quietplayer", password: "quiet-player-pw" });
    expect(login.status).toBe(200);
    const token = login.body.jwt as string;
    const uuid = login.body.uuid as string;

    // The owner's connection, to find an open round and close another (the server has written the password by now).
    owner = new pg.Client({
      connectionString: `postgres://postgres:${encodeURIComponent(readFileSync(join(dataDir, "pg-password"), "utf8").trim())}@127.0.0.1:${pgPort}/lotto`,
    });
    await owner.connect();
    // The next yeekee round to close, open from a minute ago for five more minutes at least: yeekee pauses from
    // 04:00 to 06:00 Bangkok time, when no round is open, and the open one may close before the bet arrives.
    const open = await owner.query<{ id: string }>(
      `update rounds set open_at = least(open_at, now() - interval '1 minute'),
               close_at = greatest(close_at, now() + interval '5 minutes'),
               result_at = greatest(result_at, now() + interval '7 minutes')
        where id = (select id from rounds where lottery_id = 'yeekee' and status = 'open' and close_at > now()
                     order by close_at, id limit 1)
        returning id`,
    );
    expect(open.rows).toHaveLength(1);
    // Another yeekee round, closed a minute ago and past its shooting time.
    const closed = await owner.query<{ id: string }>(
      `update rounds set open_at = least(open_at, now() - interval '2 minutes'), close_at = now() - interval '1 minute',
               result_at = now() - interval '30 seconds'
        where id = (select id from rounds where lottery_id = 'yeekee' and status = 'open' and id <> $1 order by close_at desc, id limit 1)
        returning id`,
      [open.rows[0]!.id],
    );

    // A bet beyond the credit: refused with the Thai message.
    const bet = await json(
      "/api/post-numberdigit-mockdata",
      {
        uuid,
        activityid: Number(open.rows[0]!.id),
        datetime: new Date().toISOString(),
        numberlist: [{ award_type: "TwoDigit", number: "12", amount: 10 }],
      },
      token,
    );
    expect(bet.status, JSON.stringify(bet.body)).toBeGreaterThanOrEqual(400);
    expect(bet.body.reason).toBe("insufficient_funds");
    // A withdrawal beyond the credit.
    const withdrawal = await json("/api/add-withdrawal", { uuid, amount: "100", bankname: "ktb" }, token);
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBeGreaterThanOrEqual(400);
    expect(withdrawal.status).toBeLessThan(500);
    // A yeekee shot after the round closed.
    const shot = await json("/api/post-numberrecord-mockdata", { uuid, activityid: Number(closed.rows[0]!.id), number: "12345" }, token);
    expect(shot.status, JSON.stringify(shot.body)).toBeGreaterThanOrEqual(400);
    expect(shot.status).toBeLessThan(500);
    // A request the server has certainly logged after the refusals, so their lines (if any) are in by now.
    expect((await json("/login", { username: "quietplayer", password: "quiet-player-pw" })).status).toBe(200);
    await expect.poll(() => output.match(/"url":"\/login"/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    await owner.end();
    owner = undefined;
    // The stop: the app's connections close first, then its embedded PostgreSQL (nothing left for it to end).
    // "close": exited, and all it printed has been read.
    const exited = new Promise<number | null>((r) => child.once("close", (code) => r(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, "pg", "postmaster.pid")), "the embedded PostgreSQL stopped with the server").toBe(false);
    printed = output;
  } finally {
    await owner?.end().catch(() => {});
    if (child.exitCode === null && child.signalCode === null) await stopProcess(child);
  }
  expect(printed).toContain("Server listening at");
  expect(printed).toContain('"msg":"shutting down"');
  // The app closed its LISTEN connections itself: the database was not stopped under them.
  expect(printed).not.toContain("database shutting down");
  const alarming = printed.split("\n").filter((line) => ALARMING.test(line));
  expect(alarming).toEqual([]);
}, 150_000);

it("the browser app's build, as `npm start` runs it, prints no warning", async () => {
  const outDir = mkdtempSync(join(tmpdir(), "lotto-quiet-web-"));
  try {
    // scripts/start.ts's build, into a directory of its own (the browser tests' build is left alone).
    const child = spawn(
      process.execPath,
      ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const code = await new Promise((r) => child.once("exit", r));
    expect(code, output).toBe(0);
    expect(output.trim()).toBe("");
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}, 240_000);
