import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/** Public pages of the shell: login, unauthorized and the general error page. */
export const authRoutes: FeatureRoutes = {
  public: [
    // Pages parents open from a phone (also after a bad link): only the core texts (lib/routing.tsx).
    { path: 'login', lazy: lazyPage(() => import('./pages/login-page'), { catalog: 'core' }) },
    { path: 'unauthorized', lazy: lazyPage(() => import('./pages/unauthorized-page'), { catalog: 'core' }) },
    { path: 'error', lazy: lazyPage(() => import('./pages/error-page'), { catalog: 'core' }) },
  ],
};
