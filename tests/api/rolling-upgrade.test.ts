import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { expect, inject, it } from "vitest";
import { dropServingRole } from "../../src/server/db/serving-role";
import { freePort, stopProcess } from "../support/processes";

/**
 * A rolling upgrade (docs/decisions/054): release N (a real earlier commit of this repository, in a git worktree)
 * serves one database; players bet without pause; release N+1 (this checkout) starts on the same database and
 * migrates it; both serve together, bets alternating between them, each also taking a yeekee shot, a deposit
 * (request, report, approval) and a round's settlement; N is taken out of the rotation and stopped; N+1 goes on.
 * Then: every bet was answered 200, every accepted slip is in the database, and the ledger check passes.
 *
 * N is 0b088cb, the last commit before migration 0037 and before person_name_key() (a new function; same_person()
 * and place_slip() changed bodies), so N+1's start migrates and changes functions under N. No commit since the
 * money seam (decision 013) changed a function's signature; the check that this test fails without the mechanism
 * was made by renaming place_slips in N+1 (docs/decisions/054). ROLLING_UPGRADE_FROM names another
 * commit; ROLLING_UPGRADE_OVERLAP_SECONDS the time both serve (30 s by default, the issue's minute with 60).
 */

const ROOT = join(import.meta.dirname, "../..");
const PREVIOUS_RELEASE = process.env.ROLLING_UPGRADE_FROM ?? "0b088cbf409f71deaf356b717a96b9fcd472819b";
const OVERLAP_MS = Number(process.env.ROLLING_UPGRADE_OVERLAP_SECONDS ?? 30) * 1000;

/** A clone without history (shallow) cannot check release N out; a full clone (CI's `git clone`) always can. */
function shallowClone(): boolean {
  try {
    return execFileSync("git", ["rev-parse", "--is-shallow-repository"], { cwd: ROOT, encoding: "utf8" }).trim() === "true";
  } catch {
    return true;
  }
}
const shallow = shallowClone();

interface Instance {
  name: "N" | "N+1";
  child: ChildProcess;
  base: string;
  output: () => string;
}

function start(name: Instance["name"], cwd: string, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd,
    env: { ...process.env, ...env, NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  return { name, child, base: `http://127.0.0.1:${env.PORT}`, output: () => output };
}

async function call(instance: Instance, path: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(instance.base + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The JSON of an answer that must be 200, or a failure that says what came back and from which release. */
async function ok(instance: Instance, path: string, body: unknown, token?: string, headers?: Record<string, string>) {
  const res = await call(instance, path, body, token, headers);
  expect(res.status, `${instance.name} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

it.skipIf(shallow)(
  shallow
    ? "rolling upgrade: skipped, this clone has no git history (shallow), so release N cannot be checked out"
    : "rolling upgrade: release N and N+1 serve one database together; no bet refused or lost, the ledger balances",
  async () => {
    const adminUrl = inject("pgAdminUrl");
    const dbName = `r_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const databaseUrl = url.toString();
    const owner = new pg.Client({ connectionString: databaseUrl });

    const worktree = join(mkdtempSync(join(tmpdir(), "lotto-release-n-")), "release");
    execFileSync("git", ["worktree", "add", "--detach", worktree, PREVIOUS_RELEASE], { cwd: ROOT, stdio: "ignore" });
    symlinkSync(join(ROOT, "node_modules"), join(worktree, "node_modules"));

    const env = {
      DATABASE_URL: databaseUrl,
      HOST: "127.0.0.1",
      JWT_SECRET: randomBytes(32).toString("hex"),
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "admin-password-1",
      ADMIN_TOTP_REQUIRED: "false",
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
      LOG_LEVEL: "info",
      DB_ACQUIRE_TIMEOUT_MS: "60000",
      DB_QUERY_TIMEOUT_MS: "120000",
    };
    const instances: Instance[] = [];
    const said = () => instances.map((i) => `--- ${i.name} ---\n${i.output().slice(-4000)}`).join("\n");
    let betting = true;
    let loop: Promise<void> | undefined;
    const listening = async (i: Instance) =>
      expect.poll(() => i.output(), { timeout: 90_000, interval: 100 }).toMatch(/\[start\] The site is running at/);

    try {
      // Release N alone: it makes the database, the seed and the round plan.
      const n = start("N", worktree, { ...env, PORT: String(await freePort()) });
      instances.push(n);
      await listening(n);
      await owner.connect();

      const adminToken = (await ok(n, "/login", { username: "admin", password: "admin-password-1" })).jwt as string;
      await ok(n, "/api/admin/save-mybank", { bankname: "kbank", bankno: "0011223344", bankaccounts: "บริษัท หวยดี จำกัด" }, adminToken);
      const players: Array<{ uuid: string; token: string }> = [];
      for (let i = 0; i < 3; i++) {
        const phone = `08155500${i}${i}`;
        await ok(n, "/check-phonenumber", { phonenumber: phone });
        const otpLine = new RegExp(`"phone":"${phone}".*?(\\d{6})`);
        await expect.poll(() => n.output()).toMatch(otpLine);
        const otp = await ok(n, "/check-otp", { phonenumber: phone, otp: otpLine.exec(n.output())![1] });
        await ok(n, "/register", {
          username: `rolling${i}`,
          password: "rolling-pass-1",
          phonenumber: phone,
          bankaccounts: ["สมชาย ใจดี", "สมหญิง ใจงาม", "สมศักดิ์ ใจเย็น"][i],
          bankno: `55500011${i}${i}`,
          bankname: "ktb",
          otptoken: otp.otptoken,
        });
        const login = await ok(n, "/login", { username: `rolling${i}`, password: "rolling-pass-1" });
        players.push({ uuid: login.uuid as string, token: login.jwt as string });
        await ok(n, "/api/admin/adjust-credit", { uuid: login.uuid, amount: 5000, note: "ทดสอบ เติมเครดิต" }, adminToken, {
          "idempotency-key": randomUUID(),
        });
      }

      // Four yeekee rounds open for the whole test: one takes the continuous bets, the others are settled one by one.
      const rounds = (
        await owner.query<{ id: string }>(
          `update rounds set open_at = least(open_at, now() - interval '1 minute'),
                   close_at = now() + interval '20 minutes', result_at = now() + interval '21 minutes'
            where id in (select id from rounds where lottery_id = 'yeekee' and status = 'open' order by close_at, id limit 4)
            returning id`,
        )
      ).rows
        .map((r) => Number(r.id))
        .sort((a, b) => a - b);
      expect(rounds).toHaveLength(4);
      const [betRound, ...settled] = rounds as [number, number, number, number];

      /** A bet, a yeekee shot and a deposit the whole way through one release; then the round's settlement, by whichever serves. */
      const everyMoneyPath = async (i: Instance, player: { uuid: string; token: string }, round: number) => {
        await ok(
          i,
          "/api/post-numberdigit-mockdata",
          {
            uuid: player.uuid,
            activityid: round,
            datetime: `paths-${i.name}-${round}`,
            // Every two-digit number once: one line wins, so the settlement pays.
            numberlist: Array.from({ length: 100 }, (_, d) => ({ award_type: "TwoDigit", number: String(d).padStart(2, "0"), amount: 1 })),
          },
          player.token,
        );
        await ok(
          i,
          "/api/post-numberrecord-mockdata",
          { uuid: player.uuid, activityid: round, number: String(10000 + round).slice(-5) },
          player.token,
        );
        const amount = await ok(i, "/api/gent-amount", { amount: 100 }, player.token);
        const report = await ok(
          i,
          "/api/add-paynow",
          { amount: amount.amount, paytime: new Date().toISOString(), comment: "", bankname: "kbank", transection: amount.transection },
          player.token,
        );
        await ok(i, "/api/admin/approve-paynow", { id: report.id, status: "Approve" }, adminToken);
      };
      const settle = async (round: number) => {
        await owner.query(
          "update rounds set close_at = now() - interval '2 seconds', result_at = now() - interval '1 second' where id = $1",
          [round],
        );
        // Settled: the winning line paid (a line with no win mark has lost) and the round's accruals done.
        const settlement = async () =>
          (
            await owner.query<{ accrued: boolean; waiting: number; won: number }>(
              `select r.accruals_settled_at is not null as accrued,
                      (select count(*)::int from slip_lines l where l.round_id = r.id and l.result = 'win') as won,
                      (select count(*)::int from round_winning_pairs w
                         join slip_lines l on l.round_id = w.round_id and l.bet_type = w.bet_type and l.number = w.number
                        where w.round_id = r.id and l.result is null) as waiting
                 from rounds r where r.id = $1`,
              [round],
            )
          ).rows[0]!;
        await expect
          .poll(
            async () => {
              const now = await settlement();
              return { ...now, won: now.won > 0 };
            },
            { timeout: 30_000, interval: 200 },
          )
          .toEqual({ accrued: true, waiting: 0, won: true })
          .catch(async (e: unknown) => {
            const state = await owner.query("select status, close_at, result_at, result from rounds where id = $1", [round]);
            throw new Error(`round ${round} not settled: ${JSON.stringify(state.rows)}\n${said()}`, { cause: e });
          });
      };

      // Bets without pause, one after another, over the players and the releases in the rotation.
      const rotation: Instance[] = [n];
      const bets: Array<{ instance: Instance["name"]; status: number; body: Record<string, unknown>; both: boolean }> = [];
      let both = false;
      loop = (async () => {
        for (let k = 0; betting; k++) {
          const instance = rotation[k % rotation.length]!;
          const player = players[k % players.length]!;
          const res = await call(
            instance,
            "/api/post-numberdigit-mockdata",
            {
              uuid: player.uuid,
              activityid: betRound,
              datetime: `rolling-${k}`,
              numberlist: [{ award_type: "TwoDigit", number: String(k % 100).padStart(2, "0"), amount: 1 }],
            },
            player.token,
          ).catch((e: unknown) => ({ status: 0, body: { error: String(e) } }));
          bets.push({ instance: instance.name, ...res, both });
        }
      })();

      await everyMoneyPath(n, players[0]!, settled[0]);
      await settle(settled[0]);

      // Release N+1 starts on the same database (it migrates) while N serves and the bets go on.
      const next = start("N+1", ROOT, { ...env, PORT: String(await freePort()) });
      instances.push(next);
      await listening(next);
      rotation.push(next);
      both = true;
      const overlapEnd = Date.now() + OVERLAP_MS;
      await everyMoneyPath(n, players[1]!, settled[1]);
      await everyMoneyPath(next, players[2]!, settled[1]);
      await settle(settled[1]);
      // Both serve for the rest of the period: the bets alternate between them.
      await expect.poll(() => Date.now() >= overlapEnd, { timeout: OVERLAP_MS + 10_000, interval: 250 }).toBe(true);

      // N leaves the rotation (as a load balancer drains it), then stops; N+1 serves alone.
      rotation.splice(rotation.indexOf(n), 1);
      const sentToN = bets.length;
      await expect.poll(() => bets.length, { interval: 50 }).toBeGreaterThan(sentToN + 1);
      both = false;
      await stopProcess(n.child);
      await everyMoneyPath(next, players[0]!, settled[2]);
      await settle(settled[2]);
      const afterN = bets.length;
      await expect.poll(() => bets.length, { interval: 50 }).toBeGreaterThan(afterN + 10);
      betting = false;
      await loop;

      // Every bet was answered 200, on both releases while both served.
      const refused = bets.filter((b) => b.status !== 200);
      expect(refused.slice(0, 5), said()).toEqual([]);
      expect(bets.filter((b) => b.both && b.instance === "N").length).toBeGreaterThan(5);
      expect(bets.filter((b) => b.both && b.instance === "N+1").length).toBeGreaterThan(5);
      // Every accepted slip is in the database, once.
      const ids = bets.map((b) => Number(b.body.master_id));
      const stored = await owner.query<{ n: number }>(
        "select count(distinct id)::int as n from slips where id = any($1::bigint[]) and round_id = $2",
        [ids, betRound],
      );
      expect(stored.rows[0]!.n).toBe(new Set(ids).size);
      expect(new Set(ids).size).toBe(bets.length);
      const check = await ok(next, "/api/admin/ledger-check", {}, adminToken);
      expect(check.ok, JSON.stringify(check)).toBe(true);
    } finally {
      betting = false;
      await loop?.catch(() => {});
      await owner.end().catch(() => {});
      for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) await stopProcess(i.child);
      execFileSync("git", ["worktree", "remove", "--force", worktree], { cwd: ROOT, stdio: "ignore" });
      rmSync(join(worktree, ".."), { recursive: true, force: true });
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
      await dropServingRole(adminUrl, `${dbName}_serving`);
    }
  },
  180_000,
);
