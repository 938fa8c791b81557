import * as React from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LazyToaster } from '@/app/lazy-toaster';

/** Renders a screen part with what the app's providers give it: a query cache (no retries) and the toaster. */
export function renderWithApp(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <LazyToaster />
    </QueryClientProvider>,
  );
}
