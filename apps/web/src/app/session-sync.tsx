import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';
import { getUser, updateUser, useAuth } from '@/lib/auth';
import { parseStoredUser } from '@/lib/session-user';

/**
 * Refreshes the stored user from GET auth/me once per session, so a changed role, Kita or
 * language shows without logging in again. A revoked session answers 401, which the API client
 * turns into a logout (the guards then go to /login). The answer is checked with parseStoredUser
 * (sessionUserSchema's checks written out, lib/session-user.ts), so the shell does not load zod.
 */
export function SessionSync() {
  const { user } = useAuth();
  const userId = user?.userId;
  const me = useQuery({
    queryKey: ['auth', 'me', userId],
    queryFn: ({ signal }) => call(apiRoutes.auth.me, { signal }),
    enabled: !!userId,
    staleTime: Infinity,
    retry: false,
  });
  React.useEffect(() => {
    const parsed = parseStoredUser(me.data);
    if (parsed && JSON.stringify(parsed) !== JSON.stringify(getUser())) updateUser(parsed);
  }, [me.data]);
  return null;
}
