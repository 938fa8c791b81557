import * as React from 'react';

/**
 * A dialog whose code loads only when it is first opened: pages that offer an edit form (react-hook-form,
 * zod, selects, date pickers) then do not download it with the page. Once opened it stays mounted, so
 * it closes with its animation and reopens at once.
 *
 * `const ParentFormDialog = lazyDialog(async () => (await import('../components/parent-form-dialog')).ParentFormDialog);`
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<React.ComponentType<P>>): React.ComponentType<P> {
  const Dialog = React.lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const [opened, setOpened] = React.useState(props.open);
    // Set during render (React's pattern for state derived from props): the first open mounts the dialog.
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <React.Suspense fallback={null}>
        <Dialog {...(props as P & React.JSX.IntrinsicAttributes)} />
      </React.Suspense>
    );
  }
  return LazyDialog;
}
