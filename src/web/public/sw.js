/*
 * The service worker (docs/decisions/025): the app's shell comes from the cache, the game never does.
 * - Built files under /assets/ have their content's hash in their name: served from the cache, fetched once.
 * - The logo, icons, manifest and offline page: from the cache, refreshed in the background.
 * - A page (a navigation) always comes from the network; with no network, the Thai offline page.
 * - Everything else, every API call (/api/..., /login, /get-..., /read-..., /check-..., /register) and the
 *   live feed's WebSocket, is not touched: balances, rounds and results are never answered from a cache.
 */
// The build writes its version here (src/build/sw-version.ts): each build's worker keeps its own cache
// and, when it activates, deletes the caches of the builds before it.
const CACHE = "lotto-shell-__BUILD_VERSION__";
const OFFLINE_PAGE = "/offline.html";
const STATIC_FILES = [
  OFFLINE_PAGE,
  "/manifest.webmanifest",
  "/images/logo.svg",
  "/images/logo.webp",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(STATIC_FILES);
      // The shell: the scripts and styles the built index.html loads first.
      const html = await (await fetch("/", { cache: "no-store" })).text();
      const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
      await cache.addAll([...new Set(assets)]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_PAGE)) ?? Response.error()));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (STATIC_FILES.includes(url.pathname) || url.pathname.startsWith("/images/") || url.pathname.startsWith("/icons/")) {
    event.respondWith(staleWhileRevalidate(request, event));
  }
  // Anything else (the API above all) goes to the network as if there were no service worker.
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(request, event) {
  const cached = await caches.match(request);
  const fresh = fetch(request).then(async (response) => {
    if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  return fresh;
}
