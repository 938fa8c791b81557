import * as React from 'react';
import { isToasterWanted, subscribeToaster } from '@/lib/notify';

const Toaster = React.lazy(() => import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })));

/** The Toaster (and sonner) load with the first toast (lib/notify.ts), not with every page. */
export function LazyToaster() {
  const wanted = React.useSyncExternalStore(subscribeToaster, isToasterWanted);
  if (!wanted) return null;
  return (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  );
}
