/**
 * Lighthouse (mobile, its default settings) on every player page (`PAGES`: sign-in, registration, home, a
 * round's bet form, a yeekee round, deposit-withdraw, slips, referral, games), for `npm run bench:web`
 * (docs/decisions/025). The real server on a fresh embedded PostgreSQL serves the build being measured; Debian's
 * Chromium headless through chrome-launcher. The bench's database holds what the pages show (`pageData`): an
 * open hanoi round and an open yeekee round, slips on both, a referred friend, shots and open games of other
 * players. The signed-in pages get the session cookies a sign-in leaves (jwt, uuid, username, and
 * bannerStatus as a returning player has it) set in the browser before Lighthouse opens them, and the
 * signed-out ones (sign-in, registration) none: Lighthouse leaves cookies alone, so they are cleared before every page.
 * Each page is measured over both ways a browser can reach the app (`TRANSPORTS`): through a TLS proxy that
 * speaks HTTP/2, as players reach it in production (bench/h2-front.ts), and straight to the app's own
 * HTTP/1.1 listener. Lighthouse simulates the network from what it saw: over HTTP/1.1 a page's chunks share
 * six connections, each opened with its own round trips; over HTTP/2 they share one.
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";
import { loadConfig } from "../src/server/config";
import { buildApp } from "../src/server/app";
import { connect, type Db } from "../src/server/db/client";
import { prepareServingRole } from "../src/server/db/serving-role";
import { betPagePath, PATHS, yeekeePagePath } from "../src/web/lib/paths";
import { makeRound, openYeekeeRound } from "../tests/support/rounds";
import { h2Front } from "./h2-front";
import { benchDatabase, benchPlayers } from "./setup";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export const TRANSPORTS = ["HTTP/2 via TLS proxy", "HTTP/1.1 direct"] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** What the pages show, made in the bench's database before any page is measured (`pageData`). */
interface PageData {
  hanoiRound: number;
  yeekeeRound: number;
}

/**
 * A player page: `id` names it in `BENCH_WEB_PAGES` and the printout, `route` is its row in the first-load
 * table of bench/web.ts, `path` the address Lighthouse opens (and must end on).
 */
export interface BenchPage {
  id: string;
  route: string;
  signedIn: boolean;
  path: (d: PageData) => string;
}

/** Every player page, in the order measured: the routes of spec §2 with the yeekee and games pages. */
export const PAGES: readonly BenchPage[] = [
  { id: "signin", route: PATHS.signIn, signedIn: false, path: () => PATHS.signIn },
  { id: "register", route: PATHS.register, signedIn: false, path: () => PATHS.register },
  { id: "home", route: PATHS.home, signedIn: true, path: () => PATHS.home },
  { id: "bet", route: PATHS.homeAllLotto, signedIn: true, path: (d) => betPagePath("hanoi", d.hanoiRound) },
  // As the lottery picker links it, with the lottery named.
  { id: "yeekee", route: "/yeekeePage/:id", signedIn: true, path: (d) => yeekeePagePath(d.yeekeeRound, "yeekee") },
  { id: "credit", route: PATHS.mainCredit, signedIn: true, path: () => PATHS.mainCredit },
  { id: "slips", route: PATHS.reviewPostList, signedIn: true, path: () => PATHS.reviewPostList },
  { id: "referral", route: PATHS.yourself, signedIn: true, path: () => PATHS.yourself },
  { id: "games", route: PATHS.games, signedIn: true, path: () => PATHS.games },
];

/** `BENCH_WEB_PAGES=signin,home` measures those pages only (every page unless set); an unknown name stops the bench. */
export const SELECTED_PAGES: readonly BenchPage[] = (() => {
  const list = process.env.BENCH_WEB_PAGES;
  if (list === undefined || list.trim() === "") return PAGES;
  const ids = list.split(",").map((s) => s.trim());
  const unknown = ids.filter((id) => !PAGES.some((p) => p.id === id));
  if (unknown.length > 0)
    throw new Error(`BENCH_WEB_PAGES: no page ${unknown.join(", ")}; the pages are ${PAGES.map((p) => p.id).join(",")}`);
  return PAGES.filter((p) => ids.includes(p.id));
})();

/** `BENCH_WEB_TRANSPORT=HTTP/2` (or `HTTP/1.1`) measures over that one only; a value matching neither stops the bench. */
export const SELECTED_TRANSPORTS: readonly Transport[] = (() => {
  const t = process.env.BENCH_WEB_TRANSPORT;
  const chosen = TRANSPORTS.filter((x) => !t || x.startsWith(t));
  if (chosen.length === 0) throw new Error(`BENCH_WEB_TRANSPORT must be HTTP/2 or HTTP/1.1: ${t}`);
  return chosen;
})();

export type Scores = Record<(typeof CATEGORIES)[number], number> & {
  page: string;
  transport: Transport;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  si: string;
};
/**
 * A page's median run (by performance) with every run's performance score in the order measured, their
 * lowest, median and highest, and the lowest accessibility score of the runs.
 */
export type MedianScores = Scores & { runs: number[]; min: number; median: number; max: number; lowestAccessibility: number };

/**
 * How many times each page is measured (`BENCH_WEB_RUNS`, 5 unless set). Lighthouse's own advice for a
 * score that varies from run to run is the median of several; on the 2-core machine one page read 76 and 95
 * in two runs of one build (decision 025). The pages are measured in turn, round after round, so a slow
 * minute of the machine falls on all of them.
 */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`BENCH_WEB_RUNS must be a whole number of runs, 1 or more: ${process.env.BENCH_WEB_RUNS}`);

/** Each page's median run; of an even number of runs, the lower of the middle two. */
export function medianRuns(all: Scores[]): MedianScores[] {
  const byPage = new Map<string, Scores[]>();
  for (const s of all) {
    const key = `${s.page} ${s.transport}`;
    byPage.set(key, [...(byPage.get(key) ?? []), s]);
  }
  return [...byPage.values()].map((runs) => {
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    return {
      ...median,
      runs: runs.map((r) => r.performance),
      min: sorted[0]!.performance,
      median: median.performance,
      max: sorted[sorted.length - 1]!.performance,
      lowestAccessibility: Math.min(...runs.map((r) => r.accessibility)),
    };
  });
}

/** Sends one command to the whole browser through the DevTools protocol. */
async function browserCommand(port: number, method: string, params: Record<string, unknown>) {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  const reply = new Promise<void>((resolve, reject) =>
    ws.on("message", (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; error?: { message: string } };
      if (msg.id !== 1) return;
      if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
      else resolve();
    }),
  );
  ws.send(JSON.stringify({ id: 1, method, params }));
  await reply;
  ws.close();
}

/**
 * A signed-in page gets the cookies a sign-in leaves; a signed-out one none at all. Lighthouse leaves
 * cookies alone, so without clearing them the sign-in page of a second run was opened with the cookies the
 * signed-in pages of the first had set, and the app took it to `/`: that page was measured in its place.
 */
async function prepareCookies(port: number, origin: string, cookies: Record<string, string> | undefined) {
  await browserCommand(port, "Storage.clearCookies", {});
  if (cookies) {
    await browserCommand(port, "Storage.setCookies", {
      cookies: Object.entries(cookies).map(([name, value]) => ({ name, value, url: origin, sameSite: "Strict" })),
    });
  }
}

/**
 * With BENCH_WEB_JS_SAMPLES=1 (and BENCH_WEB_REPORTS), the saved trace also holds V8's samples of the running
 * JavaScript, for finding which function made a long task. The sampling slows the page and every timer call
 * (the trace records each one's stack) several times over: its scores are not the page's.
 */
const JS_SAMPLES = "disabled-by-default-v8.cpu_profiler";

/** One call to the app as a player's browser makes it; set-up, so anything but a 200 stops the bench. */
async function call(app: FastifyInstance, url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await app.inject({
    method: "POST",
    url,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode !== 200) throw new Error(`bench set-up: ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

type Session = { jwt: string; uuid: string };

/**
 * What the pages show, as a player who has played a little sees them: bench1 (the one measured) with slips on
 * an open hanoi round and an open yeekee round (the slips page, the yeekee round's slips), a shot of each
 * player on the yeekee round (its shot lists), bench2 brought in by bench1 with a slip of its own (the
 * referral page's friends), and a huakoi game of bench2 and of bench3 open to challenge (the games page's
 * lobby). The rounds are inserted through the database's owner, as the tests make theirs; everything else
 * goes through the app's own calls, so the money moves through the ledger as in play.
 */
async function pageData(owner: Db, app: FastifyInstance): Promise<{ data: PageData; player: Session }> {
  await benchPlayers(owner, 3);
  await owner.$client.query("update users set referrer_id = (select id from users where username = 'bench1') where username = 'bench2'");
  const [p1, p2, p3] = await Promise.all(
    [1, 2, 3].map(async (i) => (await call(app, "/login", { username: `bench${i}`, password: "bench-password" })) as Session),
  );
  const hanoiRound = await makeRound(owner, "hanoi", 3_600_000);
  const yeekeeRound = await openYeekeeRound(owner);
  let stamp = 0;
  const slip = (p: Session, activityid: number, numberlist: { award_type: string; number: string; amount: number }[]) =>
    call(
      app,
      "/api/post-numberdigit-mockdata",
      { uuid: p.uuid, activityid, datetime: `${new Date().toISOString()}#${++stamp}`, numberlist },
      p.jwt,
    );
  await slip(p1!, hanoiRound, [
    { award_type: "ThreeDigit", number: "123", amount: 20 },
    { award_type: "TwoDigit", number: "45", amount: 50 },
  ]);
  await slip(p1!, hanoiRound, [{ award_type: "TwoDigit", number: "07", amount: 10 }]);
  await slip(p1!, yeekeeRound, [{ award_type: "TwoDigit", number: "27", amount: 10 }]);
  await slip(p2!, hanoiRound, [{ award_type: "ThreeDigit", number: "456", amount: 30 }]);
  for (const [p, number] of [
    [p1!, "12345"],
    [p2!, "67890"],
    [p3!, "24680"],
  ] as const)
    await call(app, "/api/post-numberrecord-mockdata", { uuid: p.uuid, activityid: yeekeeRound, number }, p.jwt);
  await call(app, "/api/add-huakoi-hilow", { uuid: p2!.uuid, price: 20, gametype: "huakoi", bet: "หัว" }, p2!.jwt);
  await call(app, "/api/add-huakoi-hilow", { uuid: p3!.uuid, price: 50, gametype: "huakoi", bet: "ก้อย" }, p3!.jwt);
  return { data: { hanoiRound, yeekeeRound }, player: p1! };
}

/** Stops the measuring browser after this long per Lighthouse run, plus `SETUP_MS` for the set-up. */
const RUN_MS = 60_000;
const SETUP_MS = 120_000;

export async function lighthouseScores(
  webDir: string,
  timeoutMs = SETUP_MS + RUN_MS * RUNS * SELECTED_PAGES.length * SELECTED_TRANSPORTS.length,
): Promise<MedianScores[]> {
  const database = await benchDatabase();
  const jwtSecret = "bench-web-secret-bench-web-secret-0123";
  const serving = await prepareServingRole(database.url, jwtSecret);
  const db = connect(serving.url);
  const config = { ...loadConfig({ JWT_SECRET: jwtSecret, DATABASE_URL: serving.url, LOG_LEVEL: "silent" }), webDir };
  const app = await buildApp({ config, db, databaseUrl: serving.url, logger: false });
  const direct = await app.listen({ port: 0, host: "127.0.0.1" });
  const front = await h2Front(direct);
  const bases: Record<Transport, string> = { "HTTP/2 via TLS proxy": front.url, "HTTP/1.1 direct": direct };
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // The proxy's certificate is self-signed for 127.0.0.1.
      "--ignore-certificate-errors",
    ],
  });
  const timer = setTimeout(() => {
    console.error(`Lighthouse took over ${timeoutMs / 1000} s: stopped`);
    void chrome.kill();
  }, timeoutMs);
  try {
    const { data, player: login } = await pageData(database.db, app);
    const pages = SELECTED_PAGES.map((p) => ({ name: p.id, path: p.path(data), signedIn: p.signedIn }));
    const out: Scores[] = [];
    const rounds = Array.from({ length: RUNS }, (_, i) => i + 1);
    for (const { transport, run: round, ...p } of rounds.flatMap((run) =>
      SELECTED_TRANSPORTS.flatMap((transport) => pages.map((page) => ({ ...page, transport, run }))),
    )) {
      const base = bases[transport];
      const name = `${p.name} ${transport.startsWith("HTTP/2") ? "h2" : "h1"}${RUNS > 1 ? ` run ${round}` : ""}`;
      await prepareCookies(
        chrome.port,
        base,
        p.signedIn ? { jwt: login.jwt, uuid: login.uuid, username: "bench1", userType: "user", bannerStatus: "shown" } : undefined,
      );
      const run = () =>
        lighthouse(`${base}${p.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          ...(process.env.BENCH_WEB_JS_SAMPLES === "1" ? { additionalTraceCategories: JS_SAMPLES } : {}),
        });
      let result = await run();
      // Lighthouse's own trace sometimes fails (NO_NAVSTART, NO_FCP on a headless Chromium): measured once more.
      if (result?.lhr.runtimeError) {
        console.log(`  ${name}: Lighthouse could not measure the page (${result.lhr.runtimeError.code}); once more`);
        result = await run();
      }
      if (!result) throw new Error(`Lighthouse gave no result for ${p.path}`);
      const { categories, audits, environment, runtimeError, finalDisplayedUrl } = result.lhr;
      if (runtimeError) console.log(`  ${name}: Lighthouse could not measure the page: ${runtimeError.code} ${runtimeError.message}`);
      // The whole report, for looking into a score (BENCH_WEB_REPORTS=<directory>).
      if (process.env.BENCH_WEB_REPORTS) {
        mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
        writeFileSync(
          join(process.env.BENCH_WEB_REPORTS, `${name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}.json`),
          JSON.stringify(result.lhr),
        );
        // And the trace Lighthouse simulated from (every task of the main thread, unthrottled), for finding what made a long
        // task: none when the run failed before tracing.
        const trace = (result.artifacts as unknown as { Trace?: unknown }).Trace;
        if (trace)
          writeFileSync(
            join(process.env.BENCH_WEB_REPORTS, `${name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}.trace.json`),
            JSON.stringify(trace),
          );
      }
      // A page that sent the browser elsewhere (a signed-out player's page to the sign-in page, a signed-in
      // one's sign-in page to `/`) was not the page meant; its report, written above, shows where it went.
      const ended = new URL(finalDisplayedUrl);
      if (!runtimeError && `${ended.pathname}${ended.search}` !== p.path)
        throw new Error(`${name}: Lighthouse ended on ${finalDisplayedUrl}, not ${p.path}`);
      // Lighthouse's own CPU benchmark of this machine (its docs expect about 1000+ on a typical desktop) and
      // the load beside it: simulated throttling slows the measured main thread 4x, so a busy machine's
      // blocking time counts against the page.
      console.log(
        `  ${name}: Lighthouse benchmarkIndex ${environment.benchmarkIndex}, load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")} on ${cpus().length} cores`,
      );
      const score = (c: string) => Math.round((categories[c]?.score ?? 0) * 100);
      const shown = (a: string) => audits[a]?.displayValue ?? "-";
      out.push({
        page: p.name,
        transport,
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
        fcp: shown("first-contentful-paint"),
        lcp: shown("largest-contentful-paint"),
        tbt: shown("total-blocking-time"),
        cls: shown("cumulative-layout-shift"),
        si: shown("speed-index"),
      });
      // What brought a score down, for whoever reads the output.
      for (const c of ["performance", "accessibility"]) {
        const failing = (categories[c]?.auditRefs ?? [])
          .filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 0.9)
          .map((r) => `${r.id} (${audits[r.id]?.displayValue ?? audits[r.id]?.score})`);
        if (failing.length > 0) console.log(`  ${name} ${c}: below 0.9: ${failing.join(", ")}`);
      }
    }
    return medianRuns(out);
  } finally {
    clearTimeout(timer);
    await chrome.kill();
    await front.close();
    await app.close();
    await db.$client.end();
    for (const c of database.cleanup) await c();
  }
}
