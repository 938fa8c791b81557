import { Outlet, ScrollRestoration } from 'react-router';

/** Root route: every page renders below it. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Shown while the first screen's code loads; kept blank so a fast load does not flash. */
export function InitialLoad() {
  return <div className="min-h-svh" aria-busy="true" />;
}
