import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every API route either runs an auth preHandler (requireRole, requireSession, or a guard marked
 * with markAuthGuard) or stands on this list of routes that are public on purpose. A route with
 * neither fails the app build, so a new route cannot ship unguarded by forgetting its preHandler.
 * Keys are `METHOD /path` as registered (HEAD counts as GET); a key ending in `*` covers a prefix.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  // Prometheus scrape; kept internal by the deployment (docs/operations.md), not by a session.
  'GET /metrics',
  // Sign-in and the account flows that precede a session.
  'POST /api/auth/login',
  'POST /api/auth/login-with-email',
  'POST /api/auth/login-with-phone',
  'POST /api/auth/otp-login',
  'POST /api/auth/activate-account',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/auth/link-language',
  'GET /api/auth/otp-status',
  'POST /api/auth/verify-phone',
  'POST /api/auth/register',
  'GET /api/auth/kita-groups/:kitaId',
  // Anyone may ask again; a logged-in caller is held to their own account inside the service.
  'POST /api/auth/:id/re-activate-email',
  'POST /api/auth/:id/otp',
  // The preference link: the token is the credential.
  'POST /api/auth/verify-token',
  // The calendar link of a result message: the key is the credential (modules/results/calendar.ts).
  'GET /api/c/:key',
  // Provider callbacks, authenticated by the provider's signature.
  'POST /api/delivery/twilio/status',
  'POST /api/delivery/seven/status',
  // Web push: the server's public key, and "a notification was opened" (the payload's random reference is the credential).
  'GET /api/push/public-key',
  'POST /api/push/opened',
  // Privacy notice, imprint, accessibility statement: readable before any login.
  'GET /api/legal/:page',
  // The API description.
  'GET /api/openapi.json',
  'GET /api/docs*',
];

const guards = new WeakSet<object>();

/** Marks a preHandler as an auth guard (it answers 401/403/404 before the handler runs). */
export function markAuthGuard<T extends object>(guard: T): T {
  guards.add(guard);
  return guard;
}

function isPublic(method: string, url: string, list: readonly string[]): boolean {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return list.some((entry) => (entry.endsWith('*') ? key.startsWith(entry.slice(0, -1)) : key === entry));
}

/** The routes of `routeOptions` that have neither an auth guard nor a place on the list. */
export function unguardedRoutes(route: Pick<RouteOptions, 'method' | 'url' | 'preHandler'>, list: readonly string[] = PUBLIC_ROUTES): string[] {
  // The web app's files and pages are public by nature; the API and the metrics are checked.
  if (!route.url.startsWith('/api') && route.url !== '/metrics') return [];
  const handlers = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
  if (handlers.some((h) => guards.has(h))) return [];
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.filter((m) => !isPublic(m, route.url, list)).map((m) => `${m} ${route.url}`);
}

/** Register before the modules: refuses, at start-up, an API route without a guard or a list entry. */
export const routeGuardPlugin = fp(async (app: FastifyInstance, opts: { publicRoutes?: readonly string[] }) => {
  const list = opts.publicRoutes ?? PUBLIC_ROUTES;
  app.addHook('onRoute', (route) => {
    const missing = unguardedRoutes(route, list);
    if (missing.length > 0) {
      throw new Error(`route without an auth preHandler and not in PUBLIC_ROUTES (plugins/route-guard.ts): ${missing.join(', ')}`);
    }
  });
});
