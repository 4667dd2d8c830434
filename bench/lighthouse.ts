/**
 * Lighthouse (mobile, its default settings) on the sign-in page, the home page signed in and a round's bet
 * form signed in, for `npm run bench:web` (docs/decisions/025). The real server on a fresh embedded PostgreSQL serves
 * the build being measured; Debian's Chromium headless through chrome-launcher. The signed-in pages get
 * the session cookies a sign-in leaves (jwt, uuid, username, and bannerStatus as a returning player has it)
 * set in the browser before Lighthouse opens them, and the sign-in page none: Lighthouse leaves cookies
 * alone, so they are cleared before every page.
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
import WebSocket from "ws";
import { loadConfig } from "../src/server/config";
import { buildApp } from "../src/server/app";
import { connect } from "../src/server/db/client";
import { prepareServingRole } from "../src/server/db/serving-role";
import { betPagePath } from "../src/web/lib/paths";
import { makeRound } from "../tests/support/rounds";
import { h2Front } from "./h2-front";
import { benchDatabase, benchPlayers } from "./setup";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export const TRANSPORTS = ["HTTP/2 via TLS proxy", "HTTP/1.1 direct"] as const;
export type Transport = (typeof TRANSPORTS)[number];
export type Scores = Record<(typeof CATEGORIES)[number], number> & {
  page: string;
  transport: Transport;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  si: string;
};
/** A page's median run (by performance) with every run's performance score, in the order measured. */
export type MedianScores = Scores & { runs: number[] };

/**
 * How many times each page is measured (`BENCH_WEB_RUNS`, 3 unless set). Lighthouse's own advice for a
 * score that varies from run to run is the median of several; on the 2-core machine one page read 76 and 95
 * in two runs of one build (decision 025). The pages are measured in turn, round after round, so a slow
 * minute of the machine falls on all of them.
 */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
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
    return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, runs: runs.map((r) => r.performance) };
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

export async function lighthouseScores(webDir: string, timeoutMs = 240_000 * RUNS): Promise<MedianScores[]> {
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
    await benchPlayers(database.db, 1);
    const login = (await (
      await fetch(`${direct}/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "bench1", password: "bench-password" }),
      })
    ).json()) as { jwt: string; uuid: string };
    const roundId = await makeRound(database.db, "hanoi", 3_600_000);
    const pages: { name: string; path: string; signedIn: boolean }[] = [
      { name: "/singInPage", path: "/singInPage", signedIn: false },
      { name: "/ (signed in)", path: "/", signedIn: true },
      { name: "bet page (signed in)", path: betPagePath("hanoi", roundId), signedIn: true },
    ];
    const out: Scores[] = [];
    // BENCH_WEB_TRANSPORT=HTTP/2 (or HTTP/1.1) measures over that one only.
    const transports = TRANSPORTS.filter((t) => !process.env.BENCH_WEB_TRANSPORT || t.startsWith(process.env.BENCH_WEB_TRANSPORT));
    const rounds = Array.from({ length: RUNS }, (_, i) => i + 1);
    for (const { transport, run: round, ...p } of rounds.flatMap((run) =>
      transports.flatMap((transport) => pages.map((page) => ({ ...page, transport, run }))),
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
