import * as React from 'react';
import { Loader2Icon, UndoIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { ReleaseRequest } from '../outcome';
import { MissingReleaseDataError, useReleaseSlot } from '../queries';

/**
 * The release-slot action: asks first, because a released slot goes at
 * once to the next family and cannot be taken back; the button shows a releasing state during
 * the call. Staff are told which child moved up; a parent is not (another family's child).
 */
export function ReleaseSlotButton({
  request,
  childName,
  showPromoted = false,
  short = false,
}: {
  request: ReleaseRequest;
  childName: string;
  /** Staff only: name the child that moved up in the success toast. */
  showPromoted?: boolean;
  /** A shorter label for narrow tables (phones). */
  short?: boolean;
}) {
  const { t } = useTranslation();
  const release = useReleaseSlot();
  const [confirming, setConfirming] = React.useState(false);

  const run = async () => {
    try {
      const result = await release.mutateAsync(request);
      const released = t('results.release.success');
      notifySuccess(
        showPromoted && result.promoted ? `${released} – ${t('results.release.promoted', { childName: result.promoted.childName })}` : released,
      );
    } catch (error) {
      if (error instanceof MissingReleaseDataError) notifyError(error.message);
      else notifyError(t('results.release.failed'), error);
      // The dialog closes either way: a retry starts from the refreshed row.
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={(event) => {
          event.stopPropagation();
          setConfirming(true);
        }}
        disabled={release.isPending}
        aria-label={`${t('results.release.button')}: ${childName}`}
        data-qa="release-slot"
      >
        {release.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <UndoIcon aria-hidden="true" />}
        {release.isPending ? t('results.release.releasing') : short ? t('results.release.short') : t('results.release.button')}
      </Button>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={run}
        title={t('results.release.confirmTitle')}
        description={t('results.release.confirmText', { childName })}
        confirmLabel={t('results.release.button')}
      />
    </>
  );
}
