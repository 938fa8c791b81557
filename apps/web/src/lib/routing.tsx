import * as React from 'react';
import type { IndexRouteObject, NonIndexRouteObject, Params } from 'react-router';
import type { CatalogTier } from '@/lib/catalog-tiers';
import { loadFullCatalog } from '@/lib/i18n';

/**
 * How a feature plugs its screens into the app. Each `features/<domain>/routes.tsx` exports one
 * `FeatureRoutes` object and app/router.tsx lists it; nothing else needs to change.
 *
 * Every page is lazy (`lazy: lazyPage(() => import('./pages/...'))`) so a screen's code loads only
 * when it is opened: the parent pages must not pull in the admin screens.
 */
/**
 * A route object whose `handle` is typed (react-router types it `any`), so
 * `handle: { crumb: (params) => ... }` gets its parameter type.
 */
export interface AppIndexRoute extends Omit<IndexRouteObject, 'handle'> {
  handle?: RouteHandle;
}
export interface AppLayoutRoute extends Omit<NonIndexRouteObject, 'handle' | 'children'> {
  handle?: RouteHandle;
  children?: AppRoute[];
}
export type AppRoute = AppIndexRoute | AppLayoutRoute;

export interface FeatureRoutes {
  /** Routes outside the app shell that need no session (/register, /preference, /forgot-password ...). */
  public?: AppRoute[];
  /**
   * Routes inside the app shell (sidebar + header), which already requires a session of any role.
   * Paths are relative to '/': 'users', 'parents/:parentId', { index: true } for '/'.
   * Wrap them in `guarded([...roles], [...])` for the spec's role checks.
   */
  app?: AppRoute[];
  /** Children of /kitas/:kitaId with relative paths ('d', 'c/:categoryId', 'e/:eventId'). */
  kita?: AppRoute[];
  /** The /kitas/:kitaId layout route itself (only the kitas feature sets this). */
  kitaLayout?: Pick<NonIndexRouteObject, 'lazy' | 'Component' | 'element' | 'loader'> & { handle?: RouteHandle };
}

/**
 * Breadcrumb of a route: an i18n key ('nav.items.users') or a function that renders the label
 * (e.g. a small component that reads the Kita's name from its query).
 */
export type Crumb = string | ((params: Params) => React.ReactNode);

export interface RouteHandle {
  crumb?: Crumb;
}

/**
 * A breadcrumb rendered by a component that is loaded only when shown, so routes.tsx (which the
 * first bundle includes) does not pull the feature's queries into every page:
 * `crumb: lazyCrumb(async () => (await import('./components/kita-crumb')).KitaCrumb, (p) => ({ kitaId: p.kitaId }))`.
 */
export function lazyCrumb<P extends object>(
  load: () => Promise<React.ComponentType<P>>,
  props: (params: Params) => P,
): Crumb {
  const Component = React.lazy(async () => ({ default: await load() }));
  return (params) => React.createElement(Component, props(params));
}

type PageModule = { default: React.ComponentType };

export interface LazyPageOptions {
  /**
   * 'core' for a screen that needs only the core namespaces of lib/catalog-tiers.ts (the parent
   * pages /login and /preference, whose first download is kept small); by default a screen waits
   * for all texts of the current language.
   */
  catalog?: CatalogTier;
}

/** Turns `() => import('./pages/x')` (default export = page component) into a route's `lazy`. */
export function lazyPage(
  load: () => Promise<PageModule>,
  options: LazyPageOptions = {},
): NonIndexRouteObject['lazy'] & IndexRouteObject['lazy'] {
  return async () => {
    const [module] = await Promise.all([load(), options.catalog === 'core' ? undefined : loadFullCatalog()]);
    return { Component: module.default };
  };
}
