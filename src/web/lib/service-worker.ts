/**
 * Registers the service worker (public/sw.js) in the built app only: in `vite` dev it would cache
 * modules the dev server rewrites on every edit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.warn("service worker not registered", error));
  });
}
