import { guarded } from '@/app/guards';
import { lazyPage, type FeatureRoutes } from '@/app/routing';
import { CategoryCrumb } from './components/category-crumb';

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
            handle: { crumb: (params) => <CategoryCrumb categoryId={params.categoryId} /> },
          },
        ],
      },
    ]),
  ],
};
