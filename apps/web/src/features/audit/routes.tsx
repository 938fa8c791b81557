import { guarded } from '@/lib/guards';
import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/** /audit-log (Admins all Kitas, managers their own): who did what to which record and when. */
export const auditRoutes: FeatureRoutes = {
  app: [guarded(['Admin', 'KitaManager'], [{ path: 'audit-log', lazy: lazyPage(() => import('./pages/audit-log-page')), handle: { crumb: 'nav.items.auditLog' } }])],
};
