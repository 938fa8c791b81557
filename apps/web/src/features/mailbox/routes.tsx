import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/** The dev mailbox (public, outside the app shell; its API exists only outside production). */
export const mailboxRoutes: FeatureRoutes = {
  public: [{ path: 'dev/mailbox', lazy: lazyPage(() => import('./pages/mailbox-page')) }],
};
