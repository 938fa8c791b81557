import { Navigate, Outlet } from 'react-router';
import { guarded, RequireAuth } from '@/lib/guards';
import { lazyCrumb, lazyPage, type FeatureRoutes } from '@/lib/routing';

// Loaded only when shown, so the first download of every page does not carry this feature's queries.
const kitaCrumb = lazyCrumb(
  async () => (await import('./components/kita-crumb')).KitaCrumb,
  (params) => ({ kitaId: params.kitaId }),
);

const staff = ['Admin', 'KitaManager'] as const;

/** '/' and '/kitas' (Kita overview), the /kitas/:kitaId layout and its dashboard 'd'. */
export const kitasRoutes: FeatureRoutes = {
  app: [
    guarded(staff, [
      { index: true, lazy: lazyPage(() => import('./pages/home-page')) },
      { path: 'kitas', lazy: lazyPage(() => import('./pages/kita-list-page')), handle: { crumb: 'nav.items.kitas' } },
    ]),
  ],
  kitaLayout: {
    // Parents reach their own parent page under the Kita (p/{parentId}); each child route checks its roles.
    element: (
      <RequireAuth roles={['Admin', 'KitaManager', 'Parent']}>
        <Outlet />
      </RequireAuth>
    ),
    handle: { crumb: kitaCrumb },
  },
  kita: [
    guarded(staff, [
      { index: true, element: <Navigate to="d" replace /> },
      { path: 'd', lazy: lazyPage(() => import('./pages/kita-dashboard-page')), handle: { crumb: 'nav.items.dashboard' } },
    ]),
  ],
};
