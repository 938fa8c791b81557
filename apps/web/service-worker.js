/* The parent app's service worker (hand-written; built to /sw.js by vite.config.ts, which puts the
 * build's version into VERSION). It
 * - keeps the app shell for offline use: the two HTML pages, the hashed JS/CSS they load, the
 *   icons and the manifest. Never an answer of /api (personal data): those requests are not
 *   touched at all and go to the network as without a worker;
 * - shows a push notification and, when it is tapped, tells the server the family reacted
 *   (POST /api/push/opened with the message's ref) and opens the page the push links to.
 * Staff screens are controlled too (scope "/"), but only their shell is cached: nothing changes
 * for them while online. */
const VERSION = '__BUILD_VERSION__';
const CACHE = `kita-shell-${VERSION}`;
const PAGES = ['/index.html', '/preference.html'];
const STATIC = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png', '/icons/apple-touch-icon.png'];
/** The preference page (SMS link) has its own HTML; every other path is the app's index.html. */
const shellOf = (pathname) => (pathname === '/preference' || pathname.startsWith('/p/') ? '/preference.html' : '/index.html');

self.addEventListener('install', (event) => {
  // Small on purpose (a phone on a slow network): the pages, icons and manifest. The scripts and
  // styles come in as the pages use them (the page names those it loaded before the worker ran).
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll([...PAGES, ...STATIC]);
      await self.skipWaiting();
    })(),
  );
});

/** A page's message `{ cache: [urls] }`: the hashed assets it loaded before this worker ran (from the HTTP cache). */
self.addEventListener('message', (event) => {
  const urls = Array.isArray(event.data?.cache) ? event.data.cache : [];
  const assets = urls
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  if (!assets.length) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const asset of assets) if (!(await cache.match(asset))) await cache.add(asset).catch(() => undefined);
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('kita-shell-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // The API (personal data) and other origins: not handled, never cached.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // Network first: the newest page while online; the cached shell offline.
    event.respondWith(
      (async () => {
        const shell = shellOf(url.pathname);
        try {
          const response = await fetch(request);
          if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
            const cache = await caches.open(CACHE);
            await cache.put(shell, response.clone());
          }
          return response;
        } catch (error) {
          const cached = await caches.match(shell, { cacheName: CACHE });
          if (cached) return cached;
          throw error;
        }
      })(),
    );
    return;
  }
  const shellFile = url.pathname.startsWith('/assets/') || STATIC.includes(url.pathname);
  if (!shellFile) return;
  // Hashed assets never change under their name: the cache first, filled as they are fetched.
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const cached = await cache.match(request, { ignoreSearch: true });
      if (cached) return cached;
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })(),
  );
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Kita Notbetreuung', {
      body: message.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: message.tag,
      data: { url: message.url || '/', ref: message.ref },
    }),
  );
});

/** Only a page of this app is opened: a URL of another origin becomes the start page. */
function appUrl(url) {
  const target = new URL(url || '/', self.location.origin);
  return target.origin === self.location.origin ? target.href : new URL('/', self.location.origin).href;
}

/** Focuses a window already showing `target`, else takes an open window of the app there, else opens one. */
async function openApp(target) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === target);
  if (same) return same.focus().catch(() => same);
  for (const client of windows) {
    try {
      // Only a window this worker controls can be sent elsewhere (navigate refuses the others).
      const navigated = await client.navigate(target);
      if (navigated) return navigated.focus().catch(() => navigated);
    } catch {
      // Try the next window, or open a new one.
    }
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url, ref } = event.notification.data || {};
  const target = appUrl(url);
  event.waitUntil(
    Promise.all([
      ref
        ? fetch('/api/push/opened', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ref }), keepalive: true }).catch(() => undefined)
        : undefined,
      openApp(target),
    ]),
  );
});
