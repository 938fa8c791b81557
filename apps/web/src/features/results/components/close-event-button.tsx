import * as React from 'react';
import { LockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { runConfirmed } from '@/lib/notify';
import { Button } from '@/components/ui/button';
import { useCloseEvent } from '../queries';

/**
 * 'Close inquiry now' on the details of an open event (manager/Admin): confirms first (places are
 * assigned, credits booked and parents told at once), then POST close. The event query is
 * invalidated, so the page switches to the result view.
 */
export function CloseEventButton({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const close = useCloseEvent();
  const [confirming, setConfirming] = React.useState(false);

  const run = async () => {
    await runConfirmed(() => close.mutateAsync(eventId), t('results.close.success'), t('results.close.failed'));
  };

  return (
    <>
      <Button size="sm" onClick={() => setConfirming(true)} disabled={close.isPending} data-qa="event-close">
        <LockIcon aria-hidden="true" />
        {close.isPending ? t('results.close.closing') : t('results.close.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={run}
        title={t('results.close.confirmTitle')}
        description={t('results.close.confirmText')}
        confirmLabel={t('results.close.button')}
      />
    </>
  );
}
