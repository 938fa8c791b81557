import { Navigate, Outlet } from 'react-router';
import { guarded, RequireAuth } from '@/lib/guards';
import { lazyCrumb, lazyPage, type FeatureRoutes } from '@/lib/routing';
import { useAuth } from '@/lib/auth';

// Loaded only when shown, so the first download of every page does not carry this feature's queries.
const kitaCrumb = lazyCrumb(
  async () => (await import('./components/kita-crumb')).KitaCrumb,
  (params) => ({ kitaId: params.kitaId }),
);

const staff = ['Admin', 'KitaManager'] as const;

/** /d and /history: the manager's own Kita page `to`; an Admin chooses a Kita first. */
function StaffShortcut({ to }: { to: 'd' | 'e' }) {
  const { user } = useAuth();
  return <Navigate to={user?.kita ? `/kitas/${user.kita.kitaId}/${to}` : '/kitas'} replace />;
}

/**
 * '/' and '/kitas' (Kita overview), the /kitas/:kitaId layout and its dashboard 'd'. '/' is open to
 * every role: a parent opening it goes to their own page. '/d' and '/history' (Admin and
 * KitaManager) lead a manager to their Kita's dashboard and inquiries, an
 * Admin to the Kita overview to choose a Kita.
 */
export const kitasRoutes: FeatureRoutes = {
  app: [
    guarded(['Admin', 'KitaManager', 'Parent'], [{ index: true, lazy: lazyPage(() => import('./pages/home-page')) }]),
    guarded(staff, [
      { path: 'kitas', lazy: lazyPage(() => import('./pages/kita-list-page')), handle: { crumb: 'nav.items.kitas' } },
      { path: 'd', element: <StaffShortcut to="d" /> },
      { path: 'history', element: <StaffShortcut to="e" /> },
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
