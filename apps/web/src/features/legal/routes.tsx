import { lazyPage, type FeatureRoutes } from '@/lib/routing';

/** Light like the parents' pages: the core texts only. */
const legalPage = lazyPage(() => import('./pages/legal-page'), { catalog: 'core' });

/** The privacy notice, imprint and accessibility statement: public, linked from every public page. */
export const legalRoutes: FeatureRoutes = {
  public: [
    { path: 'privacy', lazy: legalPage },
    { path: 'imprint', lazy: legalPage },
    { path: 'accessibility', lazy: legalPage },
  ],
};
