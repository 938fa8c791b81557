import * as React from 'react';
import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs the action; the dialog closes when it resolves and stays open when it throws. */
  onConfirm: () => unknown;
  title?: string;
  description?: React.ReactNode;
  confirmLabel?: string;
  /**
   * For drastic deletions: the text (the record's name) the user must type before the
   * delete button works. Undefined: a plain confirmation.
   */
  typeToConfirm?: string;
}

/**
 * The one confirmation before an action that cannot be undone: deleting a record, closing an
 * event, giving a place back, resetting credits. The default texts ask about a deletion; callers of
 * the other actions pass their own title, description and button label. The test hook stays
 * `confirm-delete-dialog`, which the browser tests select by.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
  title,
  description,
  confirmLabel,
  typeToConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = React.useState(false);
  const [typed, setTyped] = React.useState('');
  React.useEffect(() => {
    if (!open) setTyped('');
  }, [open]);
  const blocked = typeToConfirm !== undefined && typed.trim() !== typeToConfirm.trim();

  const confirm = async (event: React.MouseEvent) => {
    // Keep the dialog open until the action is done.
    event.preventDefault();
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reports the failure (toast); the dialog stays so the user can retry or cancel.
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent data-qa="confirm-delete-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{title ?? t('common.confirmDelete.title')}</AlertDialogTitle>
          <AlertDialogDescription>{description ?? t('common.confirmDelete.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        {typeToConfirm !== undefined && (
          <div className="grid gap-1.5">
            <Label htmlFor="confirm-delete-typed">{t('common.confirmDelete.typeName', { name: typeToConfirm })}</Label>
            <Input
              id="confirm-delete-typed"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              data-qa="confirm-delete-typed"
            />
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending} data-qa="confirm-delete-cancel">
            {t('common.actions.cancel')}
          </AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={pending || blocked}
            onClick={confirm}
            data-qa="confirm-delete-confirm"
          >
            {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {confirmLabel ?? t('common.confirmDelete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
