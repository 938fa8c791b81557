import { guarded } from '@/lib/guards';
import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/** Approvals: registered parents waiting for approval, per Kita (staff). The URL keeps the spec's name `registration`. */
export const approvalsRoutes: FeatureRoutes = {
  kita: [
    guarded(['Admin', 'KitaManager'], [
      { path: 'registration', lazy: lazyPage(() => import('./pages/approvals-page')), handle: { crumb: 'nav.items.registration' } },
    ]),
  ],
};
