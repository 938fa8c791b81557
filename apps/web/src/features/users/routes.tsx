import { guarded } from '@/lib/guards';
import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/** /users (Admin only) and the managers page mg under /kitas/:kitaId. */
export const usersRoutes: FeatureRoutes = {
  app: [guarded(['Admin'], [{ path: 'users', lazy: lazyPage(() => import('./pages/users-page')), handle: { crumb: 'nav.items.users' } }])],
  kita: [
    guarded(['Admin', 'KitaManager'], [
      { path: 'mg', lazy: lazyPage(() => import('./pages/managers-page')), handle: { crumb: 'nav.items.managers' } },
    ]),
  ],
};
