import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { authRoutes } from '@/features/auth/routes';
import { kitasRoutes } from '@/features/kitas/routes';
import { categoriesRoutes } from '@/features/categories/routes';
import { groupsRoutes } from '@/features/groups/routes';
import { usersRoutes } from '@/features/users/routes';
import { accountsRoutes } from '@/features/accounts/routes';
import { mailboxRoutes } from '@/features/mailbox/routes';
import { eventsRoutes } from '@/features/events/routes';
import { preferenceRoutes } from '@/features/preference/routes';
import { resultsRoutes } from '@/features/results/routes';
import { parentsRoutes } from '@/features/parents/routes';
import { childrenRoutes } from '@/features/children/routes';
import { approvalsRoutes } from '@/features/approvals/routes';
import { operationsRoutes } from '@/features/operations/routes';
import { legalRoutes } from '@/features/legal/routes';
import { mydataRoutes } from '@/features/mydata/routes';
import { auditRoutes } from '@/features/audit/routes';
import { setNavigator } from '@/lib/navigation';
import { InitialLoad, RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { lazyPage, type AppRoute, type FeatureRoutes, type RouteHandle } from '@/lib/routing';

/**
 * Every feature's routes (features/<domain>/routes.tsx exports a FeatureRoutes object).
 * To add a feature: import its object and append it here, one line each.
 */
const features: FeatureRoutes[] = [
  authRoutes,
  accountsRoutes,
  mailboxRoutes,
  eventsRoutes,
  preferenceRoutes,
  legalRoutes,
  parentsRoutes,
  childrenRoutes,
  approvalsRoutes,
  kitasRoutes,
  categoriesRoutes,
  groupsRoutes,
  usersRoutes,
  resultsRoutes,
  operationsRoutes,
  mydataRoutes,
  auditRoutes,
];

const pick = (key: 'public' | 'app' | 'kita'): AppRoute[] => features.flatMap((feature) => feature[key] ?? []);
const kitaLayout = features.find((feature) => feature.kitaLayout)?.kitaLayout;
const kitaHandle: RouteHandle = { crumb: 'nav.crumbs.kita' };
const notFoundHandle: RouteHandle = { crumb: 'nav.crumbs.notFound' };

const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: InitialLoad,
    children: [
      ...pick('public'),
      {
        // The shell (sidebar + header) is its own chunk, so public pages never load it.
        id: 'app',
        lazy: lazyPage(() => import('./layout/app-layout')),
        children: [
          ...pick('app'),
          {
            path: 'kitas/:kitaId',
            ...(kitaLayout ?? { Component: Outlet, handle: kitaHandle }),
            children: pick('kita'),
          },
          { path: '*', lazy: lazyPage(() => import('./not-found-page')), handle: notFoundHandle },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// Lets the API client (403 -> /unauthorized) and logout navigate without a full page load.
setNavigator((to, options) => void router.navigate(to, options));
