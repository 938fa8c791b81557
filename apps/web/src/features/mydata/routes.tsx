import { guarded } from '@/lib/guards';
import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/** /erasure-requests (Admins and managers): the families' erasure requests. */
export const mydataRoutes: FeatureRoutes = {
  app: [
    guarded(['Admin', 'KitaManager'], [
      { path: 'erasure-requests', lazy: lazyPage(() => import('./pages/erasure-requests-page')), handle: { crumb: 'nav.items.erasureRequests' } },
    ]),
  ],
};
