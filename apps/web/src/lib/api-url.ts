import type { RouteAddress } from '@kita/shared/api';
import { fillPath } from '@kita/shared/api/routes';

/** Base path of every call (docs/wire.md "Routes"): the shared route table's paths are below it. */
export const API_BASE = '/api';

/** The URL of a filled route path (`/kitas/k1` -> `/api/kitas/k1`). */
export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}

/** The URL of a route of the shared definitions with its path parameters filled in. */
export function routeUrl(route: RouteAddress, params?: Record<string, unknown>): string {
  return apiUrl(fillPath(route.path, params));
}
