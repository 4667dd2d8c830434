import "./app/fonts.css";
import "./app/mantine.css";
import "./app/theme-variables.css";
import "./app/styles.css";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { options } from "preact";
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
// The DOM build of RouterProvider: navigations can ask for flushSync (see the responsible-play sign-outs).
import { RouterProvider } from "react-router/dom";
import { loadFonts } from "./app/fonts";
import { prefetchPageData } from "./app/prefetch";
import { preloadPagesOf, routes, withinFirstRenderWait } from "./app/router";
import { theme } from "./app/theme";
import { linkManifest, registerServiceWorker } from "./lib/service-worker";
import { SessionProvider } from "./lib/session";
import { yieldToMain } from "./lib/yield-to-main";
import { loadZod, loadZodWhenIdle } from "./lib/zod-on-demand";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/**
 * The start-up after the modules have run, each step a task of its own. Running the modules is the longest
 * task of a load, and the steps below (the start-up asks, the router matching the address, React's root
 * listening for every event) were a tenth of it when they ran inside it (decision 025): a phone's main thread
 * is now held for less at once (Lighthouse counts each task's time over 50 ms as blocking).
 *
 * The first render waits for the address's own chunks and data (preloadPagesOf), so it draws the whole page
 * once rather than a spinner, then the shell, then the page, and for the Kanit faces, so the page is laid
 * out once, in its own font (app/fonts.ts). It is a transition, which React drew in slices of a few milliseconds;
 * Preact (the build's React, docs/decisions/059) draws a render in one task, so the shell draws the page in a task
 * after its own, and the pages theirs part by part (components/in-turn.tsx, docs/decisions/063).
 */
async function start() {
  await yieldToMain();
  const ready = Promise.all([
    preloadPagesOf(window.location, prefetchPageData(queryClient, window.location)),
    withinFirstRenderWait(loadFonts()),
    // A tab holding a slip's lines (sessionStorage) reads them as the bet form draws, which needs zod; anything
    // else waits for zod once the browser is idle: localStorage holds only caches, and a cache read before zod has
    // come is a miss the start-up's own asks answer (docs/decisions/059, 065).
    holdsTabValues() ? withinFirstRenderWait(loadZod().catch(reportError)) : undefined,
  ]);
  await yieldToMain();
  const router = createBrowserRouter(routes);
  await yieldToMain();
  const root = createRoot(document.getElementById("root")!);
  // The browser tests watch what each render draws through Preact's hooks (e2e/pwa.test.ts): given to an automated
  // browser only (navigator.webdriver), before the first render.
  if (navigator.webdriver) (window as unknown as { __preactOptions?: typeof options }).__preactOptions = options;
  await ready;
  startTransition(() =>
    root.render(
      <StrictMode>
        {/* The theme's CSS variables come with the app's CSS (app/theme-variables.css, src/build/theme-css.ts),
            not from a style element the provider would compute at every load's first render (docs/decisions/025). */}
        <MantineProvider theme={theme} withCssVariables={false}>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <RouterProvider router={router} />
              <ServiceWorkerAfterFirstRender />
            </SessionProvider>
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}

/** Whether this tab has kept anything for this site (a slip's lines, a slip being sent); refused storage: nothing. */
function holdsTabValues(): boolean {
  try {
    return sessionStorage.length > 0;
  } catch {
    return false;
  }
}

/**
 * Registers the service worker and links the manifest after the first commit (lib/service-worker.ts says why), and fetches zod at the
 * player's first touch or when the browser is idle a little later, so that a form sent later finds it there
 * (lib/zod-on-demand.ts).
 */
function ServiceWorkerAfterFirstRender() {
  useEffect(() => {
    registerServiceWorker();
    linkManifest();
    loadZodWhenIdle();
  }, []);
  return null;
}

// A failure here is reported as a module's uncaught error would be.
start().catch(reportError);
