import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@/lib/i18n-provider';
import { queryClient } from '@/lib/query-client';
import { LazyToaster } from './lazy-toaster';

/**
 * App-wide providers. Session and theme are small stores (lib/auth.ts, lib/theme.ts) read with
 * hooks, so they need no provider; the Toaster shows one toast at a time.
 */
export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        {children}
        <LazyToaster />
      </I18nProvider>
    </QueryClientProvider>
  );
}
