import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/** /preference?token=...: public, its own small chunk (no app shell, no admin screens, only the core texts). */
export const preferenceRoutes: FeatureRoutes = {
  public: [{ path: 'preference', lazy: lazyPage(() => import('./pages/preference-page'), { catalog: 'core' }) }],
};
