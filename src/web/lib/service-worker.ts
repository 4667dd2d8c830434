let asked = false;

/**
 * Registers the service worker (public/sw.js) in the built app only: in `vite` dev it would cache
 * modules the dev server rewrites on every edit. Called after the app's first commit (main.tsx; normally
 * the whole page, or the pages' spinners if their chunks or data took longer than the first render waits),
 * and registered when the browser is next idle after the page's load event: a worker that
 * installed and took control (`clients.claim`) while the page was still drawing its first screen had the
 * page's images fetched through it, each fetched twice and written to its cache, beside the page's first
 * render (docs/decisions/025; three loads of `/` in twelve). Later calls do nothing.
 */
export function registerServiceWorker(): void {
  if (asked || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  asked = true;
  whenIdleAfterLoad(() => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.warn("service worker not registered", error));
  });
}

/**
 * Links the web app manifest (public/manifest.webmanifest) once the browser is idle after the page's load, as the
 * worker is registered: linked in the HTML, the manifest and the icon it names were fetched beside the first load's
 * scripts and first answers, over a phone's few connections (docs/decisions/066). Installing the site needs it only
 * when the player asks to. Later calls do nothing.
 */
export function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "/manifest.webmanifest";
  whenIdleAfterLoad(() => {
    if (!document.querySelector('link[rel="manifest"]')) document.head.append(link);
  });
}

function whenIdleAfterLoad(run: () => void): void {
  const whenIdle = () => {
    if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 5000 });
    else setTimeout(run, 1000);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
