import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { getUser, subscribeAuth } from './auth';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not change on retry; transport failures and 5xx get one more try.
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

// Cached answers belong to the user who fetched them: drop them when someone else (or nobody) is logged in.
let cachedFor = getUser()?.userId ?? null;
subscribeAuth(() => {
  const userId = getUser()?.userId ?? null;
  if (userId !== cachedFor) {
    cachedFor = userId;
    queryClient.clear();
  }
});
