import { AlertTriangleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * Last line of defence for a render error or a screen whose code failed to load (for example
 * after a new deployment replaced the chunk files): explain, and offer a reload. It is part of
 * the first bundle, so it stays free of menus and other heavy parts.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  // A failed chunk import or a render crash carries no text meant for users; show the generic one.
  const message = isRouteErrorResponse(error) ? error.statusText || t('auth.error.default') : t('auth.error.default');
  return (
    <main className="bg-muted/40 flex min-h-svh items-center justify-center p-4">
      <section
        className="bg-card text-card-foreground flex w-full max-w-lg flex-col items-center gap-4 rounded-xl border p-8 text-center shadow-sm"
        data-qa="route-error"
      >
        <div className="bg-primary/20 flex size-14 items-center justify-center rounded-full">
          <AlertTriangleIcon className="size-7" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('auth.error.title')}</h1>
        <p className="text-muted-foreground text-sm">{message}</p>
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          <Button onClick={() => window.location.reload()}>{t('common.actions.retry')}</Button>
          <Button variant="outline" onClick={() => window.location.assign('/')}>
            {t('common.actions.home')}
          </Button>
        </div>
      </section>
    </main>
  );
}
