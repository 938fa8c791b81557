import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/**
 * Public account pages: registration from the Kita's link, e-mail activation,
 * phone verification, password reset and the preferred-communication step. Each is its own
 * chunk; none loads the app shell.
 */
export const accountsRoutes: FeatureRoutes = {
  public: [
    { path: 'register', lazy: lazyPage(() => import('./pages/register-page')) },
    { path: 'verify-email', lazy: lazyPage(() => import('./pages/verify-email-page')) },
    { path: 'verify-phone', lazy: lazyPage(() => import('./pages/verify-phone-page')) },
    { path: 'forgot-password', lazy: lazyPage(() => import('./pages/forgot-password-page')) },
    { path: 'reset-password', lazy: lazyPage(() => import('./pages/reset-password-page')) },
    { path: 'preferred-communication', lazy: lazyPage(() => import('./pages/preferred-communication-page')) },
  ],
};
