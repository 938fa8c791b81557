import { lazyPage, type FeatureRoutes } from '@/app/routing';

/** Public pages of the shell: login, unauthorized and the general error page. */
export const authRoutes: FeatureRoutes = {
  public: [
    { path: 'login', lazy: lazyPage(() => import('./pages/login-page')) },
    { path: 'unauthorized', lazy: lazyPage(() => import('./pages/unauthorized-page')) },
    { path: 'error', lazy: lazyPage(() => import('./pages/error-page')) },
  ],
};
