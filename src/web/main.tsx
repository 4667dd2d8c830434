import "./app/fonts.css";
import "./app/mantine.css";
import "./app/styles.css";
import { createTheme, MantineProvider } from "@mantine/core";
import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
// The DOM build of RouterProvider: navigations can ask for flushSync (see the responsible-play sign-outs).
import { RouterProvider } from "react-router/dom";
import { router } from "./app/router";
import { registerServiceWorker } from "./lib/service-worker";
import { SessionProvider } from "./lib/session";
import { mayMeanSiteClosed, SITE_CONFIG_KEY } from "./lib/site-config";

const theme = createTheme({
  fontFamily: "Kanit, sans-serif",
  headings: { fontFamily: "Kanit, sans-serif" },
  primaryColor: "red",
  defaultRadius: "md",
});

const queryClient: QueryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  // A bet, shot or deposit refused with 503 may mean the operator has just closed the site: read the
  // config now rather than at the next minute, so the maintenance page replaces the form at once.
  mutationCache: new MutationCache({
    onError: (error) => {
      if (mayMeanSiteClosed(error)) void queryClient.invalidateQueries({ queryKey: SITE_CONFIG_KEY });
    },
  }),
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

registerServiceWorker();
