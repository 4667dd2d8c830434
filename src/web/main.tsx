import "./app/fonts.css";
import "./app/mantine.css";
import "./app/styles.css";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
// The DOM build of RouterProvider: navigations can ask for flushSync (see the responsible-play sign-outs).
import { RouterProvider } from "react-router/dom";
import { loadFonts } from "./app/fonts";
import { prefetchPageData } from "./app/prefetch";
import { preloadPagesOf, router, withinFirstRenderWait } from "./app/router";
import { cssVariablesResolver, theme } from "./app/theme";
import { registerServiceWorker } from "./lib/service-worker";
import { SessionProvider } from "./lib/session";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const pageData = prefetchPageData(queryClient, window.location);

// The first render waits for the address's own chunks and data (preloadPagesOf), so it draws the whole page
// once rather than a spinner, then the shell, then the page, and for the Kanit faces, so the page is laid
// out once, in its own font (app/fonts.ts). It is a transition: React draws it in slices of a few
// milliseconds, so a phone's main thread is never held for the whole tree at once (Lighthouse's blocking
// time; issue 18).
const root = createRoot(document.getElementById("root")!);
void Promise.all([preloadPagesOf(window.location, pageData), withinFirstRenderWait(loadFonts())]).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  ),
);

registerServiceWorker();
