import type * as React from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@kita/shared';
import { getSessionEnd, useAuth } from '@/lib/auth';
import type { AppRoute } from './routing';

/**
 * Route guard: no session -> /login (remembering where the user wanted to go),
 * a role not in `roles` -> /unauthorized. Without `roles` any logged-in user passes.
 * Renders `children`, or the nested routes when used as a route element.
 */
export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children?: React.ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  // After a logout the next person in this tab starts at their own home, not the previous user's page.
  if (!user) {
    const ended = getSessionEnd();
    const state = ended === 'logout' ? null : { from: `${location.pathname}${location.search}`, ended };
    return <Navigate to="/login" replace state={state} />;
  }
  if (roles && !roles.includes(user.role)) return <Navigate to="/unauthorized" replace />;
  return <>{children ?? <Outlet />}</>;
}

/** Wraps routes in a role guard: `guarded(['Admin'], [{ path: 'users', lazy: lazyPage(...) }])`. */
export function guarded(roles: readonly Role[], children: AppRoute[]): AppRoute {
  return { element: <RequireAuth roles={roles} />, children };
}
