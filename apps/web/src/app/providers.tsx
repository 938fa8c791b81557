import type * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@/components/ui/sonner';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

/**
 * App-wide providers. Session and theme are small stores (lib/auth.ts, lib/theme.ts) read with
 * hooks, so they need no provider; the Toaster shows one toast at a time.
 */
export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {children}
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
