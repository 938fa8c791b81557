import { guarded } from '@/lib/guards';
import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/** Registered parents waiting for approval, per Kita (staff). */
export const registrationRoutes: FeatureRoutes = {
  kita: [
    guarded(['Admin', 'KitaManager'], [
      { path: 'registration', lazy: lazyPage(() => import('./pages/registration-page')), handle: { crumb: 'nav.items.registration' } },
    ]),
  ],
};
