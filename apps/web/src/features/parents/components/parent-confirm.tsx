import { useTranslation } from 'react-i18next';
import type { Parent } from '@kita/shared';
import { lazyDialog } from '@/lib/lazy-dialog';
import { runConfirmed } from '@/lib/notify';
import { useDeleteParent, useRejectParent, useResetCredits } from '../queries';

// Loaded when first opened, not with the parent's landing page.
const ConfirmDeleteDialog = lazyDialog(async () => (await import('@/components/confirm-delete-dialog')).ConfirmDeleteDialog);

/** The confirmed actions on one parent (details page, approvals list). */
export type ParentAction = 'delete' | 'reject' | 'reset';

/**
 * What each action's confirmation says and toasts (i18n keys). No title or button label: the
 * dialog's "delete" defaults.
 */
export const parentConfirms = {
  reset: {
    title: 'parents.details.resetCreditsTitle',
    text: 'parents.details.resetCreditsText',
    confirm: 'parents.details.resetCredits',
    done: 'parents.toast.creditsReset',
    failed: 'parents.toast.creditsResetFailed',
  },
  reject: {
    title: 'registration.rejectTitle',
    text: 'registration.rejectText',
    confirm: 'registration.reject',
    done: 'parents.toast.rejected',
    failed: 'parents.toast.rejectFailed',
  },
  delete: {
    title: undefined,
    text: 'parents.deleteDescription',
    confirm: undefined,
    done: 'parents.toast.deleted',
    failed: 'parents.toast.deleteFailed',
  },
} as const;

/** The confirmation of a ParentAction, with its write and toasts; `onDone` after success (e.g. leave a deleted parent's page). */
export function ParentConfirmDialog({
  parent,
  action,
  onClose,
  onDone,
  plainDelete = false,
}: {
  parent: (Pick<Parent, 'parentId' | 'name' | 'credits'> & { status?: string; hasHistory?: boolean }) | null;
  action: ParentAction | null;
  onClose: () => void;
  onDone?: (action: ParentAction) => void;
  /** The delete confirmation of a registration (the approvals list): no account, credits or answers yet. */
  plainDelete?: boolean;
}) {
  const { t } = useTranslation();
  const writes = { reset: useResetCredits(), reject: useRejectParent(), delete: useDeleteParent() };
  const entry = action ? parentConfirms[action] : parentConfirms.delete;
  // A registration (not approved yet) has no account, answers or credits to lose: its own text,
  // from the registrations list and from its details page alike.
  const registration = action === 'delete' && (plainDelete || parent?.status === 'registered');
  const confirmed = async () => {
    if (!action || !parent) return;
    await runConfirmed(() => writes[action].mutateAsync(parent.parentId), t(entry.done), t(entry.failed));
    onDone?.(action);
  };
  return (
    <ConfirmDeleteDialog
      open={action !== null && parent !== null}
      onOpenChange={(open) => !open && onClose()}
      onConfirm={confirmed}
      title={registration ? t('registration.deleteTitle') : entry.title && t(entry.title)}
      description={
        registration
          ? t('registration.deleteText', { name: parent?.name })
          : action === 'delete' && parent?.hasHistory
            ? t('mydata.deleteWithHistory', { name: parent.name })
            : t(entry.text, { name: parent?.name, credits: parent?.credits })
      }
      confirmLabel={registration ? t('registration.deleteConfirm') : entry.confirm && t(entry.confirm)}
    />
  );
}
