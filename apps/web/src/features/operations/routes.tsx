import { guarded } from '@/lib/guards';
import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/** /delivery-test (Admin only): test SMS and e-mail with the provider's answer. */
export const operationsRoutes: FeatureRoutes = {
  app: [guarded(['Admin'], [{ path: 'delivery-test', lazy: lazyPage(() => import('./pages/delivery-test-page')), handle: { crumb: 'nav.items.deliveryTest' } }])],
};
