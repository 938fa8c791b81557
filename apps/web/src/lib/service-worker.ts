/**
 * The installable parent app's service worker (/sw.js, built from apps/web/service-worker.js):
 * registered only from the parent pages (their own page, the preference page, the login). Kept
 * apart from lib/push.ts so the pages that only register it load this much and no more.
 */

/** Registers the service worker once per page load; quietly nothing where the browser has none. */
let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  registering ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
    (registration) => {
      void navigator.serviceWorker.ready.then(tellLoadedAssets, () => undefined);
      return registration;
    },
    () => undefined,
  );
  return registering;
}

/** Hands the worker the scripts and styles this page loaded before it ran, for the offline shell. */
function tellLoadedAssets(registration: ServiceWorkerRegistration): void {
  const loaded = typeof performance === 'undefined' ? [] : performance.getEntriesByType('resource').map((entry) => entry.name);
  const assets = loaded.filter((url) => new URL(url, window.location.origin).pathname.startsWith('/assets/'));
  if (assets.length) registration.active?.postMessage({ cache: assets });
}

