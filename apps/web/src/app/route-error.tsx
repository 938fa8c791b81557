import { AlertTriangleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CenteredPage, StatusCard } from '@/components/centered-page';
import { Button } from '@/components/ui/button';

/**
 * Last line of defence for a render error or a screen whose code failed to load (for example
 * after a new deployment replaced the chunk files): explain, and offer a reload.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  // A failed chunk import or a render crash carries no text meant for users; show the generic one.
  const message = isRouteErrorResponse(error) ? error.statusText || t('auth.error.default') : t('auth.error.default');
  return (
    <CenteredPage>
      <StatusCard
        qa="route-error"
        icon={<AlertTriangleIcon className="size-7" aria-hidden="true" />}
        title={t('auth.error.title')}
        actions={
          <>
            <Button onClick={() => window.location.reload()}>{t('common.actions.retry')}</Button>
            <Button variant="outline" onClick={() => window.location.assign('/')}>
              {t('common.actions.home')}
            </Button>
          </>
        }
      >
        <p>{message}</p>
      </StatusCard>
    </CenteredPage>
  );
}
