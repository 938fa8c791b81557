import { lazyPage, type FeatureRoutes } from '@/app/routing';

/**
 * /preference?token=...: public, its own small chunk (no app shell, no admin screens, only the core
 * texts). The built app serves preference.html for /preference (src/preference-main.tsx); this route
 * serves it in the dev server and for navigation inside the app.
 */
export const preferenceRoutes: FeatureRoutes = {
  public: [{ path: 'preference', lazy: lazyPage(() => import('./pages/preference-page'), { catalog: 'core' }) }],
};
