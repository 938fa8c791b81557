import { guarded } from '@/lib/guards';
import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/**
 * /parents/{parentId}/history: the preference history (Parent only; the server
 * answers 404 for another family's id). The event-page and parent-page parts of the results
 * (close, release, report, histogram) are components mounted by those pages.
 */
export const resultsRoutes: FeatureRoutes = {
  app: [
    guarded(
      ['Parent'],
      [{ path: 'parents/:parentId/history', lazy: lazyPage(() => import('./pages/history-page')), handle: { crumb: 'nav.items.history' } }],
    ),
  ],
};
