import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { sessionUserSchema } from '@kita/shared';
import { api } from '@/lib/api';
import { getUser, updateUser, useAuth } from '@/lib/auth';

/**
 * Refreshes the stored user from GET auth/me once per session, so a changed role, Kita or
 * language shows without logging in again. A revoked session answers 401, which the API client
 * turns into a logout (the guards then go to /login).
 */
export function SessionSync() {
  const { user } = useAuth();
  const userId = user?.userId;
  const me = useQuery({
    queryKey: ['auth', 'me', userId],
    queryFn: ({ signal }) => api.get<unknown>('auth/me', { signal }),
    enabled: !!userId,
    staleTime: Infinity,
    retry: false,
  });
  React.useEffect(() => {
    const parsed = sessionUserSchema.safeParse(me.data);
    if (parsed.success && JSON.stringify(parsed.data) !== JSON.stringify(getUser())) updateUser(parsed.data);
  }, [me.data]);
  return null;
}
