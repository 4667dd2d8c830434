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
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.warn("service worker not registered", error));
  };
  const whenIdle = () => {
    if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
