import { guarded } from '@/lib/guards';
import { lazyCrumb, lazyPage, type FeatureRoutes } from '@/lib/routing';

// Loaded only when shown, so the first download of every page does not carry this feature's queries.
const categoryCrumb = lazyCrumb(
  async () => (await import('./components/category-crumb')).CategoryCrumb,
  (params) => ({ categoryId: params.categoryId }),
);

/** c (categories list) and c/{categoryId} (category details) under /kitas/:kitaId. */
export const categoriesRoutes: FeatureRoutes = {
  kita: [
    guarded(['Admin', 'KitaManager'], [
      {
        path: 'c',
        handle: { crumb: 'nav.items.categories' },
        children: [
          { index: true, lazy: lazyPage(() => import('./pages/categories-page')) },
          {
            path: ':categoryId',
            lazy: lazyPage(() => import('./pages/category-details-page')),
            handle: { crumb: categoryCrumb },
          },
        ],
      },
    ]),
  ],
};
