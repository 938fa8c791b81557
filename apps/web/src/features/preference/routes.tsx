import { lazyPage, type FeatureRoutes } from '@/lib/routing';

const preferencePage = lazyPage(() => import('./pages/preference-page'), { catalog: 'core' });
/** The families' help page (the preference page's FAQ link). */
const helpPage = lazyPage(() => import('./pages/help-page'), { catalog: 'core' });

/**
 * /preference?token=... and its short form /p/<token> (the SMS link, so the SMS stays one segment):
 * public, its own small chunk (no app shell, no admin screens, only the core texts). The built app
 * serves preference.html for both (src/preference-main.tsx); this route serves them in the dev
 * server and for navigation inside the app.
 */
export const preferenceRoutes: FeatureRoutes = {
  public: [
    { path: 'preference', lazy: preferencePage },
    { path: 'p/:token', lazy: preferencePage },
    { path: 'help', lazy: helpPage },
  ],
};
