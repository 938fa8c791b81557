import { guarded } from '@/lib/guards';
import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/**
 * The Kita's children page (staff). A parent sees and edits their own children in the children
 * table of their details page (/parents/{parentId}).
 */
export const childrenRoutes: FeatureRoutes = {
  kita: [
    guarded(['Admin', 'KitaManager'], [
      { path: 'children', lazy: lazyPage(() => import('./pages/children-page')), handle: { crumb: 'nav.items.children' } },
    ]),
  ],
};
