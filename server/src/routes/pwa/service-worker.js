/*
 * Chorus's service worker (served at /sw.js by server/src/routes/pwa/routes.ts): it makes the
 * web app installable and opens it offline. Pages are asked of the network first and, offline,
 * answered with the app shell kept at install, so the app starts and says it is offline. The
 * built, content-hashed files under /assets/ are kept as they are first fetched. The API and
 * everything else always goes to the network: no member's data is ever kept here. Web Push will
 * be handled by this same worker.
 */
const VERSION = '__CHORUS_SW_VERSION__';
const SHELL = `chorus-shell-${VERSION}`;
const ASSETS = 'chorus-assets';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(new Request('/', { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('chorus-shell-') && name !== SHELL).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/r/')) {
    event.respondWith(fetch(request).catch(() => caches.open(SHELL).then((cache) => cache.match('/')).then((shell) => shell ?? Response.error())));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(ASSETS).then((cache) =>
        cache.match(request).then(
          (kept) =>
            kept ??
            fetch(request).then((response) => {
              if (response.ok) void cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});
